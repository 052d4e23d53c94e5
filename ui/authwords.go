package ui

import (
	"errors"
	"fmt"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/step"
)

// authVerdict puts an auth failure into words: the step that broke, its
// cause, the request that showed it, and what to do. It is the one place
// the workbench words an auth error, for the auth screen and for a
// connection that failed on one; nil when err is none of the auth
// package's.
func authVerdict(err error) []string {
	var lr *auth.LoginRequiredError
	if errors.As(err, &lr) {
		return []string{"the server needs a login that was not started here: " + lr.Reason,
			"log in with: " + lr.Command}
	}
	var se *step.Error
	if !errors.As(err, &se) {
		return nil
	}
	lines := []string{"✗ the " + string(se.Step) + " step failed"}
	if se.Err != nil {
		lines = append(lines, "cause: "+se.Err.Error())
	}
	if x := se.Exchange; x != nil {
		answer := "no answer"
		if x.Status != 0 {
			answer = fmt.Sprintf("HTTP %d", x.Status)
		}
		lines = append(lines, "shown by: "+x.Method+" "+x.URL+" → "+answer)
	}
	if se.Hint != "" {
		lines = append(lines, "hint: "+se.Hint)
	}
	return lines
}
