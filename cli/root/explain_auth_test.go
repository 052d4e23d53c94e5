package root

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/step"
	cliauth "github.com/toolbench/toolbench/cli/auth"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/testkit"
)

// TestAuthWords: explain.go alone puts an authorization failure into
// words, whether it arrives bare, inside a *client.ConnectError or as the
// cause of a request's failure, and exit.go maps every one to 3.
func TestAuthWords(t *testing.T) {
	t.Parallel()
	const cmd = "toolbench auth login https://h.example/mcp"
	noRegistration := &step.Error{Step: step.Registration, Err: errors.New("the authorization server offers no dynamic registration"),
		Hint: "register toolbench with the provider and give --client-id"}
	badClient := &step.Error{Step: step.Token, Err: errors.New("the token endpoint refused the client"),
		Exchange: &step.Exchange{Method: "POST", URL: "https://as.example/token", Status: 401, ResponseBody: "{\n  \"error\": \"invalid_client\"\n}"}}
	noAnswer := &step.Error{Step: step.ServerMetadata, Err: errors.New("no metadata"),
		Exchange: &step.Exchange{Method: "GET", URL: "https://as.example/.well-known/oauth-authorization-server", Err: "connection refused"}}
	login := &auth.LoginRequiredError{Resource: "https://h.example/mcp", Command: cmd, Reason: "nobody is at a terminal to log in"}
	tests := []struct {
		name string
		err  error
		want []string
	}{
		{"a step with a hint, at connect", &client.ConnectError{Phase: client.PhaseInitialize, Err: noRegistration}, []string{
			"authorization failed at registration: the authorization server offers no dynamic registration",
			"  hint: register toolbench with the provider and give --client-id"}},
		{"a step and its exchange", fmt.Errorf("list tools: %w", badClient), []string{
			"authorization failed at token: the token endpoint refused the client",
			"  request: POST https://as.example/token: HTTP 401 Unauthorized",
			`  answer: { "error": "invalid_client" }`}},
		{"an exchange with no answer", noAnswer, []string{
			"authorization failed at authorization server metadata: no metadata",
			"  request: GET https://as.example/.well-known/oauth-authorization-server: no answer: connection refused"}},
		{"a login nobody can answer, at a call", &client.RequestError{What: "call echo", Err: login}, []string{
			"the server needs a login: nobody is at a terminal to log in",
			"  hint: run `" + cmd + "`, then try again"}},
		{"a login at connect", &client.ConnectError{Phase: client.PhaseConnect, Err: login}, []string{
			"the server needs a login: nobody is at a terminal to log in",
			"  hint: run `" + cmd + "`, then try again"}},
		{"a failed login of auth login", &cliauth.LoginError{Err: fmt.Errorf("log in at https://h.example/mcp: %w", errors.New("the token endpoint answered HTTP 400 \"invalid_grant\""))}, []string{
			"log in at https://h.example/mcp: the token endpoint answered HTTP 400 \"invalid_grant\""}},
	}
	for _, tt := range tests {
		if got := explain(tt.err); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s:\n%s\nwant\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
		if code := exitCode(tt.err); code != exitConnect {
			t.Errorf("%s: exit %d, want %d", tt.name, code, exitConnect)
		}
	}
}

// runToolbenchWith is runToolbench on a factory that setup changes first.
func runToolbenchWith(t *testing.T, setup func(*factory), args ...string) result {
	t.Helper()
	var out, errOut testkit.Buffer
	f := testFactory(&streams{In: strings.NewReader(""), Out: &out, Err: &errOut})
	setup(f)
	code := run(context.Background(), args, f)
	return result{out: out.String(), err: errOut.String(), code: code}
}

// TestRefusalSuggestsLogin: a 401 that no login answered suggests the
// login command, not only a header: with --auth off (which it names) and
// when the flow let the 401 through. It used to say toolbench could not
// sign in with OAuth.
func TestRefusalSuggestsLogin(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="http://`+r.Host+`/.well-known/oauth-protected-resource"`)
		w.WriteHeader(http.StatusUnauthorized)
	}))
	t.Cleanup(srv.Close)
	url := srv.URL + "/mcp"
	passThrough := func(f *factory) {
		f.Auth.NewTransport = func(_ string, base http.RoundTripper, _ auth.Options) http.RoundTripper { return base }
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"--auth off", []string{"tools", "--auth", "off", "http", url},
			"  hint: it wants an OAuth login, which --auth off turned off: drop --auth off, or log in first with `toolbench auth login http " + url +
				"`; or pass a token with -H 'Authorization: Bearer <token>'\n"},
		{"the flow let it through", []string{"info", "--scope", "read", url},
			"  hint: log in with `toolbench auth login --scope read " + url + "`, or pass a token with -H 'Authorization: Bearer <token>'\n"},
	}
	for _, tt := range tests {
		r := runToolbenchWith(t, passThrough, tt.args...)
		if r.code != exitConnect || !strings.Contains(r.err, "refused access (HTTP 401 Unauthorized)") || !strings.HasSuffix(r.err, tt.want) ||
			strings.Contains(r.err, "cannot sign in") || !strings.Contains(r.err, "the server's challenge: WWW-Authenticate: Bearer resource_metadata=") {
			t.Errorf("%s: exit %d, stderr:\n%s", tt.name, r.code, r.err)
		}
	}
}
