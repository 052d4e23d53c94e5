package register

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/toolbench/toolbench/auth/discover"
	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/step"
)

// Grant types a client registers for (RFC 7591 section 2).
const (
	GrantAuthorizationCode = "authorization_code"
	GrantRefreshToken      = "refresh_token"
	GrantClientCredentials = "client_credentials"
)

// DefaultClientName is the client_name registered when Request names none.
const DefaultClientName = "toolbench"

// Request is what Register may use to get a client id.
type Request struct {
	// Static is a pre-registered client the person gave (--client-id with
	// --client-secret or --client-key); nil when none was given.
	Static *grant.Client
	// MetadataURL is the HTTPS URL of a Client ID Metadata Document to use
	// as the client id where the server takes one; "" for none.
	MetadataURL string
	// Key signs client assertions (private_key_jwt) for a metadata
	// document client, whose document must publish its public half; nil
	// means the client is public (method none).
	Key *grant.Key
	// RedirectURI is the loopback redirect URI the flow will use; "" for
	// the client credentials grant, which has none.
	RedirectURI string
	// Scopes are sent as the registration's scope; empty leaves it out.
	Scopes []string
	// GrantTypes are the grants to register for; empty means
	// authorization_code and refresh_token.
	GrantTypes []string
	// ClientName is the client_name to register; "" means
	// DefaultClientName.
	ClientName string
	// Stored is the registration the token store holds for this MCP
	// server: the one at this issuer when there is one, else the latest
	// at any issuer, so that a change of authorization server shows.
	// It is reused only when it was issued by this server for RedirectURI.
	Stored *Registration
	// HTTP sends the registration request; nil means http.DefaultClient.
	HTTP *http.Client
	// Observe is told each decision; nil ignores them.
	Observe step.Observer
	// Now is the clock checking a stored secret's expiry; nil means
	// time.Now.
	Now func() time.Time
}

// Register gets a client id for the authorization server srv in the order
// the MCP specification prefers: the pre-registered client, a stored
// registration from srv, a Client ID Metadata Document when srv takes one,
// then Dynamic Client Registration. Every failure is a *step.Error at
// step.Registration whose Hint says what the person can do.
func Register(ctx context.Context, srv discover.Server, req Request) (Registration, error) {
	if req.MetadataURL != "" {
		if err := checkMetadataURL(req.MetadataURL); err != nil {
			return Registration{}, fail(req.Observe, err, nil,
				"pass --client-metadata-url an https URL with a path that serves the document, such as https://example.com/toolbench/client.json")
		}
	}
	if req.Static != nil {
		return preRegistered(srv, req)
	}
	if reg, ok := reusable(srv, req); ok {
		req.Observe.Emit(step.Event{Step: step.Registration, State: step.Skipped,
			Summary: fmt.Sprintf("stored client %s (%s) issued by %s", reg.Client.ID, reg.Source, reg.Issuer)})
		return reg, nil
	}
	if srv.ClientIDMetadataDocumentSupported && req.MetadataURL != "" {
		return metadataDocument(srv, req), nil
	}
	if req.MetadataURL != "" {
		info(req.Observe, fmt.Sprintf("%s does not take client metadata documents (client_id_metadata_document_supported is not true)", srv.Issuer))
	}
	if srv.RegistrationEndpoint != "" {
		return dynamic(ctx, srv, req)
	}
	return Registration{}, fail(req.Observe, ErrNoWay, nil, noWayHint(srv))
}

// ErrNoWay means the authorization server offers no way for toolbench to
// get a client id by itself, and none was given.
var ErrNoWay = errors.New("the authorization server offers no way to register a client (no registration_endpoint) and no client id was given")

// noWayHint says exactly what the person can do at srv.
func noWayHint(srv discover.Server) string {
	h := "register a client at " + srv.Issuer + " and pass --client-id (and --client-secret or --client-key)"
	if srv.ClientIDMetadataDocumentSupported {
		h += ", or pass --client-metadata-url with the https URL of a client metadata document: this server takes them"
	}
	return h
}

// preRegistered uses the client the person gave, unless the store shows it
// was used with another authorization server: pre-registered credentials
// belong to one server, and the specification says to surface the change
// rather than send them elsewhere.
func preRegistered(srv discover.Server, req Request) (Registration, error) {
	c := *req.Static
	if c.ID == "" {
		return Registration{}, fail(req.Observe, errors.New("a pre-registered client needs its client id"), nil,
			"pass --client-id with --client-secret or --client-key")
	}
	if s := req.Stored; s != nil && s.Source == PreRegistered && s.Client.ID == c.ID && s.Issuer != "" && s.Issuer != srv.Issuer {
		err := &IssuerChangedError{ClientID: c.ID, Was: s.Issuer, Now: srv.Issuer}
		return Registration{}, fail(req.Observe, err, nil,
			"the MCP server now sends toolbench to "+srv.Issuer+": register a client there and pass its --client-id, or, if "+c.ID+" is valid there too, run `toolbench auth logout` for this server and log in again")
	}
	req.Observe.Emit(step.Event{Step: step.Registration, State: step.Skipped,
		Summary: "pre-registered client " + c.ID})
	return Registration{Client: c, Source: PreRegistered, Issuer: srv.Issuer, RedirectURIs: redirects(req.RedirectURI)}, nil
}

// IssuerChangedError says a pre-registered client toolbench used with one
// authorization server is now being sent to another.
type IssuerChangedError struct {
	// ClientID is the pre-registered client id.
	ClientID string
	// Was is the issuer it was used with; Now the one the server names.
	Was, Now string
}

// Error names the client and both issuers.
func (e *IssuerChangedError) Error() string {
	return "pre-registered client " + e.ClientID + " was used with " + e.Was + ", but the authorization server is now " + e.Now
}

// reusable is req.Stored when it may be used again at srv, and says why
// not (as an Info event) when it may not.
func reusable(srv discover.Server, req Request) (Registration, bool) {
	s := req.Stored
	if s == nil || s.Client.ID == "" {
		return Registration{}, false
	}
	now := time.Now
	if req.Now != nil {
		now = req.Now
	}
	var why string
	switch {
	case s.Issuer != srv.Issuer:
		why = fmt.Sprintf("the stored client %s was issued by %s, not %s: not reused", s.Client.ID, s.Issuer, srv.Issuer)
	case req.RedirectURI != "" && !slices.Contains(s.RedirectURIs, req.RedirectURI):
		why = fmt.Sprintf("the stored client %s is registered for other redirect URIs than %s: not reused", s.Client.ID, req.RedirectURI)
	case !s.SecretExpires.IsZero() && !now().Before(s.SecretExpires):
		why = fmt.Sprintf("the stored client %s's secret expired at %s: not reused", s.Client.ID, s.SecretExpires.UTC().Format(time.RFC3339))
	case s.Source == MetadataDocument && req.MetadataURL != "" && s.Client.ID != req.MetadataURL:
		why = fmt.Sprintf("the stored client is the metadata document %s, and --client-metadata-url now names %s", s.Client.ID, req.MetadataURL)
	default:
		reg := *s
		// The store keeps no key: the one given this time signs for a
		// metadata document client that uses private_key_jwt.
		if reg.Source == MetadataDocument && reg.Client.Key == nil {
			reg.Client.Key = req.Key
		}
		return reg, true
	}
	info(req.Observe, why)
	return Registration{}, false
}

// metadataDocument uses the document's URL as the client id. It needs no
// request: the server fetches the document when it sees the id.
func metadataDocument(srv discover.Server, req Request) Registration {
	c := grant.Client{ID: req.MetadataURL, Method: grant.MethodNone}
	if req.Key != nil {
		c.Method, c.Key = grant.MethodPrivateJWT, req.Key
	}
	req.Observe.Emit(step.Event{Step: step.Registration, State: step.Done,
		Summary: "client metadata document " + req.MetadataURL + " (" + c.Method + ")"})
	return Registration{Client: c, Source: MetadataDocument, Issuer: srv.Issuer, RedirectURIs: redirects(req.RedirectURI)}
}

// redirects is uri as a list, empty when there is none.
func redirects(uri string) []string {
	if uri == "" {
		return nil
	}
	return []string{uri}
}

// info notes a decision that neither starts nor ends the step.
func info(o step.Observer, summary string) {
	o.Emit(step.Event{Step: step.Registration, State: step.Info, Summary: summary})
}

// fail reports the step failed and returns the error saying so.
func fail(o step.Observer, err error, ex *step.Exchange, hint string) error {
	o.Emit(step.Event{Step: step.Registration, State: step.Failed, Summary: err.Error(), Exchange: ex, Err: err})
	return &step.Error{Step: step.Registration, Err: err, Exchange: ex, Hint: hint}
}
