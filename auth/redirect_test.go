package auth_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/auth/store"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/redirect"
	"github.com/toolbench/toolbench/target"
)

// The credentials a redirect test's flow holds.
const (
	clientSecret = "client-secret-4711"
	storedToken  = "tok-stored-4711"
)

// leaks lists the credentials the requests l recorded carried in their
// headers.
func leaks(l *testkit.RequestLog) []string {
	return l.Leaks("Authorization", "Cookie", "Referer", "Proxy-Authorization")
}

// oauthOrigins is origin A, an MCP server that wants a token and is its
// own authorization server (client credentials only), and origin B,
// another port of 127.0.0.1, which serves the same documents at
// /moved/PATH and records what reaches it. On A, each path in moved
// answers with a 307 to /moved/PATH on A itself, or on B when away.
type oauthOrigins struct {
	a, b string
	bLog *testkit.RequestLog
}

func startOAuthOrigins(t *testing.T, moved string, away bool) oauthOrigins {
	t.Helper()
	b := &testkit.RequestLog{}
	srvB := httptest.NewUnstartedServer(nil)
	srvA := httptest.NewServer(nil)
	srvB.Start()
	t.Cleanup(srvA.Close)
	t.Cleanup(srvB.Close)
	o := oauthOrigins{a: srvA.URL, b: srvB.URL, bLog: b}
	srvB.Config.Handler = b.Wrap(o.documents())
	docs := o.documents()
	srvA.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != moved {
			docs.ServeHTTP(w, r)
			return
		}
		base := o.a
		if away {
			base = o.b
		}
		http.Redirect(w, r, base+"/moved"+r.URL.RequestURI(), http.StatusTemporaryRedirect)
	})
	return o
}

// documents serves what A's flow needs, at PATH and at /moved/PATH.
func (o oauthOrigins) documents() http.Handler {
	mux := http.NewServeMux()
	doc := func(path string, h http.HandlerFunc) {
		mux.HandleFunc(path, h)
		mux.HandleFunc("/moved"+path, h)
	}
	doc("/mcp", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+o.a+`/.well-known/oauth-protected-resource/mcp"`)
		w.WriteHeader(http.StatusUnauthorized)
	})
	doc("/.well-known/oauth-protected-resource/mcp", func(w http.ResponseWriter, _ *http.Request) {
		writeDoc(w, map[string]any{"resource": o.a + "/mcp", "authorization_servers": []string{o.a}})
	})
	doc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, _ *http.Request) {
		writeDoc(w, map[string]any{"issuer": o.a, "token_endpoint": o.a + "/token",
			"authorization_endpoint": o.a + "/authorize", "response_types_supported": []string{"code"},
			"grant_types_supported": []string{"client_credentials"}, "code_challenge_methods_supported": []string{"S256"},
			"token_endpoint_auth_methods_supported": []string{"client_secret_post"}})
	})
	doc("/token", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.PostFormValue("client_secret") != clientSecret {
			w.WriteHeader(http.StatusBadRequest)
			writeDoc(w, map[string]any{"error": "invalid_client"})
			return
		}
		writeDoc(w, map[string]any{"access_token": "tok-issued-4711", "token_type": "Bearer", "expires_in": 3600})
	})
	return mux
}

func writeDoc(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// login logs in at A by client credentials.
func (o oauthOrigins) login(t *testing.T, follow bool) ([]step.Event, error) {
	t.Helper()
	ev := &events{}
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	_, err := auth.Login(ctx, o.a+"/mcp", auth.Options{Grant: auth.ClientCredentials, ClientID: "cid", ClientSecret: clientSecret,
		Store: store.At(filepath.Join(t.TempDir(), "tokens.json")), Observe: ev.observe, FollowRedirects: follow})
	return ev.list(), err
}

// The discovery requests (protected-resource and authorization server
// metadata) and the token endpoint refuse a redirect to another origin,
// which then receives nothing; with --follow-redirects discovery follows
// it and sends no Referer or credential, but a token request, whose body
// is a credential, is refused still. A redirect within the origin is
// followed and reported.
func TestAuthRedirects(t *testing.T) {
	t.Parallel()
	for _, moved := range []string{"/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-authorization-server", "/token"} {
		bodyIsCredential := moved == "/token"
		for _, tc := range []struct {
			name         string
			away, follow bool
		}{
			{"refused", true, false},
			{"followed", true, true},
			{"same origin", false, false},
		} {
			t.Run(moved+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				o := startOAuthOrigins(t, moved, tc.away)
				evs, err := o.login(t, tc.follow)
				refused := tc.away && (!tc.follow || bodyIsCredential)
				if !refused {
					if err != nil {
						t.Fatalf("login: %v", err)
					}
					if leaks := leaks(o.bLog); len(leaks) > 0 {
						t.Errorf("B received credentials:\n%s", strings.Join(leaks, "\n"))
					}
					if tc.away && len(o.bLog.List()) == 0 {
						t.Errorf("B received nothing: the redirect was not followed")
					}
					want := fmt.Sprintf("redirected: %s%s -> %s/moved%s (307)", o.a, moved, o.a, moved)
					if tc.away {
						want = fmt.Sprintf("redirected to another origin, without credentials: %s%s -> %s/moved%s (307)", o.a, moved, o.b, moved)
					}
					if !hasSummary(evs, want) {
						t.Errorf("no event says %q", want)
					}
					return
				}
				var re *redirect.Error
				if !errors.As(err, &re) {
					t.Fatalf("login: %v; want a *redirect.Error", err)
				}
				if re.From != o.a+moved || re.To != o.b+"/moved"+moved || re.BodyCredentials != bodyIsCredential {
					t.Errorf("refusal %+v; want %s%s -> %s/moved%s", re, o.a, moved, o.b, moved)
				}
				if got := o.bLog.List(); len(got) > 0 {
					t.Errorf("B received %d requests, the first %s %s", len(got), got[0].Method, got[0].URI)
				}
				var se *step.Error
				if errors.As(err, &se) && strings.Contains(se.Hint, "reachable") {
					t.Errorf("the hint %q sends the person looking for a server that answered", se.Hint)
				}
			})
		}
	}
}

func hasSummary(evs []step.Event, summary string) bool {
	for _, e := range evs {
		if strings.Contains(e.Summary, summary) {
			return true
		}
	}
	return false
}

// The OAuth token is added to the requests to the MCP server's own origin
// only: a redirect followed to another origin does not carry it.
func TestBearerStaysAtItsOrigin(t *testing.T) {
	t.Parallel()
	bLog := &testkit.RequestLog{}
	lb, err := fixture.ListenLoopback()
	if err != nil {
		t.Fatal(err)
	}
	streamable := fixture.NewStreamable(fixture.NewServer(), lb)
	mux := http.NewServeMux()
	mux.Handle("/mcp", streamable)
	lb.Server.Handler = bLog.Wrap(mux)
	t.Cleanup(lb.Serve(streamable.Shutdown))
	aLog := &testkit.RequestLog{}
	a := httptest.NewServer(aLog.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, lb.URL+r.URL.RequestURI(), http.StatusTemporaryRedirect)
	})))
	t.Cleanup(a.Close)

	st := store.At(filepath.Join(t.TempDir(), "tokens.json"))
	if err := st.Put(store.Entry{Resource: mustCanonical(t, a.URL+"/mcp"), Issuer: a.URL, TokenEndpoint: a.URL + "/token",
		AccessToken: storedToken, TokenType: "Bearer", Expiry: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	o := auth.Options{Mode: auth.StoredOnly, Store: st}
	opts := client.Options{Timeout: testTimeout, HTTPWrap: func(rt http.RoundTripper) http.RoundTripper {
		return auth.NewTransport(a.URL+"/mcp", rt, o)
	}}
	s, err := client.Connect(context.Background(), target.Target{Transport: target.StreamableHTTP, URL: a.URL + "/mcp", FollowRedirects: true}, opts)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer s.Close()
	if got := aLog.List(); len(got) == 0 || got[0].Header.Get("Authorization") != "Bearer "+storedToken {
		t.Fatalf("the MCP server's own origin did not get the token")
	}
	if len(bLog.List()) == 0 {
		t.Fatal("B received nothing: the redirect was not followed")
	}
	if leaks := leaks(bLog); len(leaks) > 0 {
		t.Errorf("B received credentials:\n%s", strings.Join(leaks, "\n"))
	}
}
