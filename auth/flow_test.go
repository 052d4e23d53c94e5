package auth_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/internal/fixture/oauth"
)

// A first connection to a protected server registers a client, logs in,
// keeps the token in a 0600 store, and the next connection uses it with no
// flow at all.
func TestLoginThenStoredToken(t *testing.T) {
	t.Parallel()
	srv := oauth.Start(t)
	b := newBench(t, srv)
	s := b.mustConnect()
	out, err := b.call(s, "whoami")
	if err != nil || !strings.Contains(out, oauth.ScopeRead) {
		t.Fatalf("whoami = %q, %v; want the token's scopes with %s", out, err, oauth.ScopeRead)
	}
	fi, err := os.Stat(b.store.Path())
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("token store %s: %v, mode %v; want 0600", b.store.Path(), err, fi.Mode().Perm())
	}
	regs, auths := len(srv.Registrations()), count(srv, "as", "/authorize")
	if regs != 1 || auths != 1 {
		t.Fatalf("first login: %d registrations, %d authorizations; want 1 and 1", regs, auths)
	}
	again := newBench(t, srv)
	again.opts.Store, again.store = b.store, b.store
	s2 := again.mustConnect()
	if _, err := again.call(s2, "whoami"); err != nil {
		t.Fatalf("whoami with the stored token: %v", err)
	}
	if n := count(srv, "as", "/authorize"); n != 1 || len(srv.Registrations()) != 1 {
		t.Fatalf("second connection: %d authorizations, %d registrations; want the stored token used (1, 1)", n, len(srv.Registrations()))
	}
	for _, ev := range again.ev.list() {
		if ev.Step == step.Browser {
			t.Fatalf("second connection went to the browser: %+v", ev)
		}
	}
}

// Without anyone to take the authorization URL, or under stored-only, a
// 401 fails with the login command and starts nothing at the server.
func TestNoLoginWithoutAPerson(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		set  func(*auth.Options)
		want string
	}{
		{"no agent", func(o *auth.Options) { o.Agent = nil }, "nobody is at a terminal"},
		{"stored-only", func(o *auth.Options) { o.Mode = auth.StoredOnly }, "--auth stored-only"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := oauth.Start(t)
			b := newBench(t, srv)
			tc.set(&b.opts)
			_, err := b.connect()
			var lre *auth.LoginRequiredError
			if !errors.As(err, &lre) || !strings.Contains(lre.Reason, tc.want) || lre.Command != b.opts.LoginCommand {
				t.Fatalf("connect: %v; want *auth.LoginRequiredError saying %q and naming %q", err, tc.want, b.opts.LoginCommand)
			}
			if n := count(srv, "as", "/authorize") + len(srv.Registrations()); n != 0 {
				t.Fatalf("%d registrations and authorizations happened; want none", n)
			}
		})
	}
}

// A 401 that asks for another scheme than Bearer (Basic, a proxy's) is
// not OAuth's: no discovery starts, and the answer reaches the client,
// which explains it.
func TestOtherSchemesAreLeftAlone(t *testing.T) {
	t.Parallel()
	var requests atomic.Int32
	basic := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("WWW-Authenticate", `Basic realm="mcp"`)
		http.Error(w, "who are you?", http.StatusUnauthorized)
	}))
	t.Cleanup(basic.Close)
	rt := auth.NewTransport(basic.URL+"/mcp", http.DefaultTransport, auth.Options{Agent: grant.FetchAgent{}})
	req, _ := http.NewRequest(http.MethodPost, basic.URL+"/mcp", strings.NewReader(`{}`))
	resp, err := rt.RoundTrip(req)
	if err != nil {
		t.Fatalf("RoundTrip: %v; want the 401 itself", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized || requests.Load() != 1 {
		t.Fatalf("status %d after %d requests; want the server's 401 after its one request", resp.StatusCode, requests.Load())
	}
}
