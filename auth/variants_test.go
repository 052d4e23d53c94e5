package auth_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/internal/fixture/oauth"
	"github.com/toolbench/toolbench/target"
)

// Each way a server can say where its authorization server is, and each
// way a client can be had, ends in a working call.
func TestFlowVariants(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		opts []oauth.Option
		set  func(*auth.Options, *oauth.Server)
		// method is the token endpoint authentication the code exchange
		// must have used.
		method string
	}{
		{name: "metadata in the challenge", opts: []oauth.Option{oauth.PRMAt(oauth.PRMChallengeOnly)}, method: "none"},
		{name: "path well-known", opts: []oauth.Option{oauth.NoChallengeMetadata()}, method: "none"},
		{name: "root well-known", opts: []oauth.Option{oauth.NoChallengeMetadata(), oauth.PRMAt(oauth.PRMRootWellKnown), oauth.PRMOriginResource()}, method: "none"},
		{name: "OIDC path-inserted", opts: []oauth.Option{oauth.IssuerPath("/tenant1"), oauth.MetadataAt(oauth.OIDCInserted)}, method: "none"},
		{name: "OIDC path-appended", opts: []oauth.Option{oauth.IssuerPath("/tenant1"), oauth.MetadataAt(oauth.OIDCAppended)}, method: "none"},
		{name: "2025-03-26 origin metadata", opts: []oauth.Option{oauth.PRMAt(oauth.PRMNone), oauth.EndpointPath("/oauth")}, method: "none"},
		{name: "2025-03-26 default endpoints", opts: []oauth.Option{oauth.PRMAt(oauth.PRMNone), oauth.NoServerMetadata()}, method: "none"},
		{name: "pre-registered basic", opts: []oauth.Option{oauth.NoDCR()}, method: "client_secret_basic",
			set: func(o *auth.Options, s *oauth.Server) {
				o.ClientID, o.ClientSecret = s.SecretClient().ID, s.SecretClient().Secret
			}},
		{name: "pre-registered post", opts: []oauth.Option{oauth.NoDCR(), oauth.AuthMethods("client_secret_post", "none")}, method: "client_secret_post",
			set: func(o *auth.Options, s *oauth.Server) {
				o.ClientID, o.ClientSecret = s.SecretClient().ID, s.SecretClient().Secret
			}},
		{name: "pre-registered public", opts: []oauth.Option{oauth.NoDCR()}, method: "none",
			set: func(o *auth.Options, s *oauth.Server) { o.ClientID = s.PublicClient().ID }},
		{name: "pre-registered private_key_jwt", opts: []oauth.Option{oauth.NoDCR(), oauth.AuthMethods("private_key_jwt", "none")}, method: "private_key_jwt",
			set: func(o *auth.Options, s *oauth.Server) {
				o.ClientID, o.ClientKeyFile = s.KeyClient().ID, s.KeyClient().KeyFile
			}},
		{name: "client metadata document", opts: []oauth.Option{oauth.CIMD()}, method: "none",
			set: func(o *auth.Options, s *oauth.Server) { o.ClientMetadataURL = s.ClientMetadataURL() }},
		{name: "SSE", opts: []oauth.Option{oauth.SSE()}, method: "none"},
		{name: "2026-07-28", opts: []oauth.Option{oauth.Modern()}, method: "none"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := oauth.Start(t, tc.opts...)
			b := newBench(t, srv)
			if tc.set != nil {
				tc.set(&b.opts, srv)
			}
			s := b.mustConnect()
			if _, err := b.call(s, "whoami"); err != nil {
				t.Fatalf("whoami: %v", err)
			}
			var methods []string
			for _, tr := range srv.TokenRequests() {
				if tr.GrantType == "authorization_code" {
					methods = append(methods, tr.AuthMethod)
				}
			}
			if len(methods) != 1 || methods[0] != tc.method {
				t.Fatalf("code exchanges authenticated as %v; want one, as %s", methods, tc.method)
			}
		})
	}
}

// A flow refuses what the spec says to refuse, before the step that would
// hand something over: no code redeemed after a bad iss, no authorization
// for another resource or an issuer that is not the one asked.
func TestFlowRefusals(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		opts []oauth.Option
		step step.Name
		// none is the endpoint that must not have been reached.
		none string
	}{
		{"wrong iss", []oauth.Option{oauth.ISSInRedirect(oauth.ISSWrong)}, step.Callback, "/token"},
		{"iss with a trailing slash", []oauth.Option{oauth.ISSInRedirect(oauth.ISSTrailingSlash)}, step.Callback, "/token"},
		{"advertised iss missing", []oauth.Option{oauth.ISSInRedirect(oauth.ISSOmitted)}, step.Callback, "/token"},
		{"unadvertised wrong iss", []oauth.Option{oauth.ISSParameterSupported(oauth.AdvertAbsent), oauth.ISSInRedirect(oauth.ISSWrong)}, step.Callback, "/token"},
		{"resource mismatch", []oauth.Option{oauth.PRMResource("https://evil.example.com/mcp")}, step.ResourceMetadata, "/authorize"},
		{"metadata issuer mismatch", []oauth.Option{oauth.MetadataIssuer("https://attacker.example.com")}, step.ServerMetadata, "/authorize"},
		{"no PKCE", []oauth.Option{oauth.NoCodeChallengeMethods()}, step.ServerMetadata, "/authorize"},
		{"denied", []oauth.Option{oauth.DenyAuthorization()}, step.Callback, "/token"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := oauth.Start(t, tc.opts...)
			b := newBench(t, srv)
			_, err := b.connect()
			var se *step.Error
			if !errors.As(err, &se) || se.Step != tc.step {
				t.Fatalf("connect: %v; want a *step.Error at %q", err, tc.step)
			}
			if n := count(srv, "as", tc.none); n != 0 {
				t.Fatalf("%s was requested %d times; the flow must stop before it", tc.none, n)
			}
			if se.Hint == "" {
				t.Fatalf("the error %v has no hint for the person", err)
			}
		})
	}
}

// noOffline is an authorization server that does not list offline_access.
var noOffline = oauth.ServerScopes(oauth.ScopeRead, oauth.ScopeWrite)

// Scopes are chosen as the spec orders them: the challenge's, else the
// resource's scopes_supported, else none at all.
func TestScopeSelection(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		opts []oauth.Option
		want []string // nil: no scope parameter
	}{
		{"from the challenge", []oauth.Option{noOffline}, []string{oauth.ScopeRead}},
		{"from scopes_supported", []oauth.Option{noOffline, oauth.NoChallengeScope(), oauth.PRMScopes(oauth.ScopeRead, oauth.ScopeWrite)}, []string{oauth.ScopeRead, oauth.ScopeWrite}},
		{"omitted", []oauth.Option{noOffline, oauth.NoChallengeScope(), oauth.PRMScopes()}, nil},
		{"offline_access when the server lists it", []oauth.Option{oauth.ServerScopes(oauth.ScopeRead, oauth.ScopeOffline)}, []string{oauth.ScopeRead, oauth.ScopeOffline}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := oauth.Start(t, tc.opts...)
			b := newBench(t, srv)
			_, _ = b.connect()
			var got []string
			present := false
			for _, r := range srv.Requests() {
				if r.Server == "as" && strings.HasSuffix(r.Path, "/authorize") {
					present = r.Query.Has("scope")
					got = strings.Fields(r.Query.Get("scope"))
					break
				}
			}
			if tc.want == nil && present {
				t.Fatalf("scope %q was sent; want the parameter left out", got)
			}
			if tc.want != nil && !slices.Equal(got, tc.want) {
				t.Fatalf("scope %q; want %q", got, tc.want)
			}
		})
	}
}

// A login that fails is not run again by the client's fallbacks
// (initialize after server/discover, SSE after streamable HTTP for a bare
// URL): a person would be sent to the browser twice.
func TestFailedLoginRunsOnce(t *testing.T) {
	t.Parallel()
	for _, kind := range []target.Transport{target.StreamableHTTP, target.Auto} {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			srv := oauth.Start(t, oauth.ISSInRedirect(oauth.ISSWrong))
			b := newBench(t, srv)
			b.kind = kind
			if _, err := b.connect(); err == nil {
				t.Fatal("connect succeeded with a wrong iss")
			}
			if n := count(srv, "as", "/authorize"); n != 1 {
				t.Fatalf("%d authorizations; want the one that failed", n)
			}
		})
	}
}

// Without a refresh token wanted, offline_access is not asked for even
// where the authorization server lists it.
func TestNoRefreshTokenLeavesOutOfflineAccess(t *testing.T) {
	t.Parallel()
	srv := oauth.Start(t, oauth.ServerScopes(oauth.ScopeRead, oauth.ScopeOffline))
	b := newBench(t, srv)
	b.opts.NoRefreshToken = true
	_ = b.mustConnect()
	for _, r := range srv.Requests() {
		if r.Server == "as" && strings.HasSuffix(r.Path, "/authorize") && strings.Contains(r.Query.Get("scope"), oauth.ScopeOffline) {
			t.Fatalf("scope %q asks for a refresh token", r.Query.Get("scope"))
		}
	}
}
