package root

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/redirect"
)

// redirectingServer is the fixture over streamable HTTP at /mcp, behind
// origin A (another port of 127.0.0.1), where /away/X redirects to the
// fixture's /X and /hop/X to A's own /X, which A passes on.
func redirectingServer(t *testing.T) (a, b string) {
	t.Helper()
	b, stop, err := fixture.StartHTTP(fixture.NewServer())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	b = strings.TrimSuffix(b, "/mcp")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, "/away/"):
			http.Redirect(w, r, b+strings.TrimPrefix(r.URL.RequestURI(), "/away"), http.StatusTemporaryRedirect)
		case strings.HasPrefix(r.URL.Path, "/hop/"):
			http.Redirect(w, r, strings.TrimPrefix(r.URL.RequestURI(), "/hop"), http.StatusTemporaryRedirect)
		default:
			http.Redirect(w, r, b+r.URL.RequestURI(), http.StatusTemporaryRedirect)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL, b
}

// A redirect to another origin fails the connection (exit 3) in words
// that name both URLs, masked, and the flag that follows it;
// --follow-redirects follows it, and -v says so, as it says where a
// redirect within the origin went.
func TestRedirectWords(t *testing.T) {
	t.Parallel()
	a, b := redirectingServer(t)
	const secret = "s3cret-4711"
	r := runToolbench(t, context.Background(), "", "tools", "-H", "X-Api-Key: "+secret, "http", a+"/away/mcp?api_key="+secret)
	if r.code != exitConnect {
		t.Errorf("exit %d, want %d\nstderr:\n%s", r.code, exitConnect, r.err)
	}
	for _, want := range []string{
		a + "/away/mcp?api_key=*** redirected (HTTP 307) to " + b + "/mcp?api_key=***, which is another origin: not followed",
		"hint: toolbench sends nothing to another origin than the one you named; if you trust " + b + ", pass --follow-redirects",
	} {
		if !strings.Contains(r.err, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.err)
		}
	}
	if strings.Contains(r.err+r.out, secret) {
		t.Errorf("the output holds the secret:\n%s%s", r.out, r.err)
	}

	r = runToolbench(t, context.Background(), "", "tools", "-v", "--follow-redirects", "http", a+"/away/mcp")
	if r.code != exitOK || !strings.Contains(r.out, "echo") {
		t.Fatalf("--follow-redirects: exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.out, r.err)
	}
	if want := "toolbench: redirected to another origin, without credentials: " + a + "/away/mcp -> " + b + "/mcp (307)"; !strings.Contains(r.err, want) {
		t.Errorf("-v lacks %q:\n%s", want, r.err)
	}

	// /hop/away/mcp goes to A's /away/mcp, then to B: the first hop is
	// within A's origin.
	r = runToolbench(t, context.Background(), "", "tools", "-v", "--follow-redirects", "http", a+"/hop/away/mcp?token="+secret)
	if want := "toolbench: redirected: " + a + "/hop/away/mcp?token=*** -> " + a + "/away/mcp?token=*** (307)"; r.code != exitOK || !strings.Contains(r.err, want) {
		t.Errorf("exit %d; -v lacks %q:\n%s", r.code, want, r.err)
	}
}

// A refused redirect is a connection failure wherever it comes, in a
// request after the connection or in an OAuth step, and its hint names
// the flag, or says why the flag cannot help a token request.
func TestRedirectExplained(t *testing.T) {
	t.Parallel()
	refusal := &redirect.Error{From: "http://127.0.0.1:1/mcp", To: "http://127.0.0.1:2/mcp", Status: 308}
	token := &redirect.Error{From: "http://127.0.0.1:1/token", To: "http://127.0.0.1:2/token", Status: 307, BodyCredentials: true}
	for _, tc := range []struct {
		name string
		err  error
		hint string
	}{
		{"request", &client.RequestError{What: "tools/list", Err: fmt.Errorf("send: %w", refusal), Hint: "not this"},
			"if you trust http://127.0.0.1:2, pass --follow-redirects"},
		{"discovery", &step.Error{Step: step.ResourceMetadata, Err: fmt.Errorf("GET x: %w", refusal), Hint: "check that the server is reachable"},
			"if you trust http://127.0.0.1:2, pass --follow-redirects"},
		{"token", &step.Error{Step: step.Token, Err: fmt.Errorf("token: %w", token)},
			"a token request's body is a credential, so toolbench never follows its redirect to another origin, --follow-redirects or not"},
	} {
		if got := exitCode(tc.err); got != exitConnect {
			t.Errorf("%s: exit %d, want %d", tc.name, got, exitConnect)
		}
		lines := strings.Join(explain(tc.err), "\n")
		if !strings.Contains(lines, "hint: ") || !strings.Contains(lines, tc.hint) {
			t.Errorf("%s: explained as\n%s\nwant the hint %q", tc.name, lines, tc.hint)
		}
		if strings.Count(lines, "hint: ") != 1 {
			t.Errorf("%s: more than one hint:\n%s", tc.name, lines)
		}
		var re *redirect.Error
		if !errors.As(tc.err, &re) {
			t.Errorf("%s: not a redirect.Error", tc.name)
		}
	}
}

// --follow-redirects reaches the OAuth requests of every command that
// makes them, and the login command a refusal suggests keeps it.
func TestRedirectFlagReachesAuth(t *testing.T) {
	t.Parallel()
	const url = "http://127.0.0.1:1/mcp"
	login, err := parsed(t, newCmdAuthLogin, "login", "--follow-redirects", url)
	if err != nil {
		t.Fatal(err)
	}
	if !login.Target.FollowRedirects || !login.Auth.FollowRedirects {
		t.Errorf("auth login: target %v, auth %v", login.Target.FollowRedirects, login.Auth.FollowRedirects)
	}
	logout, err := parsed(t, newCmdAuthLogout, "logout", "--follow-redirects", url)
	if err != nil {
		t.Fatal(err)
	}
	if !logout.Auth.FollowRedirects {
		t.Errorf("auth logout: auth %v", logout.Auth.FollowRedirects)
	}
	tools, err := parsed(t, newCmdTools, "tools", "--follow-redirects", url)
	if err != nil {
		t.Fatal(err)
	}
	if tools.Server.Auth == nil || !tools.Server.Auth.FollowRedirects {
		t.Fatalf("tools: auth %+v", tools.Server.Auth)
	}
	if want := "toolbench auth login --follow-redirects " + url; tools.Server.LoginCommand != want {
		t.Errorf("login command %q, want %q", tools.Server.LoginCommand, want)
	}
}
