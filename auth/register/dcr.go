package register

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/toolbench/toolbench/auth/discover"
	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/step"
)

// maxAnswerBytes bounds the registration answer read; a real one is a few
// hundred bytes.
const maxAnswerBytes = 64 << 10

// clientMetadata is the registration request (RFC 7591 section 2, with
// OpenID Connect's application_type).
type clientMetadata struct {
	ClientName              string   `json:"client_name"`
	RedirectURIs            []string `json:"redirect_uris,omitempty"`
	GrantTypes              []string `json:"grant_types"`
	ResponseTypes           []string `json:"response_types,omitempty"`
	TokenEndpointAuthMethod string   `json:"token_endpoint_auth_method"`
	ApplicationType         string   `json:"application_type"`
	Scope                   string   `json:"scope,omitempty"`
}

// clientInformation is the part of a registration answer toolbench uses
// (RFC 7591 section 3.2.1).
type clientInformation struct {
	ClientID                string   `json:"client_id"`
	ClientSecret            string   `json:"client_secret"`
	ClientSecretExpiresAt   float64  `json:"client_secret_expires_at"`
	TokenEndpointAuthMethod string   `json:"token_endpoint_auth_method"`
	RedirectURIs            []string `json:"redirect_uris"`
}

// dynamic registers a native client at srv's registration endpoint. A
// refusal is reported, not retried with another application_type or other
// redirect URIs: "web" would misdescribe a loopback client, and other
// redirect forms need a listener the grant does not start.
func dynamic(ctx context.Context, srv discover.Server, req Request) (Registration, error) {
	grants := req.GrantTypes
	if len(grants) == 0 {
		grants = []string{GrantAuthorizationCode, GrantRefreshToken}
	}
	method, err := registerMethod(srv.TokenEndpointAuthMethodsSupported, grants)
	if err != nil {
		return Registration{}, fail(req.Observe, err, nil,
			"register a client at "+srv.Issuer+" with one of "+strings.Join(srv.TokenEndpointAuthMethodsSupported, ", ")+" and pass --client-id (with --client-secret, or --client-key for private_key_jwt)")
	}
	body, err := json.Marshal(requestFor(req, grants, method))
	if err != nil {
		return Registration{}, fail(req.Observe, fmt.Errorf("encode the registration request: %w", err), nil, "")
	}
	req.Observe.Emit(step.Event{Step: step.Registration, State: step.Started,
		Summary: "POST " + maskURL(srv.RegistrationEndpoint) + " (dynamic registration)"})
	status, answer, ex, err := post(ctx, req.HTTP, srv.RegistrationEndpoint, body)
	if err != nil {
		return Registration{}, fail(req.Observe, fmt.Errorf("register at %s: %w", ex.URL, err), ex,
			"check that "+ex.URL+" is reachable from here, or register a client by hand and pass --client-id")
	}
	if status < 200 || status > 299 {
		refused := refusal(status, answer)
		return Registration{}, fail(req.Observe, refused, ex, refusedHint(refused, srv, req))
	}
	return accepted(srv, req, method, answer, ex)
}

// requestFor is the client metadata sent for req.
func requestFor(req Request, grants []string, method string) clientMetadata {
	m := clientMetadata{
		ClientName:              req.ClientName,
		RedirectURIs:            redirects(req.RedirectURI),
		GrantTypes:              grants,
		TokenEndpointAuthMethod: method,
		ApplicationType:         "native",
		Scope:                   strings.Join(req.Scopes, " "),
	}
	if m.ClientName == "" {
		m.ClientName = DefaultClientName
	}
	if slices.Contains(grants, GrantAuthorizationCode) {
		m.ResponseTypes = []string{"code"}
	}
	return m
}

// registerMethod is the token endpoint method to register for: none for a
// person's client where the server allows it (a native app cannot keep a
// secret), else a secret method the server supports, since it issues the
// secret. private_key_jwt would need a key published as jwks, which a
// registration here does not have.
func registerMethod(supported, grants []string) (string, error) {
	public := !slices.Contains(grants, GrantClientCredentials)
	if len(supported) == 0 {
		// RFC 8414 section 2: an absent list means client_secret_basic,
		// but a server that says nothing mostly takes public clients.
		if public {
			return grant.MethodNone, nil
		}
		return grant.MethodBasic, nil
	}
	if public && slices.Contains(supported, grant.MethodNone) {
		return grant.MethodNone, nil
	}
	for _, m := range []string{grant.MethodBasic, grant.MethodPost} {
		if slices.Contains(supported, m) {
			return m, nil
		}
	}
	return "", &MethodError{Supported: supported}
}

// MethodError says the server's token endpoint takes no method toolbench
// can register a client for.
type MethodError struct {
	// Supported is the server's token_endpoint_auth_methods_supported.
	Supported []string
}

// Error names the methods the server takes.
func (e *MethodError) Error() string {
	return "the token endpoint takes only " + strings.Join(e.Supported, ", ") + ", none of which toolbench can register a client for"
}

// post sends body to endpoint and reads the answer, recording the
// exchange with its secrets masked.
func post(ctx context.Context, c *http.Client, endpoint string, body []byte) (int, []byte, *step.Exchange, error) {
	if c == nil {
		c = http.DefaultClient
	}
	ex := &step.Exchange{Method: http.MethodPost, URL: maskURL(endpoint), RequestBody: string(body)}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		ex.Err = err.Error()
		return 0, nil, ex, err
	}
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "application/json")
	ex.RequestHeader = hr.Header.Clone()
	start := time.Now()
	resp, err := c.Do(hr)
	ex.Took = time.Since(start)
	if err != nil {
		ex.Err = err.Error()
		return 0, nil, ex, err
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes+1))
	ex.Took = time.Since(start)
	ex.Status, ex.ResponseHeader = resp.StatusCode, maskHeader(resp.Header)
	ex.ResponseBody = maskBody(answer)
	if err != nil {
		ex.Err = err.Error()
		return resp.StatusCode, nil, ex, fmt.Errorf("read the answer: %w", err)
	}
	if len(answer) > maxAnswerBytes {
		return resp.StatusCode, nil, ex, fmt.Errorf("the answer is larger than %d bytes", maxAnswerBytes)
	}
	return resp.StatusCode, answer, ex, nil
}

// accepted reads a 2xx registration answer into a Registration.
func accepted(srv discover.Server, req Request, asked string, answer []byte, ex *step.Exchange) (Registration, error) {
	broken := func(err error) (Registration, error) {
		return Registration{}, fail(req.Observe, err, ex,
			"the registration endpoint of "+srv.Issuer+" answered something toolbench cannot use: register a client by hand and pass --client-id")
	}
	var ci clientInformation
	if err := json.Unmarshal(answer, &ci); err != nil {
		return broken(fmt.Errorf("the registration answer (HTTP %d) is not a JSON object: %w", ex.Status, err))
	}
	if ci.ClientID == "" {
		return broken(fmt.Errorf("the registration answer (HTTP %d) has no client_id", ex.Status))
	}
	method := ci.TokenEndpointAuthMethod
	if method == "" {
		method = asked
	}
	switch method {
	case grant.MethodNone:
	case grant.MethodBasic, grant.MethodPost:
		if ci.ClientSecret == "" {
			return broken(fmt.Errorf("the client was registered for %s but the answer holds no client_secret", method))
		}
	default:
		return broken(fmt.Errorf("the client was registered for %s, which toolbench cannot use", method))
	}
	reg := Registration{
		Client:       grant.Client{ID: ci.ClientID, Secret: ci.ClientSecret, Method: method},
		Source:       Dynamic,
		Issuer:       srv.Issuer,
		RedirectURIs: ci.RedirectURIs,
	}
	if len(reg.RedirectURIs) == 0 {
		reg.RedirectURIs = redirects(req.RedirectURI)
	}
	// RFC 7591 section 3.2.1: 0 means the secret never expires.
	if ci.ClientSecretExpiresAt > 0 {
		reg.SecretExpires = time.Unix(int64(ci.ClientSecretExpiresAt), 0).UTC()
	}
	req.Observe.Emit(step.Event{Step: step.Registration, State: step.Done, Exchange: ex,
		Summary: "dynamic registration: client " + ci.ClientID + " (" + method + ")"})
	return reg, nil
}
