package grant

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"

	"github.com/toolbench/toolbench/auth/discover"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/target/secrets"
)

// ErrRefreshRefused says the authorization server refused a refresh token
// (invalid_grant: revoked, expired or already rotated), so only a new
// login gets a token.
var ErrRefreshRefused = errors.New("the authorization server refused the refresh token")

// Request is one grant at one authorization server for one MCP server.
type Request struct {
	// Server is the authorization server's metadata.
	Server discover.Server
	// Client is toolbench's client there; an empty Method is chosen with
	// ChooseMethod.
	Client Client
	// Resource is the MCP server's canonical URI, sent as the resource
	// parameter of every request.
	Resource string
	// Scopes are the scopes to ask for; none omits the scope parameter.
	Scopes []string
	// HTTP makes every request to the authorization server; nil means
	// http.DefaultClient.
	HTTP *http.Client
	// Observe is told each step; nil ignores them.
	Observe step.Observer
	// Secrets, when set, learns each client assertion signed for a
	// request, so that what the run writes is scrubbed of it.
	Secrets *secrets.Set
}

// TokenError is an error answer of the token endpoint (RFC 6749 section
// 5.2), its fields as sent. They are the server's words: show them only
// through termsafe.
type TokenError struct {
	// Status is the HTTP status.
	Status int
	// Code is the error parameter ("invalid_grant").
	Code string
	// Description and URI are error_description and error_uri.
	Description string
	URI         string
}

// Error names the status and the error code.
func (e *TokenError) Error() string {
	if e.Code == "" {
		return fmt.Sprintf("the token endpoint answered HTTP %d", e.Status)
	}
	return fmt.Sprintf("the token endpoint answered HTTP %d %q", e.Status, e.Code)
}

// prepared is a request made ready for x/oauth2: the method chosen and
// the HTTP client that carries resource and assertions.
type prepared struct {
	method string
	tt     *tokenTransport
	ctx    context.Context
}

func prepare(ctx context.Context, r Request) (prepared, error) {
	if r.Server.TokenEndpoint == "" {
		return prepared{}, errors.New("the authorization server's metadata names no token_endpoint")
	}
	if r.Resource == "" {
		// RFC 8707 and the MCP spec: every token request names the MCP
		// server it is for, whether or not the server supports it.
		return prepared{}, errors.New("no resource (the MCP server's canonical URI) to ask a token for")
	}
	method := r.Client.Method
	if method == "" {
		m, err := ChooseMethod(r.Server, r.Client)
		if err != nil {
			return prepared{}, err
		}
		method = m
	}
	tt := &tokenTransport{server: r.Server, client: r.Client, method: method, resource: r.Resource, learn: r.Secrets}
	ctx = context.WithValue(ctx, oauth2.HTTPClient, tokenHTTP(r.HTTP, tt))
	return prepared{method: method, tt: tt, ctx: ctx}, nil
}

// authStyle and secret say how x/oauth2 sends the client's credentials;
// private_key_jwt and none send the client id in the body and no secret
// (the assertion comes from tokenTransport).
func (p prepared) authStyle() oauth2.AuthStyle {
	if p.method == MethodBasic {
		return oauth2.AuthStyleInHeader
	}
	return oauth2.AuthStyleInParams
}

func (p prepared) secret(c Client) string {
	if p.method == MethodBasic || p.method == MethodPost {
		return c.Secret
	}
	return ""
}

func (p prepared) config(r Request, redirectURI string) *oauth2.Config {
	return &oauth2.Config{
		ClientID:     r.Client.ID,
		ClientSecret: p.secret(r.Client),
		Endpoint: oauth2.Endpoint{
			AuthURL:   r.Server.AuthorizationEndpoint,
			TokenURL:  r.Server.TokenEndpoint,
			AuthStyle: p.authStyle(),
		},
		RedirectURL: redirectURI,
		Scopes:      r.Scopes,
	}
}

// ClientCredentials gets a token by the client credentials grant (RFC
// 6749 section 4.4) with a secret or a JWT assertion, for the resource
// and scopes of r.
func ClientCredentials(ctx context.Context, r Request) (Token, error) {
	r.Observe.Emit(step.Event{Step: step.Token, State: step.Started,
		Summary: "POST " + r.Server.TokenEndpoint + " (client_credentials)"})
	p, err := prepare(ctx, r)
	if err == nil && p.method == MethodNone {
		// RFC 6749 section 4.4: only a confidential client may use this
		// grant, since the credentials are all that identify it.
		err = &NoMethodError{Supported: []string{MethodBasic, MethodPost, MethodPrivateJWT}, Have: have(r.Client),
			Hint: "the client credentials grant needs --client-secret or --client-key"}
	}
	if err != nil {
		return Token{}, fail(r.Observe, step.Token, err, nil)
	}
	cfg := clientcredentials.Config{
		ClientID:     r.Client.ID,
		ClientSecret: p.secret(r.Client),
		TokenURL:     r.Server.TokenEndpoint,
		Scopes:       r.Scopes,
		AuthStyle:    p.authStyle(),
	}
	tok, err := cfg.Token(p.ctx)
	return finish(r, step.Token, p, tok, err)
}

// Refresh redeems refreshToken for a new access token (RFC 6749 section
// 6) for the resource of r. A rotated refresh token replaces the old one
// in the result; when none comes back the old one is kept. An
// invalid_grant answer wraps ErrRefreshRefused.
func Refresh(ctx context.Context, r Request, refreshToken string) (Token, error) {
	r.Observe.Emit(step.Event{Step: step.Refresh, State: step.Started,
		Summary: "POST " + r.Server.TokenEndpoint + " (refresh_token " + step.Mask(refreshToken) + ")"})
	if refreshToken == "" {
		return Token{}, fail(r.Observe, step.Refresh, fmt.Errorf("%w: none is held", ErrRefreshRefused), nil)
	}
	p, err := prepare(ctx, r)
	if err != nil {
		return Token{}, fail(r.Observe, step.Refresh, err, nil)
	}
	tok, err := p.config(r, "").TokenSource(p.ctx, &oauth2.Token{RefreshToken: refreshToken}).Token()
	return finish(r, step.Refresh, p, tok, err)
}

// finish turns x/oauth2's answer into a Token or a step.Error and reports
// it.
func finish(r Request, name step.Name, p prepared, tok *oauth2.Token, err error) (Token, error) {
	if err != nil {
		var re *oauth2.RetrieveError
		if errors.As(err, &re) {
			te := &TokenError{Code: re.ErrorCode, Description: re.ErrorDescription, URI: re.ErrorURI}
			if re.Response != nil {
				te.Status = re.Response.StatusCode
			}
			err = te
			if name == step.Refresh && te.Code == "invalid_grant" {
				err = fmt.Errorf("%w: %w", ErrRefreshRefused, te)
			}
		} else {
			err = fmt.Errorf("token request: %w", err)
		}
		return Token{}, fail(r.Observe, name, err, p.tt.last)
	}
	t := Token{
		AccessToken:  tok.AccessToken,
		TokenType:    tok.Type(),
		RefreshToken: tok.RefreshToken,
		Expiry:       tok.Expiry,
		Scopes:       grantedScopes(tok, r.Scopes),
	}
	r.Observe.Emit(step.Event{Step: name, State: step.Done, Exchange: p.tt.last,
		Summary: "access token " + step.Mask(t.AccessToken) + " (" + p.method + ")"})
	return t, nil
}

// grantedScopes are the response's scope (RFC 6749 section 5.1) when it
// has one, else what was asked.
func grantedScopes(tok *oauth2.Token, asked []string) []string {
	if s, ok := tok.Extra("scope").(string); ok && strings.TrimSpace(s) != "" {
		return strings.Fields(s)
	}
	return append([]string(nil), asked...)
}

// fail reports a failed step and returns it as a *step.Error.
func fail(o step.Observer, name step.Name, err error, ex *step.Exchange) error {
	se := &step.Error{Step: name, Err: err, Exchange: ex, Hint: hintOf(err)}
	o.Emit(step.Event{Step: name, State: step.Failed, Err: se, Exchange: ex})
	return se
}

// hintOf gives the advice the errors of this package carry.
func hintOf(err error) string {
	var nm *NoMethodError
	var ke *KeyError
	switch {
	case errors.Is(err, ErrRefreshRefused):
		return "log in again: toolbench auth login"
	case errors.As(err, &nm):
		return nm.Hint
	case errors.As(err, &ke):
		return ke.Hint
	}
	var ce *CallbackError
	var pe *PKCEError
	switch {
	case errors.As(err, &ce):
		return ce.Hint
	case errors.As(err, &pe):
		return "the authorization server must support PKCE with S256; ask its operator, toolbench will not log in without it"
	}
	return ""
}
