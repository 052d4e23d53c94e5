package root

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/testkit"
)

// secretOf is a secret of the given kind, long and random, to grep for.
func secretOf(t *testing.T, kind string) string {
	t.Helper()
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return kind + "-" + hex.EncodeToString(b)
}

// TestAuthPrintersHoldNoSecret feeds a failed step whose exchange holds
// every kind of secret (as if the flow had failed to mask them), a Status
// and a client secret given on the command line through every printer of
// the auth words: the failure's explanation, the -v lines, the login
// command, auth login's text and JSON, and auth status's table and JSON.
// None may print a secret; the masked token shows its last four.
func TestAuthPrintersHoldNoSecret(t *testing.T) {
	t.Parallel()
	access, refresh, secret := secretOf(t, "tok"), secretOf(t, "ref"), secretOf(t, "sec")
	code, verifier, assertion := secretOf(t, "code"), secretOf(t, "ver"), secretOf(t, "jwt")
	all := []string{access, refresh, secret, code, verifier, assertion}
	x := &step.Exchange{Method: "POST", URL: "https://as.example/token?code=" + code + "&client_secret=" + secret,
		RequestHeader: http.Header{"Authorization": {"Bearer " + access}},
		RequestBody:   "grant_type=authorization_code&code=" + code + "&code_verifier=" + verifier + "&client_assertion=" + assertion,
		Status:        200, ResponseHeader: http.Header{"Set-Cookie": {"s=" + refresh}},
		ResponseBody: `{"access_token":"` + access + `","refresh_token":"` + refresh + `"}`}
	failed := &step.Error{Step: step.Token, Err: errors.New("the token answer has no token_type"), Exchange: x, Hint: "report it to the provider"}
	var printed []string
	printed = append(printed, explain(&client.ConnectError{Phase: client.PhaseInitialize, Err: failed})...)
	var events testkit.Buffer
	obs := reach.AuthObserver(&events, true, false)
	obs.Emit(step.Event{Step: step.Token, State: step.Failed, Summary: "POST https://as.example/token: 200", Exchange: x, Err: errors.New("no token_type")})
	printed = append(printed, events.String())

	dir := t.TempDir()
	fa := &fakeAuth{status: []auth.Status{loggedIn(access)}}
	args := [][]string{
		{"auth", "login", "--client-id", "app", "--client-secret", secret, "https://h.example/mcp"},
		{"auth", "login", "--json", "--client-id", "app", "--client-secret", secret, "https://h.example/mcp"},
		{"auth", "status"}, {"auth", "status", "--json"},
	}
	for _, a := range args {
		r := runToolbenchWith(t, fa.install(dir), a...)
		if r.code != exitOK {
			t.Errorf("%q: exit %d: %s", a, r.code, r.err)
		}
		printed = append(printed, r.out, r.err, fa.gotOpts.LoginCommand)
	}
	if fa.gotOpts.ClientSecret != secret {
		t.Error("the client secret did not reach the flow")
	}
	lr := &auth.LoginRequiredError{Command: fa.gotOpts.LoginCommand, Reason: "nobody is at a terminal"}
	printed = append(printed, explain(lr)...)
	text := strings.Join(printed, "\n")
	for _, s := range all {
		if strings.Contains(text, s) {
			t.Errorf("a secret (%s…) was printed:\n%s", s[:6], text)
		}
	}
	if !strings.Contains(text, "••••"+access[len(access)-4:]) || !strings.Contains(text, `--client-secret "$TOOLBENCH_CLIENT_SECRET"`) {
		t.Errorf("the masked token or the secret's placeholder is missing:\n%s", text)
	}
}
