package grant

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/auth/step"
)

func TestAuthorizationCodeEachMethod(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, method, alg string
	}{
		{"basic", MethodBasic, ""},
		{"post", MethodPost, ""},
		{"none", MethodNone, ""},
		{"jwt ES256", MethodPrivateJWT, "ES256"},
		{"jwt RS256", MethodPrivateJWT, "RS256"},
		{"jwt EdDSA", MethodPrivateJWT, "EdDSA"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			as := newTestAS(t, tt.method)
			var key *Key
			if tt.alg != "" {
				key = withKey(t, as, tt.alg)
			}
			ev := &events{}
			r := request(as, ev, key)
			r.Scopes = []string{"mcp:read", "offline_access"}
			tok, err := login(t, r, FetchAgent{HTTP: as.srv.Client()})
			if err != nil {
				t.Fatalf("login: %v", err)
			}
			if !strings.HasPrefix(tok.AccessToken, "tok-") || !strings.HasPrefix(tok.RefreshToken, "ref-") {
				t.Errorf("token %q refresh %q: not the server's", tok.AccessToken, tok.RefreshToken)
			}
			if tok.TokenType != "Bearer" || tok.Expiry.IsZero() {
				t.Errorf("type %q expiry %v", tok.TokenType, tok.Expiry)
			}
			if strings.Join(tok.Scopes, " ") != "mcp:read offline_access" {
				t.Errorf("scopes %v, want the asked ones when the answer has none", tok.Scopes)
			}
			auth := as.authRequests()
			if len(auth) != 1 || auth[0].Get("scope") != "mcp:read offline_access" {
				t.Errorf("authorization requests %v", auth)
			}
			reqs := as.tokenRequests()
			if len(reqs) != 1 || reqs[0].Get("grant_type") != "authorization_code" || reqs[0].Get("resource") != testResource {
				t.Errorf("token requests %v", reqs)
			}
			checkBrowserEvent(t, ev, as)
			checkNoSecrets(t, ev, as, tok)
		})
	}
}

// checkBrowserEvent wants the authorization URL on the Browser step.
func checkBrowserEvent(t *testing.T, ev *events, as *testAS) {
	t.Helper()
	for _, e := range ev.list() {
		if e.Step == step.Browser && e.State == step.Started {
			if !strings.HasPrefix(e.URL, as.srv.URL+"/authorize?") {
				t.Errorf("browser URL %q", e.URL)
			}
			return
		}
	}
	t.Error("no Browser started event")
}

// checkNoSecrets greps every event for the tokens and secrets in play.
func checkNoSecrets(t *testing.T, ev *events, as *testAS, tok Token) {
	t.Helper()
	dump := ev.dump()
	for _, s := range []string{tok.AccessToken, tok.RefreshToken, as.secret} {
		if s != "" && strings.Contains(dump, s) {
			t.Errorf("an event holds the secret %s", step.Mask(s))
		}
	}
	if strings.Contains(dump, "code-") && !strings.Contains(dump, "••••") {
		t.Error("an event holds the code")
	}
}

func TestAuthorizationCodeOmitsScopeWhenNone(t *testing.T) {
	t.Parallel()
	as := newTestAS(t, MethodNone)
	if _, err := login(t, request(as, &events{}, nil), FetchAgent{HTTP: as.srv.Client()}); err != nil {
		t.Fatal(err)
	}
	if q := as.authRequests()[0]; q.Has("scope") {
		t.Errorf("scope sent with no scopes asked: %q", q.Get("scope"))
	}
}

// TestIssuerTable runs each row of the MCP spec's iss table (RFC 9207
// section 2.4), plus a normalised iss, which must not match.
func TestIssuerTable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		advertised bool
		iss        string
		ok         bool
	}{
		{"advertised, present, equal", true, "correct", true},
		{"advertised, present, other", true, "wrong", false},
		{"advertised, present, trailing slash", true, "normalized", false},
		{"advertised, absent", true, "omit", false},
		{"not advertised, present, equal", false, "correct", true},
		{"not advertised, present, other", false, "wrong", false},
		{"not advertised, absent", false, "omit", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			as := newTestAS(t, MethodNone)
			as.issAdvertised, as.iss = tt.advertised, tt.iss
			_, err := login(t, request(as, &events{}, nil), FetchAgent{HTTP: as.srv.Client()})
			if tt.ok {
				if err != nil {
					t.Fatalf("login: %v", err)
				}
				return
			}
			wantCallbackError(t, err, "")
			if n := len(as.tokenRequests()); n != 0 {
				t.Errorf("%d token requests after a refused iss", n)
			}
		})
	}
}

// wantCallbackError wants err to be the Callback step's *CallbackError
// with the error code code.
func wantCallbackError(t *testing.T, err error, code string) *CallbackError {
	t.Helper()
	var se *step.Error
	var ce *CallbackError
	if !errors.As(err, &se) || se.Step != step.Callback || !errors.As(err, &ce) {
		t.Fatalf("err %v: want a Callback step error", err)
	}
	if ce.Code != code || se.Hint == "" {
		t.Errorf("code %q hint %q, want code %q and a hint", ce.Code, se.Hint, code)
	}
	return ce
}

func TestCallbackRefusals(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		setup      func(*testAS)
		code, desc string
	}{
		{"state mismatch", func(as *testAS) { as.wrongState = true }, "", ""},
		{"access denied", func(as *testAS) { as.deny = "access_denied" }, "access_denied", "the person said no"},
		// RFC 9207: with a wrong iss the error itself is not acted on.
		{"error with wrong iss", func(as *testAS) { as.deny, as.iss = "access_denied", "wrong" }, "", ""},
		{"error with state mismatch", func(as *testAS) { as.deny, as.wrongState = "access_denied", true }, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			as := newTestAS(t, MethodNone)
			tt.setup(as)
			_, err := login(t, request(as, &events{}, nil), FetchAgent{HTTP: as.srv.Client()})
			ce := wantCallbackError(t, err, tt.code)
			if ce.Description != tt.desc {
				t.Errorf("description %q, want %q", ce.Description, tt.desc)
			}
			if n := len(as.tokenRequests()); n != 0 {
				t.Errorf("%d token requests after a refused callback", n)
			}
		})
	}
}

func TestAuthorizationCodePasted(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		bare       bool
		advertised bool
		first      string
		ok         bool
	}{
		{"redirect URL", false, true, "", true},
		{"garbage, then redirect URL", false, true, "not a url or code", true},
		{"bare code, iss not advertised", true, false, "", true},
		{"bare code, iss advertised", true, true, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			as := newTestAS(t, MethodNone)
			as.issAdvertised = tt.advertised
			if !tt.advertised {
				as.iss = "omit"
			}
			ev := &events{}
			tok, err := login(t, request(as, ev, nil), newPasteAgent(as.srv.Client(), tt.bare, tt.first))
			if !tt.ok {
				wantCallbackError(t, err, "")
				return
			}
			if err != nil || tok.AccessToken == "" {
				t.Fatalf("login: %v", err)
			}
			if tt.first != "" && !hasEvent(ev, step.Callback, step.Info) {
				t.Error("the unreadable paste was not reported")
			}
		})
	}
}

func hasEvent(ev *events, name step.Name, state step.State) bool {
	for _, e := range ev.list() {
		if e.Step == name && e.State == state {
			return true
		}
	}
	return false
}

func TestAuthorizationCodeVisitFails(t *testing.T) {
	t.Parallel()
	as := newTestAS(t, MethodNone)
	as.person = true
	_, err := login(t, request(as, &events{}, nil), FetchAgent{HTTP: as.srv.Client()})
	var se *step.Error
	var fe *FetchError
	if !errors.As(err, &se) || se.Step != step.Browser || !errors.As(err, &fe) {
		t.Fatalf("err %v: want the Browser step's FetchError", err)
	}
}

// idleAgent sends nobody anywhere and never pastes: only ctx ends the wait.
type idleAgent struct{}

func (idleAgent) Visit(context.Context, string) error { return nil }
func (idleAgent) Pasted() <-chan string               { return nil }

func TestAuthorizationCodeCancelled(t *testing.T) {
	t.Parallel()
	as := newTestAS(t, MethodNone)
	c, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := request(as, &events{}, nil)
	r.Observe = func(e step.Event) {
		if e.Step == step.Browser && e.State == step.Done {
			cancel() // the person walked away once sent to the browser
		}
	}
	lb, err := Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	defer lb.Close()
	_, err = AuthorizationCode(c, r, lb, idleAgent{})
	var se *step.Error
	if !errors.As(err, &se) || se.Step != step.Callback || !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v: want the Callback step cancelled", err)
	}
}

func TestAuthorizationCodeSteps(t *testing.T) {
	t.Parallel()
	as := newTestAS(t, MethodNone)
	ev := &events{}
	if _, err := login(t, request(as, ev, nil), FetchAgent{HTTP: as.srv.Client()}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ev.list() {
		got = append(got, string(e.Step)+" "+string(e.State))
	}
	want := "browser started,browser done,callback started,callback done,token started,token done"
	if strings.Join(got, ",") != want {
		t.Errorf("steps\n%s\nwant\n%s", strings.Join(got, ","), want)
	}
}

func TestAuthorizationCodeNeedsS256(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		methods  []string
		fallback bool
		ok       bool
	}{
		{"absent", nil, false, false},
		{"plain only", []string{"plain"}, false, false},
		{"2025-03-26 fallback, no metadata", nil, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			as := newTestAS(t, MethodNone)
			r := request(as, &events{}, nil)
			r.Server.CodeChallengeMethodsSupported, r.Server.Fallback = tt.methods, tt.fallback
			_, err := login(t, r, FetchAgent{HTTP: as.srv.Client()})
			if tt.ok {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var pe *PKCEError
			if !errors.As(err, &pe) || len(as.authRequests()) != 0 {
				t.Fatalf("err %v: want a PKCEError before the person is sent anywhere", err)
			}
		})
	}
}

func TestAuthorizationCodeLoopbackClosed(t *testing.T) {
	t.Parallel()
	as := newTestAS(t, MethodNone)
	lb, err := Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	r := request(as, &events{}, nil)
	r.Observe = func(e step.Event) {
		if e.Step == step.Browser && e.State == step.Done {
			_ = lb.Close() // toolbench shutting down mid-login
		}
	}
	_, err = AuthorizationCode(ctx(t), r, lb, idleAgent{})
	var se *step.Error
	if !errors.As(err, &se) || se.Step != step.Callback || !strings.Contains(err.Error(), "closed") {
		t.Fatalf("err %v: want the Callback step ended by the closed loopback", err)
	}
	if err := lb.Close(); err != nil {
		t.Error(err)
	}
}
