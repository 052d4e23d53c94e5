package ui

import (
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/explain"
)

// authVerdict is a failed step's verdict for the auth screen, in the
// explain package's sentences (the CLI's too), marked as a failure: its
// error's words, or those of a failure at the step when the error is not
// one of the auth package's (explain words a step whose cause is nil too).
func authVerdict(name step.Name, err error) []string {
	if err == nil || !explain.IsAuth(err) {
		err = &step.Error{Step: name, Err: err}
	}
	w := explain.Error(err, nil)
	lines := append([]string{"✗ " + w.Summary}, w.Evidence...)
	if w.Hint != "" {
		lines = append(lines, "hint: "+w.Hint)
	}
	return lines
}
