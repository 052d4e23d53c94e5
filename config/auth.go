package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
)

// Auth is the optional "auth" object of a URL server's definition: how
// toolbench authorizes at it with OAuth. Flags override each field.
type Auth struct {
	// ClientID is a pre-registered client id.
	ClientID string
	// ClientSecret is its secret, read from the environment: the file
	// holds a reference ("$NAME" or "${env:NAME}"), never the secret.
	ClientSecret string
	// ClientKey is the path of a PEM private key, for private_key_jwt.
	ClientKey string
	// ClientMetadataURL is an HTTPS URL of a Client ID Metadata Document.
	ClientMetadataURL string
	// Scopes replace the scopes toolbench would choose.
	Scopes []string
	// RedirectPort is the loopback redirect's port; 0 picks a free one.
	RedirectPort int
	// Grant is "auto", "authorization-code" or "client-credentials"; ""
	// means auto.
	Grant string
}

// authEntry is the "auth" object as a file writes it.
type authEntry struct {
	ClientID          string   `json:"clientId"`
	ClientSecret      string   `json:"clientSecret"`
	ClientKey         string   `json:"clientKey"`
	ClientMetadataURL string   `json:"clientMetadataUrl"`
	Scopes            []string `json:"scopes"`
	RedirectPort      int      `json:"redirectPort"`
	Grant             string   `json:"grant"`
}

// secretRef is what clientSecret may hold: a reference to an environment
// variable, "$NAME" or "${env:NAME}".
var secretRef = regexp.MustCompile(`^\$(?:\{env:([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))$`)

// parseAuth reads the "auth" member of the definition d, whose raw value
// is raw (nil when the member is absent). Problems are placed at the
// member's value; the secret's value is never quoted.
func parseAuth(d definition, raw json.RawMessage) (*Auth, error) {
	if raw == nil || string(bytes.TrimSpace(raw)) == "null" {
		return nil, nil
	}
	at := d.valueAt
	if off := memberAt(d.raw, "auth"); off >= 0 {
		at += off
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var e authEntry
	if err := dec.Decode(&e); err != nil {
		return nil, atOffset(at, "server %q: \"auth\" %s", d.name, authProblem(err))
	}
	switch {
	case e.ClientSecret != "" && !secretRef.MatchString(e.ClientSecret):
		return nil, atOffset(at, "server %q: \"auth\".\"clientSecret\" must name an environment variable (\"$NAME\" or \"${env:NAME}\"), not hold the secret; export the secret and write its name", d.name)
	case (e.ClientSecret != "" || e.ClientKey != "") && e.ClientID == "":
		return nil, atOffset(at, "server %q: \"auth\" has a client secret or key but no \"clientId\"; add the id of the client they belong to", d.name)
	case e.RedirectPort < 0 || e.RedirectPort > 65535:
		return nil, atOffset(at, "server %q: \"auth\".\"redirectPort\" %d is not a port (1-65535, or 0 for a free one)", d.name, e.RedirectPort)
	case e.Grant != "" && e.Grant != "auto" && e.Grant != "authorization-code" && e.Grant != "client-credentials":
		return nil, atOffset(at, "server %q: \"auth\".\"grant\" %q: want \"auto\", \"authorization-code\" or \"client-credentials\"", d.name, e.Grant)
	}
	a := Auth(e)
	return &a, nil
}

// authProblem words why the "auth" object did not decode, in JSON's terms.
func authProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := strings.TrimPrefix(te.Field, "auth.")
		if field == "" {
			return "must be an object, not " + jsonKind(te.Value)
		}
		return fmt.Sprintf("member %q must be %s, not %s", field, authWant(field), jsonKind(te.Value))
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return "has an unknown member " + name + "; it takes clientId, clientSecret, clientKey, clientMetadataUrl, scopes, redirectPort and grant"
	}
	return "is not valid: " + err.Error()
}

// authWant says what the member field of "auth" holds.
func authWant(field string) string {
	switch field {
	case "scopes":
		return "an array of strings"
	case "redirectPort":
		return "a whole number"
	}
	return "a string"
}

// expandAuth resolves a's references: clientSecret from the environment,
// the other strings the way every value of a definition is.
func expandAuth(a *Auth, s Server, sub func(string) string) (*Auth, error) {
	if a == nil {
		return nil, nil
	}
	out := *a
	out.ClientID, out.ClientKey, out.ClientMetadataURL = sub(a.ClientID), sub(a.ClientKey), sub(a.ClientMetadataURL)
	out.Scopes = mapSlice(a.Scopes, sub)
	if a.ClientSecret == "" {
		return &out, nil
	}
	m := secretRef.FindStringSubmatch(a.ClientSecret)
	name := m[1] + m[2]
	v, ok := os.LookupEnv(name)
	if !ok || v == "" {
		return nil, &FileError{Path: s.Source, Err: fmt.Errorf("server %q takes its client secret from $%s, which is not set in toolbench's environment; export %s, or give --client-secret", s.Name, name, name)}
	}
	out.ClientSecret = v
	return &out, nil
}
