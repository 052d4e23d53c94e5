package output

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
)

// HostNotes are the host rules a call result breaks, for the hosts a call
// is judged for (all of them): what `call`, `test` and `probe` print after
// a result and carry as "hosts" in --json. server is the live server's
// reported name, the key prefixed tool names are made from. Never nil, so
// that JSON shows an empty array when the result breaks nothing.
func HostNotes(t tool.Tool, result json.RawMessage, server string) []host.Finding {
	if result == nil {
		return []host.Finding{}
	}
	return host.JudgeResult(t, result, host.Options{Server: server, ServerFrom: host.FromServer})
}

// PrintCallResult is PrintResult followed by the host notes, beside the
// outputSchema verdict they extend.
func PrintCallResult(st *iostreams.Streams, r *client.CallResult, v check.OutputVerdict, notes []host.Finding) {
	printResult(st, r, v, notes)
}

// WriteHostNotes writes one line per host finding, worst first:
// "host  claude-code  rejected  result.size: 120,000 characters…". The
// hosts no source covers are folded into one line per rule, since the
// same thing is unknown for each of them. text escapes what came from the
// server (the messages quote its results).
func WriteHostNotes(w io.Writer, notes []host.Finding, text func(string) string) {
	known, unknown := host.Notes(notes)
	for _, f := range known {
		fmt.Fprintf(w, "host  %s  %s  %s: %s\n", f.Host, f.Verdict, f.Rule, text(f.Message))
	}
	for _, g := range unknown {
		ids := make([]string, len(g.Hosts))
		for i, id := range g.Hosts {
			ids[i] = string(id)
		}
		fmt.Fprintf(w, "host  %d others  unknown  %s: no source says what %s do\n", len(ids), g.Rule, strings.Join(ids, ", "))
	}
}
