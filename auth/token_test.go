package auth_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/internal/fixture/oauth"
)

// A 403 insufficient_scope re-authorizes with the scopes held and the ones
// asked for, and the call goes through.
func TestStepUp(t *testing.T) {
	t.Parallel()
	srv := oauth.Start(t)
	b := newBench(t, srv)
	s := b.mustConnect()
	if _, err := b.call(s, "write"); err != nil {
		t.Fatalf("write after the step-up: %v", err)
	}
	var scopes [][]string
	for _, r := range srv.Requests() {
		if r.Server == "as" && strings.HasSuffix(r.Path, "/authorize") {
			scopes = append(scopes, strings.Fields(r.Query.Get("scope")))
		}
	}
	if len(scopes) != 2 || !slices.Contains(scopes[1], oauth.ScopeRead) || !slices.Contains(scopes[1], oauth.ScopeWrite) {
		t.Fatalf("authorizations asked for %q; want two, the second with both %s and %s", scopes, oauth.ScopeRead, oauth.ScopeWrite)
	}
}

// A server that never accepts the scopes it asks for gets one
// re-authorization, not one per request forever: the 403 then reaches the
// caller.
func TestStepUpGivesUp(t *testing.T) {
	t.Parallel()
	srv := oauth.Start(t, oauth.UngrantableScope("files:admin"))
	b := newBench(t, srv)
	s, err := b.connect()
	if err == nil {
		_, err = b.call(s, "whoami")
		_, err2 := b.call(s, "whoami")
		if err == nil || err2 == nil {
			t.Fatalf("whoami with a scope never granted succeeded: %v, %v", err, err2)
		}
	}
	if n := count(srv, "as", "/authorize"); n < 1 || n > 1+auth.DefaultMaxStepUps {
		t.Fatalf("%d authorizations for a scope that is never granted; want 1 to %d", n, 1+auth.DefaultMaxStepUps)
	}
}

// A token about to expire is refreshed before it is sent, with no new
// authorization; a refused refresh token ends in a new login, tried once.
func TestRefresh(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		revoke    bool
		refreshes int
		auths     int
	}{
		{"refreshed", false, 1, 1},
		{"refresh refused", true, 1, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := oauth.Start(t, oauth.RotateRefreshTokens())
			b := newBench(t, srv)
			_ = b.mustConnect()
			expireStored(t, b)
			if tc.revoke {
				srv.RevokeRefreshTokens()
				srv.RevokeAccessTokens()
			}
			again := newBench(t, srv)
			again.opts.Store = b.store
			s := again.mustConnect()
			if _, err := again.call(s, "whoami"); err != nil {
				t.Fatalf("whoami: %v", err)
			}
			refreshes := 0
			for _, tr := range srv.TokenRequests() {
				if tr.GrantType == "refresh_token" {
					refreshes++
					if tr.Form.Get("resource") != srv.Resource() {
						t.Fatalf("refresh sent resource %q; want %q", tr.Form.Get("resource"), srv.Resource())
					}
				}
			}
			if refreshes != tc.refreshes || count(srv, "as", "/authorize") != tc.auths {
				t.Fatalf("%d refreshes, %d authorizations; want %d and %d",
					refreshes, count(srv, "as", "/authorize"), tc.refreshes, tc.auths)
			}
		})
	}
}

// expireStored makes the token b holds look as if it expires now, as it
// would after an hour.
func expireStored(t *testing.T, b *bench) {
	t.Helper()
	e, ok, err := b.store.Latest(mustCanonical(t, b.srv.URL()))
	if err != nil || !ok {
		t.Fatalf("no stored token: %v", err)
	}
	e.Expiry = time.Now()
	if err := b.store.Put(e); err != nil {
		t.Fatal(err)
	}
}

// Machine clients get their token by client credentials, with a secret or
// a signed assertion, and no browser.
func TestClientCredentials(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		set    func(*auth.Options, *oauth.Server)
		method string
	}{
		{"secret", func(o *auth.Options, s *oauth.Server) {
			o.ClientID, o.ClientSecret = s.SecretClient().ID, s.SecretClient().Secret
		}, "client_secret_basic"},
		{"jwt", func(o *auth.Options, s *oauth.Server) {
			o.ClientID, o.ClientKeyFile = s.KeyClient().ID, s.KeyClient().KeyFile
		}, "private_key_jwt"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := oauth.Start(t, oauth.NoDCR(), oauth.GrantTypes("client_credentials"),
				oauth.AuthMethods("client_secret_basic", "private_key_jwt"))
			b := newBench(t, srv)
			b.opts.Agent = nil // nobody at a browser: not needed
			tc.set(&b.opts, srv)
			s := b.mustConnect()
			if _, err := b.call(s, "whoami"); err != nil {
				t.Fatalf("whoami: %v", err)
			}
			trs := srv.TokenRequests()
			if len(trs) != 1 || trs[0].GrantType != "client_credentials" || trs[0].AuthMethod != tc.method {
				t.Fatalf("token requests %+v; want one client_credentials request by %s", trs, tc.method)
			}
		})
	}
}

// When the resource moves to another authorization server, the client of
// the old one is never shown to the new one: toolbench registers again.
func TestIssuerChangeRegistersAgain(t *testing.T) {
	t.Parallel()
	srv := oauth.Start(t, oauth.MoveOnFirstCall())
	b := newBench(t, srv)
	s := b.mustConnect()
	first := srv.Registrations()
	if _, err := b.call(s, "whoami"); err != nil {
		t.Fatalf("whoami after the move: %v", err)
	}
	regs := srv.Registrations()
	if len(first) != 1 || len(regs) != 2 {
		t.Fatalf("%d registrations before the move, %d after; want 1 and 2", len(first), len(regs))
	}
	second := strings.TrimPrefix(srv.ServerURL(), "http://")
	for _, r := range srv.Requests() {
		if r.Server == "as" && r.Host == second && (strings.Contains(r.Query.Encode(), regs[0].ClientID) || strings.Contains(string(r.Body), regs[0].ClientID)) {
			t.Fatalf("the first server's client %q was sent to the second: %s %s", regs[0].ClientID, r.Method, r.Path)
		}
	}
}

// Requests that meet the 401 together share one login.
func TestConcurrentRequestsShareOneLogin(t *testing.T) {
	t.Parallel()
	srv := oauth.Start(t)
	b := newBench(t, srv)
	s := b.mustConnect()
	srv.RevokeAccessTokens()
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() { _, errs[i] = s.ListTools(context.Background()) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
	}
	refreshes := 0
	for _, tr := range srv.TokenRequests() {
		if tr.GrantType == "refresh_token" {
			refreshes++
		}
	}
	if n := count(srv, "as", "/authorize"); n != 1 || refreshes != 1 {
		t.Fatalf("%d authorizations, %d refreshes; want the first login and one refresh shared by the four requests", n, refreshes)
	}
}

// A logout revokes the tokens at the authorization server (RFC 7009),
// the client authenticating as at the token endpoint, before it forgets
// them: the token it held no longer opens the server.
func TestLogoutRevokes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		opts []oauth.Option
		set  func(*auth.Options, *oauth.Server)
		// authed says the revocation request authenticated the client.
		authed func(oauth.Request) bool
	}{
		{"public client", nil, nil, func(r oauth.Request) bool { return r.Form.Get("client_id") != "" }},
		{"secret client", []oauth.Option{oauth.NoDCR()},
			func(o *auth.Options, s *oauth.Server) {
				o.ClientID, o.ClientSecret = s.SecretClient().ID, s.SecretClient().Secret
			},
			func(r oauth.Request) bool { return strings.HasPrefix(r.Header.Get("Authorization"), "Basic ") }},
		{"key client", []oauth.Option{oauth.NoDCR(), oauth.AuthMethods("private_key_jwt")},
			func(o *auth.Options, s *oauth.Server) {
				o.ClientID, o.ClientKeyFile = s.KeyClient().ID, s.KeyClient().KeyFile
			},
			func(r oauth.Request) bool { return r.Form.Get("client_assertion") != "" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := oauth.Start(t, tc.opts...)
			b := newBench(t, srv)
			if tc.set != nil {
				tc.set(&b.opts, srv)
			}
			_ = b.mustConnect()
			e, ok, err := b.store.Latest(mustCanonical(t, srv.URL()))
			if err != nil || !ok || e.RefreshToken == "" {
				t.Fatalf("after the login the store holds %v, %v; want a token and a refresh token", ok, err)
			}
			n, err := auth.Logout(context.Background(), b.store, srv.URL(), b.opts)
			if err != nil || n != 1 {
				t.Fatalf("Logout = %d, %v; want 1 entry removed", n, err)
			}
			revoked := 0
			for _, r := range srv.Requests() {
				if r.Server == "as" && strings.HasSuffix(r.Path, "/revoke") {
					revoked++
					if !tc.authed(r) {
						t.Errorf("revocation request without the client's authentication: header %v, form %v", r.Header, r.Form)
					}
				}
			}
			if revoked != 2 {
				t.Fatalf("%d revocation requests; want the refresh token's and the access token's", revoked)
			}
			if left, _ := auth.StatusOf(b.store, srv.URL()); len(left) != 0 {
				t.Fatalf("the store still holds %+v", left)
			}
			again := newBench(t, srv)
			again.opts.Agent = nil
			if err := again.store.Put(e); err != nil {
				t.Fatal(err)
			}
			again.opts.Store = again.store
			if _, err := again.connect(); err == nil {
				t.Fatal("the revoked token still opened the server")
			}
		})
	}
}

// A refresh authenticates the client the way its login did, though it
// has no metadata to choose the method from: a client_secret_post client
// would otherwise be sent as basic, a key client not at all.
func TestRefreshKeepsTheClientsMethod(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, method string
		opts         []oauth.Option
		set          func(*auth.Options, *oauth.Server)
	}{
		{"post", "client_secret_post", []oauth.Option{oauth.NoDCR(), oauth.AuthMethods("client_secret_post")},
			func(o *auth.Options, s *oauth.Server) {
				o.ClientID, o.ClientSecret = s.SecretClient().ID, s.SecretClient().Secret
			}},
		{"key", "private_key_jwt", []oauth.Option{oauth.NoDCR(), oauth.AuthMethods("private_key_jwt")},
			func(o *auth.Options, s *oauth.Server) {
				o.ClientID, o.ClientKeyFile = s.KeyClient().ID, s.KeyClient().KeyFile
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := oauth.Start(t, tc.opts...)
			b := newBench(t, srv)
			tc.set(&b.opts, srv)
			_ = b.mustConnect()
			expireStored(t, b)
			again := newBench(t, srv)
			again.opts, again.store = b.opts, b.store
			s := again.mustConnect()
			if _, err := again.call(s, "whoami"); err != nil {
				t.Fatalf("whoami: %v", err)
			}
			var methods []string
			for _, tr := range srv.TokenRequests() {
				if tr.GrantType == "refresh_token" {
					methods = append(methods, tr.AuthMethod)
				}
			}
			if len(methods) != 1 || methods[0] != tc.method || count(srv, "as", "/authorize") != 1 {
				t.Fatalf("refreshes authenticated as %v, %d authorizations; want one refresh as %s and the one login",
					methods, count(srv, "as", "/authorize"), tc.method)
			}
		})
	}
}
