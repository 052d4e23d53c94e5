package root

import (
	"errors"

	"github.com/toolbench/toolbench/cli/hosts"
)

// explainHosts says what to do when `hosts` failed on --fail-on: the
// report is printed above, and the hint names the flags that show why
// and that change the threshold. Nil for any other error.
func explainHosts(err error) []string {
	var hf *hosts.FailedError
	if !errors.As(err, &hf) {
		return nil
	}
	return []string{"  hint: --host " + string(hf.Hosts[0]) + " prints each finding with its fix and sources; " +
		"--fail-on never only reports (the default fails on hidden)"}
}
