package auth

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/toolbench/toolbench/auth/discover"
	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/register"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/auth/store"
	"github.com/toolbench/toolbench/redirect"
)

// serverRequestLimit bounds each request to the authorization server.
const serverRequestLimit = 30 * time.Second

// authorize runs a whole flow for scopes (nil: choose them) and keeps the
// token, or says why it may not run here. why is what made it start.
func (s *session) authorize(ctx context.Context, ch *discover.Challenge, scopes []string, why string) (string, error) {
	if err := s.mayLogIn(why); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, s.o.loginTimeout())
	defer cancel()
	e, err := s.flow(ctx, ch, scopes, why)
	if err != nil {
		return "", err
	}
	if err := s.keep(e); err != nil {
		return "", err
	}
	return e.AccessToken, nil
}

// mayLogIn says whether a login may start: not under --auth stored-only,
// and for the authorization code grant only with someone (or something,
// for --browser fetch) to take the authorization URL.
func (s *session) mayLogIn(why string) error {
	lre := &LoginRequiredError{Resource: s.key, Command: s.o.LoginCommand}
	switch {
	case s.o.mode() == StoredOnly:
		lre.Reason = why + ", and --auth stored-only starts no login"
		return lre
	}
	return nil
}

// needAgent is the error of an authorization code flow with nobody to
// take the authorization URL.
func (s *session) needAgent(why string) error {
	return &LoginRequiredError{Resource: s.key, Command: s.o.LoginCommand,
		Reason: why + ", and nobody is at a terminal to open the authorization URL"}
}

// flow discovers, registers and gets a token.
func (s *session) flow(ctx context.Context, ch *discover.Challenge, scopes []string, why string) (store.Entry, error) {
	static, err := s.staticClient()
	if err != nil {
		return store.Entry{}, err
	}
	dc := &discover.Client{Base: s.o.base(), Observe: s.o.Observe, FollowRedirects: s.o.FollowRedirects}
	res, err := dc.Discover(ctx, s.serverURL, ch)
	if err != nil {
		return store.Entry{}, err
	}
	g := chooseGrant(s.o, res.Server, static)
	if g == AuthorizationCode && s.o.Agent == nil {
		return store.Entry{}, s.needAgent(why)
	}
	if scopes == nil {
		scopes = chooseScopes(s.o, g, ch, res)
	} else {
		scopes = withOffline(s.o, g, scopes, res.Server)
	}
	s.mu.Lock()
	s.asked = union(s.asked, scopes)
	s.mu.Unlock()
	// The entry at this issuer, else the latest at any: register must see
	// a change of authorization server to register anew.
	prior := s.stored(res.Server.Issuer)
	if prior == nil {
		prior = s.current()
	}
	req := register.Request{Static: static, MetadataURL: s.o.ClientMetadataURL, Scopes: scopes,
		Stored: registrationOf(prior), HTTP: s.httpClient(s.o.redirects(step.Registration, false)), Observe: s.o.Observe}
	if static == nil && s.o.ClientKeyFile != "" {
		// A key with no client id signs for a metadata document client.
		if req.Key, err = grant.LoadKey(s.o.ClientKeyFile); err != nil {
			return store.Entry{}, err
		}
	}
	if g == ClientCredentials {
		return s.machineToken(ctx, res, req)
	}
	return s.personToken(ctx, res, req, prior)
}

// machineToken registers (or takes) the client and gets its token by the
// client credentials grant.
func (s *session) machineToken(ctx context.Context, res discover.Result, req register.Request) (store.Entry, error) {
	req.GrantTypes = []string{"client_credentials"}
	reg, err := register.Register(ctx, res.Server, req)
	if err != nil {
		return store.Entry{}, err
	}
	tok, err := grant.ClientCredentials(ctx, s.grantRequest(res, reg.Client, req.Scopes, s.tokenClient(step.Token)))
	if err != nil {
		return store.Entry{}, err
	}
	return entryOf(res, reg, tok), nil
}

// personToken opens the loopback redirect, registers (or takes) the
// client for it, and gets a token by the authorization code grant.
func (s *session) personToken(ctx context.Context, res discover.Result, req register.Request, prior *store.Entry) (store.Entry, error) {
	lb, err := s.listen(prior)
	if err != nil {
		return store.Entry{}, err
	}
	defer lb.Close()
	req.RedirectURI = lb.RedirectURI()
	req.GrantTypes = []string{"authorization_code", "refresh_token"}
	reg, err := register.Register(ctx, res.Server, req)
	if err != nil {
		return store.Entry{}, err
	}
	tok, err := grant.AuthorizationCode(ctx, s.grantRequest(res, reg.Client, req.Scopes, s.tokenClient(step.Token)), lb, s.o.Agent)
	if err != nil {
		return store.Entry{}, err
	}
	return entryOf(res, reg, tok), nil
}

// refresh redeems e's refresh token and keeps the new token.
func (s *session) refresh(ctx context.Context, e store.Entry) (string, error) {
	client := grant.Client{ID: e.ClientID, Secret: e.ClientSecret, Method: e.ClientMethod}
	if static, err := s.staticClient(); err == nil && static != nil && static.ID == e.ClientID {
		client.Key = static.Key
	}
	res := discover.Result{Resource: e.ResourceParam, Server: discover.Server{Issuer: e.Issuer, TokenEndpoint: e.TokenEndpoint}}
	if res.Resource == "" {
		res.Resource = s.key
	}
	tok, err := grant.Refresh(ctx, s.grantRequest(res, client, e.Scopes, s.tokenClient(step.Refresh)), e.RefreshToken)
	if err != nil {
		if errors.Is(err, grant.ErrRefreshRefused) {
			s.mu.Lock()
			s.refused = e.RefreshToken
			s.mu.Unlock()
		}
		return "", err
	}
	if tok.RefreshToken == "" {
		// Not rotated: the old one stays good (RFC 6749 section 6).
		tok.RefreshToken = e.RefreshToken
	}
	e.AccessToken, e.TokenType, e.RefreshToken, e.Expiry = tok.AccessToken, tok.TokenType, tok.RefreshToken, tok.Expiry
	if len(tok.Scopes) > 0 {
		e.Scopes = tok.Scopes
	}
	if err := s.keep(e); err != nil {
		return "", err
	}
	return e.AccessToken, nil
}

// grantRequest is what every token request of the flow needs.
func (s *session) grantRequest(res discover.Result, c grant.Client, scopes []string, hc *http.Client) grant.Request {
	return grant.Request{Server: res.Server, Client: c, Resource: res.Resource, Scopes: scopes, HTTP: hc, Observe: s.o.Observe, Secrets: s.o.Secrets}
}

// staticClient is the pre-registered client the options give, or nil.
func (s *session) staticClient() (*grant.Client, error) {
	if s.o.ClientID == "" {
		return nil, nil
	}
	c := &grant.Client{ID: s.o.ClientID, Secret: s.o.ClientSecret}
	if s.o.ClientKeyFile != "" {
		k, err := grant.LoadKey(s.o.ClientKeyFile)
		if err != nil {
			return nil, err
		}
		c.Key = k
	}
	return c, nil
}

// listen opens the loopback redirect listener: on --redirect-port, else on
// the port a stored dynamic registration was made with (its redirect URI
// must match exactly), else on a free port.
func (s *session) listen(prior *store.Entry) (*grant.Loopback, error) {
	if s.o.RedirectPort != 0 {
		return grant.Listen(s.o.RedirectPort)
	}
	if prior != nil && prior.RedirectURI != "" {
		if u, err := url.Parse(prior.RedirectURI); err == nil {
			if port, err := strconv.Atoi(u.Port()); err == nil {
				if lb, err := grant.Listen(port); err == nil {
					return lb, nil
				}
			}
		}
	}
	return grant.Listen(0)
}

// httpClient carries the requests to the authorization server, following
// redirects by p.
func (s *session) httpClient(p redirect.Policy) *http.Client {
	// Each request is bounded: the request's own timeout is held while a
	// login runs, and an authorization server that never answers must not
	// hold it for good.
	return &http.Client{Transport: s.o.base(), Timeout: serverRequestLimit, CheckRedirect: p.Check}
}

// tokenClient carries the token requests of step n, whose body (a
// secret, a code, a refresh token) never follows a redirect to another
// origin.
func (s *session) tokenClient(n step.Name) *http.Client {
	return s.httpClient(s.o.redirects(n, true))
}

// registrationOf is a stored entry's client as register takes it.
func registrationOf(e *store.Entry) *register.Registration {
	if e == nil || e.ClientID == "" {
		return nil
	}
	r := &register.Registration{Client: grant.Client{ID: e.ClientID, Secret: e.ClientSecret, Method: e.ClientMethod},
		Source: register.Source(e.ClientSource), Issuer: e.Issuer}
	if e.RedirectURI != "" {
		r.RedirectURIs = []string{e.RedirectURI}
	}
	return r
}

// entryOf is what the store keeps of a finished flow.
func entryOf(res discover.Result, reg register.Registration, tok grant.Token) store.Entry {
	e := store.Entry{Issuer: res.Server.Issuer, TokenEndpoint: res.Server.TokenEndpoint,
		RevocationEndpoint: res.Server.RevocationEndpoint, ResourceParam: res.Resource,
		ClientID: reg.Client.ID, ClientSecret: reg.Client.Secret, ClientMethod: reg.Client.Method,
		ClientSource: string(reg.Source),
		AccessToken:  tok.AccessToken, TokenType: tok.TokenType, RefreshToken: tok.RefreshToken,
		Expiry: tok.Expiry, Scopes: tok.Scopes}
	if e.ClientMethod == "" {
		// The method the grant chose, kept: a refresh or a revocation
		// has no metadata to choose it from again.
		if m, err := grant.ChooseMethod(res.Server, reg.Client); err == nil {
			e.ClientMethod = m
		}
	}
	if len(reg.RedirectURIs) > 0 {
		e.RedirectURI = reg.RedirectURIs[0]
	}
	return e
}
