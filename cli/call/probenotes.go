package call

import (
	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/cli/output"
	"github.com/toolbench/toolbench/probe"
	"github.com/toolbench/toolbench/tool"
)

// probeNotes judges the result of each tool's accepted valid call with the
// host rules, under the live server's reported name.
type probeNotes struct {
	tools  map[string]tool.Tool
	server string
}

func newProbeNotes(tools []tool.Tool, server string) *probeNotes {
	n := &probeNotes{tools: make(map[string]tool.Tool, len(tools)), server: server}
	for _, t := range tools {
		n.tools[t.Name] = t
	}
	return n
}

// of is the host findings of t's accepted valid call; empty when no valid
// call was accepted.
func (n *probeNotes) of(t probe.Tool) []host.Finding {
	return output.HostNotes(n.tools[t.Name], t.Result, n.server)
}

// all is every tool's findings by name, each present (an empty array when
// its result breaks nothing or no call was accepted).
func (n *probeNotes) all(r *probe.Report) map[string][]host.Finding {
	out := make(map[string][]host.Finding, len(r.Tools))
	for _, t := range r.Tools {
		out[t.Name] = n.of(t)
	}
	return out
}

// probeJSON is the probe's --json: the report, and beside it "hosts", the
// host rules each tool's accepted result breaks, by tool name.
type probeJSON struct {
	*probe.Report
	Hosts map[string][]host.Finding `json:"hosts"`
}
