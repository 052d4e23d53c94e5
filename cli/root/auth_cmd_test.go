package root

import (
	"context"
	"encoding/pem"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/auth/store"
	cliauth "github.com/toolbench/toolbench/cli/auth"
	"github.com/toolbench/toolbench/cli/reach"
)

// fakeAuth is the auth package as a test scripts it: what Login, StatusOf
// and Logout return, and what they were asked.
type fakeAuth struct {
	status []auth.Status
	err    error
	n      int

	gotURL  string
	gotOpts auth.Options
}

// install puts the fake and a store under dir into f.
func (a *fakeAuth) install(dir string) func(*factory) {
	return func(f *factory) {
		f.Auth.Store = func() (*store.Store, error) { return store.At(filepath.Join(dir, "oauth.json")), nil }
		f.Auth.Login = func(_ context.Context, u string, o auth.Options) (auth.Status, error) {
			a.gotURL, a.gotOpts = u, o
			if len(a.status) == 0 {
				return auth.Status{}, a.err
			}
			return a.status[0], a.err
		}
		f.Auth.StatusOf = func(_ *store.Store, u string) ([]auth.Status, error) { a.gotURL = u; return a.status, a.err }
		f.Auth.Logout = func(_ context.Context, _ *store.Store, u string, o auth.Options) (int, error) {
			a.gotURL, a.gotOpts = u, o
			return a.n, a.err
		}
	}
}

// newCmdAuthLogin is auth login on f, wired as root.go wires it, for
// parsed: its options are what the wiring made of the flags.
func newCmdAuthLogin(f *factory, runF func(*cliauth.LoginOptions) error) *cobra.Command {
	return cliauth.NewCmdLogin(f.IO, authWiring{f}, &f.Auth, runF)
}

// newCmdAuthLogout is auth logout on f, as newCmdAuthLogin.
func newCmdAuthLogout(f *factory, runF func(*cliauth.LogoutOptions) error) *cobra.Command {
	return cliauth.NewCmdLogout(f.IO, authWiring{f}, &f.Auth, runF)
}

// TestAuthLoginParse: auth login takes the auth flags and an HTTP
// target; it always has an agent (a person asked for the login), and a
// stdio server or a missing target is a usage error.
func TestAuthLoginParse(t *testing.T) {
	t.Parallel()
	got, err := parsed(t, newCmdAuthLogin, "login", "--client-id", "app", "--scope", "read", "--json", "https://h.example/mcp")
	if err != nil {
		t.Fatal(err)
	}
	o := got.Auth
	if got.Target.URL != "https://h.example/mcp" || !got.JSON || o.ClientID != "app" || !reflect.DeepEqual(o.Scopes, []string{"read"}) || o.Store == nil ||
		o.LoginCommand != "toolbench auth login --client-id app --scope read https://h.example/mcp" {
		t.Errorf("got %+v", got)
	}
	if _, ok := o.Agent.(*reach.CLIAgent); !ok {
		t.Errorf("no terminal, yet auth login: agent %T, want the CLI agent", o.Agent)
	}
	fetch, err := parsed(t, newCmdAuthLogin, "login", "--browser", "fetch", "http", "http://127.0.0.1:1/mcp")
	if _, ok := fetch.Auth.Agent.(grant.FetchAgent); err != nil || !ok || fetch.Target.URL != "http://127.0.0.1:1/mcp" {
		t.Errorf("--browser fetch: %T, %v", fetch.Auth.Agent, err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"login"}, "want toolbench auth login [flags] TARGET, got 0 arguments"},
		{[]string{"login", "node", "s.js", "x"}, "got 3 arguments"},
		{[]string{"login", "node"}, `auth login takes an HTTP server (a URL, or the name of one in your config files); "node" is started over stdio`},
		{[]string{"login", "--auth", "off", "https://h.example/mcp"}, "unknown flag: --auth"},
		{[]string{"login", "--client-secret", testSecret, "https://h.example/mcp"}, "--client-secret needs --client-id"},
	} {
		if _, err := parsed(t, newCmdAuthLogin, tt.args...); exitCode(err) != exitUsage || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), testSecret) {
			t.Errorf("%q: got %v, want a usage error containing %q", tt.args, err, tt.want)
		}
	}
}

// TestAuthLoginTLS: auth login reaches the authorization server with the
// TLS settings given for the MCP server.
func TestAuthLoginTLS(t *testing.T) {
	t.Parallel()
	srv := httptest.NewTLSServer(http.NotFoundHandler())
	t.Cleanup(srv.Close)
	ca := writeTestFile(t, t.TempDir(), "ca.pem", string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})))
	login, err := parsed(t, newCmdAuthLogin, "login", "--ca-cert", ca, srv.URL+"/mcp")
	if err != nil {
		t.Fatal(err)
	}
	tr, ok := login.Auth.Base.(*http.Transport)
	if !ok || tr.TLSClientConfig == nil || tr.TLSClientConfig.RootCAs == nil {
		t.Fatalf("auth login: base %#v", login.Auth.Base)
	}
	resp, err := (&http.Client{Transport: tr}).Get(srv.URL)
	if err != nil {
		t.Fatalf("auth login's base does not trust the CA: %v", err)
	}
	resp.Body.Close()
	insecure, err := parsed(t, newCmdAuthLogin, "login", "--insecure", srv.URL+"/mcp")
	if tr, ok := insecure.Auth.Base.(*http.Transport); err != nil || !ok || !tr.TLSClientConfig.InsecureSkipVerify {
		t.Errorf("--insecure: base %#v, %v", insecure.Auth.Base, err)
	}
	if plain, err := parsed(t, newCmdAuthLogin, "login", "http://127.0.0.1:1/mcp"); err != nil || plain.Auth.Base != nil {
		t.Errorf("no TLS settings: base %#v, %v", plain.Auth.Base, err)
	}
}

// loggedIn is what a login stored, as auth.Status says it.
func loggedIn(token string) auth.Status {
	return auth.Status{Resource: "https://h.example/mcp", Issuer: "https://as.example", ClientID: "app-123", ClientSource: "dynamic registration",
		AccessToken: step.Mask(token), Expiry: time.Now().Add(time.Hour + 30*time.Second), Refreshable: true, Scopes: []string{"read", "write"},
		Saved: time.Date(2026, 12, 1, 14, 0, 0, 0, time.UTC)}
}

// TestAuthLoginRun: a failed login, or logout, exits 3, with the failed
// step in words; cli/auth's TestLoginRun has what a login prints.
func TestAuthLoginRun(t *testing.T) {
	t.Parallel()
	failing := &fakeAuth{err: &step.Error{Step: step.Callback, Err: errors.New("the iss parameter names another issuer"), Hint: "the authorization server may be misconfigured"}}
	r := runToolbenchWith(t, failing.install(t.TempDir()), "auth", "login", "https://h.example/mcp")
	if r.code != exitConnect || r.err != "toolbench: authorization failed at callback: the iss parameter names another issuer\n  hint: the authorization server may be misconfigured\n" {
		t.Errorf("failed login: exit %d, stderr %q", r.code, r.err)
	}
	plain := &fakeAuth{err: errors.New("the token endpoint answered HTTP 400 \"invalid_grant\"")}
	if r = runToolbenchWith(t, plain.install(t.TempDir()), "auth", "login", "https://h.example/mcp"); r.code != exitConnect ||
		r.err != "toolbench: log in at https://h.example/mcp: the token endpoint answered HTTP 400 \"invalid_grant\"\n" {
		t.Errorf("failed login: exit %d, stderr %q", r.code, r.err)
	}
	if r = runToolbenchWith(t, plain.install(t.TempDir()), "auth", "logout", "https://h.example/mcp"); r.code != exitConnect {
		t.Errorf("failed logout: exit %d, stderr %q", r.code, r.err)
	}
}
