package tools

import (
	"encoding/json"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/check/provider"
	"github.com/toolbench/toolbench/check/suite"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
)

// Every call the workbench makes into check is here, so that a change to
// check's packages meets the workbench in one place. Each is pure and
// safe to run off the UI goroutine.

// lintTool is what lint and the compatibility rules find in one tool,
// errors first, as `toolbench lint` reports them.
func lintTool(t tool.Tool) []check.Finding {
	return suite.Check([]tool.Tool{t})
}

// providerNames names the providers a tool converts for, in the order the
// Providers tab shows them.
func providerNames() []string {
	ps := provider.All()
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = string(p)
	}
	return names
}

// convertTool converts t for the i-th provider of providerNames.
func convertTool(t tool.Tool, i int) (json.RawMessage, []check.Finding, error) {
	ps := provider.All()
	return provider.Convert(t, ps[i%len(ps)])
}

// judgeResult checks a call's result against the tool's outputSchema
// (nil when it declares none).
func judgeResult(outputSchema json.RawMessage, r *client.CallResult) check.OutputVerdict {
	return check.Result(outputSchema, r.StructuredContent, r.IsError, r.Texts())
}

// resultJudge is what a result of the tool named is judged by, taken on
// the UI goroutine for the command that judges it: the tool's
// outputSchema, and the host rules under the options its server's tools
// were judged with (no host findings when the tool is gone from the list).
func (s *Screen) resultJudge(name string) func(*client.CallResult) (check.OutputVerdict, []host.Finding) {
	t := s.list.ByName(name)
	if t == nil {
		return func(res *client.CallResult) (check.OutputVerdict, []host.Finding) { return judgeResult(nil, res), nil }
	}
	tv := *t
	var opts host.Options
	if r := s.hosts.report; r != nil {
		opts = r.Options()
	}
	return func(res *client.CallResult) (check.OutputVerdict, []host.Finding) {
		return judgeResult(tv.OutputSchema, res), host.JudgeResult(tv, res.Raw, opts)
	}
}
