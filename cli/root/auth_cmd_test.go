package root

import (
	"context"
	"encoding/json"
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
	return cliauth.NewCmdLogin(f.IO, authWiring{f}, &f.Auth.API, runF)
}

// newCmdAuthLogout is auth logout on f, as newCmdAuthLogin.
func newCmdAuthLogout(f *factory, runF func(*cliauth.LogoutOptions) error) *cobra.Command {
	return cliauth.NewCmdLogout(f.IO, authWiring{f}, &f.Auth.API, runF)
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
	if _, ok := o.Agent.(*cliAgent); !ok {
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

// TestAuthLoginRun: a login prints the issuer, the client and its source,
// the scopes, the expiry and the masked token, or them as JSON; a failure
// exits 3 with the failed step in words.
func TestAuthLoginRun(t *testing.T) {
	t.Parallel()
	const token = "tok-7d0c5e3b9a1f48e2c6b04d17"
	fa := &fakeAuth{status: []auth.Status{loggedIn(token)}}
	r := runToolbenchWith(t, fa.install(t.TempDir()), "auth", "login", "https://h.example/mcp")
	want := []string{"logged in at https://h.example/mcp\n", "  issuer:   https://as.example\n", "  client:   app-123 (dynamic registration)\n",
		"  scopes:   read write\n", "  expires:  in 1h0m (", "  token:    ••••4d17\n", "  refresh:  yes\n"}
	for _, w := range want {
		if !strings.Contains(r.out, w) {
			t.Errorf("stdout lacks %q:\n%s", w, r.out)
		}
	}
	if r.code != exitOK || fa.gotURL != "https://h.example/mcp" || strings.Contains(r.out, token) {
		t.Errorf("exit %d, url %q:\n%s%s", r.code, fa.gotURL, r.out, r.err)
	}
	r = runToolbenchWith(t, fa.install(t.TempDir()), "auth", "login", "--json", "https://h.example/mcp")
	var js map[string]any
	if err := json.Unmarshal([]byte(r.out), &js); err != nil || js["accessToken"] != "••••4d17" || js["clientSource"] != "dynamic registration" || js["refreshable"] != true {
		t.Errorf("--json: %v\n%s", err, r.out)
	}
	failing := &fakeAuth{err: &step.Error{Step: step.Callback, Err: errors.New("the iss parameter names another issuer"), Hint: "the authorization server may be misconfigured"}}
	r = runToolbenchWith(t, failing.install(t.TempDir()), "auth", "login", "https://h.example/mcp")
	if r.code != exitConnect || r.err != "toolbench: authorization failed at callback: the iss parameter names another issuer\n  hint: the authorization server may be misconfigured\n" {
		t.Errorf("failed login: exit %d, stderr %q", r.code, r.err)
	}
	plain := &fakeAuth{err: errors.New("the token endpoint answered HTTP 400 \"invalid_grant\"")}
	if r = runToolbenchWith(t, plain.install(t.TempDir()), "auth", "login", "https://h.example/mcp"); r.code != exitConnect ||
		r.err != "toolbench: log in at https://h.example/mcp: the token endpoint answered HTTP 400 \"invalid_grant\"\n" {
		t.Errorf("failed login: exit %d, stderr %q", r.code, r.err)
	}
}

// TestAuthStatusRun: status lists what is stored, for one server or all,
// as a table or JSON, and says so when nothing is; it exits 0 either way.
func TestAuthStatusRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	two := &fakeAuth{status: []auth.Status{loggedIn("tok-1111111111111111aaaa"), {Resource: "https://other.example/mcp", Issuer: "https://as2.example", ClientID: "c2"}}}
	r := runToolbenchWith(t, two.install(dir), "auth", "status")
	lines := strings.Split(strings.TrimSpace(r.out), "\n")
	if r.code != exitOK || two.gotURL != "" || len(lines) != 3 ||
		!strings.HasPrefix(lines[0], "RESOURCE") || !strings.Contains(lines[0], "EXPIRES IN  REFRESH  SAVED") ||
		!reflect.DeepEqual(strings.Fields(lines[1])[:7], []string{"https://h.example/mcp", "https://as.example", "app-123", "read", "write", "1h0m", "yes"}) ||
		!reflect.DeepEqual(strings.Fields(lines[2]), []string{"https://other.example/mcp", "https://as2.example", "c2", "-", "-", "no", "-"}) {
		t.Errorf("exit %d, url %q:\n%s%s", r.code, two.gotURL, r.out, r.err)
	}
	r = runToolbenchWith(t, two.install(dir), "auth", "status", "--json", "https://h.example/mcp")
	var js struct {
		Store   string           `json:"store"`
		Entries []map[string]any `json:"entries"`
	}
	if err := json.Unmarshal([]byte(r.out), &js); err != nil || js.Store != filepath.Join(dir, "oauth.json") || len(js.Entries) != 2 || two.gotURL != "https://h.example/mcp" {
		t.Errorf("--json: %v, url %q\n%s", err, two.gotURL, r.out)
	}
	none := &fakeAuth{}
	r = runToolbenchWith(t, none.install(dir), "auth", "status", "https://u:pw@h.example/mcp")
	if r.code != exitOK || r.out != "nothing stored for https://***:***@h.example/mcp (in "+filepath.Join(dir, "oauth.json")+"); log in with `toolbench auth login TARGET`\n" {
		t.Errorf("nothing stored: exit %d, %q", r.code, r.out)
	}
	if r = runToolbenchWith(t, none.install(dir), "auth", "status", "--json"); r.code != exitOK || !strings.Contains(r.out, `"entries": []`) {
		t.Errorf("nothing stored, --json: exit %d, %q", r.code, r.out)
	}
}

// TestAuthLogoutRun: logout says how many entries it removed; none is not
// an error; a failure exits 3.
func TestAuthLogoutRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		fa   *fakeAuth
		code int
		out  string
	}{
		{&fakeAuth{n: 2}, exitOK, "removed 2 entries for https://h.example/mcp from " + filepath.Join(dir, "oauth.json") + "\n"},
		{&fakeAuth{n: 1}, exitOK, "removed 1 entry for https://h.example/mcp from "},
		{&fakeAuth{}, exitOK, "nothing was stored for https://h.example/mcp; nothing removed\n"},
		{&fakeAuth{err: &step.Error{Step: step.Refresh, Err: errors.New("revocation refused")}}, exitConnect, ""},
	}
	for _, tt := range tests {
		r := runToolbenchWith(t, tt.fa.install(dir), "auth", "logout", "https://h.example/mcp")
		if r.code != tt.code || !strings.HasPrefix(r.out, tt.out) || tt.out == "" && r.out != "" || tt.fa.gotOpts.Store == nil {
			t.Errorf("logout of %d: exit %d, stdout %q, stderr %q", tt.fa.n, r.code, r.out, r.err)
		}
	}
	if r := runToolbenchWith(t, (&fakeAuth{}).install(dir), "auth", "logout"); r.code != exitUsage {
		t.Errorf("logout without a target: exit %d", r.code)
	}
	if r := runToolbenchWith(t, (&fakeAuth{}).install(dir), "auth", "frobnicate"); r.code != exitUsage || !strings.Contains(r.err, `unknown command "frobnicate" of toolbench auth; want login, status or logout`) {
		t.Errorf("auth frobnicate: exit %d, %q", r.code, r.err)
	}
}
