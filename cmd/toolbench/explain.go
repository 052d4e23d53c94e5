package main

import (
	"errors"
	"strconv"

	"github.com/toolbench/toolbench/client"
)

// explain turns an error into the lines a person reads on stderr: what
// failed, then what the server left behind, then what to try. It is the
// CLI's only place that puts client errors into words; the errors carry
// their evidence and hint as data.
func explain(err error) []string {
	lines := []string{err.Error()}
	var ae *argumentsError
	if errors.As(err, &ae) {
		for _, v := range ae.Violations {
			lines = append(lines, "  "+displayPath(v.InstancePath)+": "+v.Message)
		}
		return append(lines, "  hint: fix them, or send them anyway with --no-validate")
	}
	ev := client.EvidenceOf(err)
	if ev.Noise != "" {
		lines = append(lines, "  the server wrote non-JSON to stdout: "+strconv.Quote(ev.Noise),
			"  stdout of a stdio server must carry only JSON-RPC messages; log to stderr instead")
	}
	if ev.Dropped != "" {
		lines = append(lines, "  toolbench dropped a frame that is not valid JSON-RPC 2.0: "+ev.Dropped)
	}
	if ev.Challenge != "" {
		lines = append(lines, "  the server's challenge: WWW-Authenticate: "+ev.Challenge)
	}
	if len(ev.Stderr) > 0 {
		lines = append(lines, "  last lines of the server's stderr:")
		for _, l := range ev.Stderr {
			lines = append(lines, "    "+l)
		}
	}
	var ce *client.ConnectError
	if errors.As(err, &ce) && ce.Also != nil {
		lines = append(lines, "  (SSE, tried next, failed too: "+ce.Also.Error()+")")
	}
	if h := client.HintOf(err); h != "" {
		lines = append(lines, "  hint: "+h)
	}
	return lines
}
