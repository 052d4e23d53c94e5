package explain

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/target"
)

// authWords puts an authorization failure into w's summary, evidence and
// hint: a login toolbench may not start here (why, and the command that
// does), or a failed step of the flow (which, why, the exchange that
// showed it, the step's hint). It reports false, leaving w alone, for
// other errors.
func authWords(err error, w *Words) bool {
	var lr *auth.LoginRequiredError
	if errors.As(err, &lr) {
		w.Summary = "the server needs a login: " + orWord(lr.Reason, "toolbench may not start one here")
		w.Hint = ""
		if lr.Command != "" {
			w.Hint = "run `" + lr.Command + "`, then try again"
		}
		return true
	}
	var se *step.Error
	if !errors.As(err, &se) {
		return false
	}
	cause := "it failed"
	if se.Err != nil {
		cause = se.Err.Error()
	}
	w.Summary = "authorization failed at " + string(se.Step) + ": " + cause
	w.Evidence = append(w.Evidence, exchangeLines(se.Exchange)...)
	w.Hint = se.Hint
	return true
}

// exchangeLines are the evidence of a failed step: the request, the
// status, and the start of an error answer. The exchange is masked
// already; still, only an error answer's body is shown (a 200 from a token
// endpoint is the token) and the URL's credential-like parameters are
// redacted again.
func exchangeLines(x *step.Exchange) []string {
	if x == nil {
		return nil
	}
	req := "request: " + x.Method + " " + target.Redact(x.URL)
	switch {
	case x.Status != 0:
		req += fmt.Sprintf(": HTTP %d %s", x.Status, http.StatusText(x.Status))
	case x.Err != "":
		req += ": no answer: " + x.Err
	}
	lines := []string{req}
	if body := oneLine(x.ResponseBody); body != "" && x.Status >= 400 {
		lines = append(lines, "answer: "+cut(body, 300))
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
