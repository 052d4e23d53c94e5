// Package explain turns errors into the words a person reads: what failed,
// the evidence the failure left, and what to try. The CLI and the workbench
// both take their sentences from here, so a failure reads the same on
// either; each lays the words out its own way (the CLI indents them under
// the first line on stderr, the workbench lists them under its header).
//
// Errors in, words out: it reads the fields errors carry (client.Evidence,
// hints, auth steps), never the text of err.Error(), and draws nothing.
// Words that name one surface's controls (a CLI flag, a key) stay with that
// surface.
package explain

import (
	"errors"
	"strconv"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/redirect"
)

// Words is one error put into words.
type Words struct {
	// Summary is the first line: the error's own message, or, for an
	// authorization failure, the sentence that says which step failed or
	// that a login is needed.
	Summary string
	// Evidence is what the failure left behind, a line each, unindented:
	// the auth request that showed a failure, what a stdio server wrote to
	// stdout, a frame toolbench dropped, the
	// server's auth challenge, a lost session's answer, a second
	// transport's failure, and last the
	// server's stderr under a heading line, each of its lines indented by
	// two spaces. The text is the server's: surfaces make it safe to print.
	Evidence []string
	// Hint is what to try next, "" when nothing is known.
	Hint string
}

// Error puts err into words. stderr is the server's stderr tail as the
// caller knows it apart from err (the workbench keeps its session's); it
// is used only when err carries none.
func Error(err error, stderr []string) Words {
	w := Words{Hint: client.HintOf(err)}
	if !authWords(err, &w) {
		w.Summary = err.Error()
	}
	ev := client.EvidenceOf(err)
	if ev.Noise != "" {
		w.Evidence = append(w.Evidence, "the server wrote non-JSON to stdout: "+strconv.Quote(ev.Noise),
			"stdout of a stdio server must carry only JSON-RPC messages; log to stderr instead")
	}
	if ev.Dropped != "" {
		w.Evidence = append(w.Evidence, "toolbench dropped a frame that is not valid JSON-RPC 2.0: "+ev.Dropped)
	}
	if ev.Challenge != "" {
		w.Evidence = append(w.Evidence, "the server's challenge: WWW-Authenticate: "+ev.Challenge)
	}
	var sl *client.SessionLostError
	if errors.As(err, &sl) && sl.Excerpt != "" {
		w.Evidence = append(w.Evidence, "the server's answer: "+strconv.Quote(sl.Excerpt))
	}
	var ce *client.ConnectError
	if errors.As(err, &ce) && ce.Also != nil {
		w.Evidence = append(w.Evidence, "SSE, tried next, failed too: "+ce.Also.Error())
	}
	if len(ev.Stderr) > 0 {
		stderr = ev.Stderr
	}
	if len(stderr) > 0 {
		w.Evidence = append(w.Evidence, "last lines of the server's stderr:")
		for _, l := range stderr {
			w.Evidence = append(w.Evidence, "  "+l)
		}
	}
	var re *redirect.Error
	if errors.As(err, &re) {
		// The request never reached the other origin: nothing else is
		// known about it, so this hint takes the place of any other.
		w.Hint = re.Hint()
	}
	return w
}

// IsAuth reports whether err is an authorization failure Error words
// apart: a failed step of the OAuth flow, or a login toolbench may not
// start here. Its Summary then replaces the error's own message.
func IsAuth(err error) bool {
	var lr *auth.LoginRequiredError
	var se *step.Error
	return errors.As(err, &lr) || errors.As(err, &se)
}
