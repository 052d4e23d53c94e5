package root

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/target"
)

// refusedError is a server's refusal (a 401 or 403 with a challenge) that
// no OAuth login answered: --auth off, or a flow that did not start. It
// carries the login command, for explain to suggest.
type refusedError struct {
	err error
	// Command is the `toolbench auth login` for the server.
	Command string
	// AuthOff says --auth off kept toolbench from logging in.
	AuthOff bool
}

// Error reads as the refusal.
func (e *refusedError) Error() string { return e.err.Error() }

// Unwrap returns the refusal.
func (e *refusedError) Unwrap() error { return e.err }

// refusalHint is what to do about a refusal: log in, or send a token.
func (e *refusedError) refusalHint() string {
	if e.AuthOff {
		return "it wants an OAuth login, which --auth off turned off: drop --auth off, or log in first with `" + e.Command +
			"`; or pass a token with -H 'Authorization: Bearer <token>'"
	}
	return "log in with `" + e.Command + "`, or pass a token with -H 'Authorization: Bearer <token>'"
}

// explainAuth puts an authorization failure into words: a failed step of
// the flow (which step, why, the exchange that showed it, the hint) or a
// login toolbench may not start here (why, and the command that does).
// ok is false for other errors.
func explainAuth(err error) (lines []string, ok bool) {
	var lr *auth.LoginRequiredError
	if errors.As(err, &lr) {
		lines = []string{"the server needs a login: " + orWord(lr.Reason, "toolbench may not start one here")}
		if lr.Command != "" {
			lines = append(lines, "  hint: run `"+lr.Command+"`, then this command again")
		}
		return lines, true
	}
	var se *step.Error
	if !errors.As(err, &se) {
		return nil, false
	}
	cause := "it failed"
	if se.Err != nil {
		cause = se.Err.Error()
	}
	lines = []string{"authorization failed at " + string(se.Step) + ": " + cause}
	lines = append(lines, exchangeLines(se.Exchange)...)
	hint := se.Hint
	if rh := redirectHint(err); rh != "" {
		hint = rh
	}
	if hint != "" {
		lines = append(lines, "  hint: "+hint)
	}
	return lines, true
}

// exchangeLines are the evidence of a failed step: the request, the
// status, and the start of an error answer. The exchange is masked
// already; still, only an error answer's body is shown (a 200 from a token
// endpoint is the token) and the URL's credential-like parameters are
// redacted again. Its text is the authorization server's, made safe where
// it is printed.
func exchangeLines(x *step.Exchange) []string {
	if x == nil {
		return nil
	}
	req := "  request: " + x.Method + " " + target.Redact(x.URL)
	switch {
	case x.Status != 0:
		req += fmt.Sprintf(": HTTP %d %s", x.Status, http.StatusText(x.Status))
	case x.Err != "":
		req += ": no answer: " + x.Err
	}
	lines := []string{req}
	if body := oneLine(x.ResponseBody); body != "" && x.Status >= 400 {
		lines = append(lines, "  answer: "+cut(body, 300))
	}
	return lines
}

// orWord is s, or what stands in for it when it is empty.
func orWord(s, instead string) string {
	if s == "" {
		return instead
	}
	return s
}

// oneLine joins the lines of s with spaces and trims it.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// cut shortens s to about n bytes on a rune boundary, marking the cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
