package auth

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	oauth "github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/cli/usage"
)

// isUsage reports whether err is a usage error (exit 2 in cli/root).
func isUsage(err error) bool {
	var ue usage.Error
	return errors.As(err, &ue)
}

// TestLoginRun: a login prints the issuer, the client and its source,
// the scopes, the expiry and the masked token, or them as JSON, with the
// options LoginFlags made; a failure is a LoginError that says where.
func TestLoginRun(t *testing.T) {
	t.Parallel()
	const token = "tok-7d0c5e3b9a1f48e2c6b04d17"
	fa := &fakeAPI{status: []oauth.Status{loggedIn(token)}}
	r := runAuth(fa, t.TempDir(), "login", "--client-id", "app", "--follow-redirects", "https://h.example/mcp")
	want := []string{"logged in at https://h.example/mcp\n", "  issuer:   https://as.example\n", "  client:   app-123 (dynamic registration)\n",
		"  scopes:   read write\n", "  expires:  in 1h0m (", "  token:    ••••4d17\n", "  refresh:  yes\n"}
	for _, w := range want {
		if !strings.Contains(r.out, w) {
			t.Errorf("stdout lacks %q:\n%s", w, r.out)
		}
	}
	if r.err != nil || fa.gotURL != "https://h.example/mcp" || strings.Contains(r.out, token) {
		t.Errorf("err %v, url %q:\n%s", r.err, fa.gotURL, r.out)
	}
	if fa.gotOpts.ClientID != "app" || !fa.gotOpts.FollowRedirects || !slices.Equal(r.announced, []string{"https://h.example/mcp"}) {
		t.Errorf("options %+v, announced %q", fa.gotOpts, r.announced)
	}
	r = runAuth(fa, t.TempDir(), "login", "--json", "https://h.example/mcp")
	var js map[string]any
	if err := json.Unmarshal([]byte(r.out), &js); err != nil || js["accessToken"] != "••••4d17" || js["clientSource"] != "dynamic registration" || js["refreshable"] != true {
		t.Errorf("--json: %v\n%s", err, r.out)
	}
	plain := &fakeAPI{err: errors.New("the token endpoint answered HTTP 400 \"invalid_grant\"")}
	if r = runAuth(plain, t.TempDir(), "login", "https://h.example/mcp"); !isLoginError(r.err) ||
		r.err.Error() != "log in at https://h.example/mcp: the token endpoint answered HTTP 400 \"invalid_grant\"" {
		t.Errorf("failed login: %v", r.err)
	}
	for _, args := range [][]string{{"login"}, {"login", "node", "server.js"}} {
		if r = runAuth(&fakeAPI{}, t.TempDir(), args...); !isUsage(r.err) || r.announced != nil {
			t.Errorf("%q: %v, announced %q", args, r.err, r.announced)
		}
	}
}

// TestStatusRun: status lists what is stored, for one server or all,
// as a table or JSON, and says so when nothing is; none is no error.
func TestStatusRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	two := &fakeAPI{status: []oauth.Status{loggedIn("tok-1111111111111111aaaa"), {Resource: "https://other.example/mcp", Issuer: "https://as2.example", ClientID: "c2"}}}
	r := runAuth(two, dir, "status")
	lines := strings.Split(strings.TrimSpace(r.out), "\n")
	if r.err != nil || two.gotURL != "" || len(lines) != 3 ||
		!strings.HasPrefix(lines[0], "RESOURCE") || !strings.Contains(lines[0], "EXPIRES IN  REFRESH  SAVED") ||
		!reflect.DeepEqual(strings.Fields(lines[1])[:7], []string{"https://h.example/mcp", "https://as.example", "app-123", "read", "write", "1h0m", "yes"}) ||
		!reflect.DeepEqual(strings.Fields(lines[2]), []string{"https://other.example/mcp", "https://as2.example", "c2", "-", "-", "no", "-"}) {
		t.Errorf("err %v, url %q:\n%s", r.err, two.gotURL, r.out)
	}
	r = runAuth(two, dir, "status", "--json", "https://h.example/mcp")
	var js struct {
		Store   string           `json:"store"`
		Entries []map[string]any `json:"entries"`
	}
	if err := json.Unmarshal([]byte(r.out), &js); err != nil || js.Store != filepath.Join(dir, "oauth.json") || len(js.Entries) != 2 || two.gotURL != "https://h.example/mcp" {
		t.Errorf("--json: %v, url %q\n%s", err, two.gotURL, r.out)
	}
	none := &fakeAPI{}
	r = runAuth(none, dir, "status", "https://u:pw@h.example/mcp")
	if r.err != nil || r.out != "nothing stored for https://***:***@h.example/mcp (in "+filepath.Join(dir, "oauth.json")+"); log in with `toolbench auth login TARGET`\n" {
		t.Errorf("nothing stored: %v, %q", r.err, r.out)
	}
	if r = runAuth(none, dir, "status", "--json"); r.err != nil || !strings.Contains(r.out, `"entries": []`) {
		t.Errorf("nothing stored, --json: %v, %q", r.err, r.out)
	}
}

// TestLogoutRun: logout says how many entries it removed; none is not
// an error; a failure is a LoginError; no target, or an unknown command
// of auth, is a usage error.
func TestLogoutRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		fa     *fakeAPI
		failed bool
		out    string
	}{
		{&fakeAPI{n: 2}, false, "removed 2 entries for https://h.example/mcp from " + filepath.Join(dir, "oauth.json") + "\n"},
		{&fakeAPI{n: 1}, false, "removed 1 entry for https://h.example/mcp from "},
		{&fakeAPI{}, false, "nothing was stored for https://h.example/mcp; nothing removed\n"},
		{&fakeAPI{err: &step.Error{Step: step.Refresh, Err: errors.New("revocation refused")}}, true, ""},
	}
	for _, tt := range tests {
		r := runAuth(tt.fa, dir, "logout", "https://h.example/mcp")
		if isLoginError(r.err) != tt.failed || !tt.failed && r.err != nil || !strings.HasPrefix(r.out, tt.out) || tt.out == "" && r.out != "" ||
			tt.fa.gotOpts.Store == nil || tt.fa.gotOpts.Observe == nil {
			t.Errorf("logout of %d: %v, stdout %q", tt.fa.n, r.err, r.out)
		}
	}
	if r := runAuth(&fakeAPI{}, dir, "logout"); !isUsage(r.err) {
		t.Errorf("logout without a target: %v", r.err)
	}
	if r := runAuth(&fakeAPI{}, dir, "frobnicate"); !isUsage(r.err) || !strings.Contains(r.err.Error(), `unknown command "frobnicate" of toolbench auth; want login, status or logout`) {
		t.Errorf("auth frobnicate: %v", r.err)
	}
}
