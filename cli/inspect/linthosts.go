package inspect

import (
	"slices"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/tool"
)

// lintHosts reads --host: none when it was not given, so lint judges no
// host unless asked.
func lintHosts(words []string) ([]host.ID, error) {
	if len(words) == 0 {
		return nil, nil
	}
	ids, err := host.ParseIDs(words)
	if err != nil {
		return nil, usage.Errorf("--host: %v", err)
	}
	return ids, nil
}

// judgeHosts is the host verdicts of lint --host as findings, at their
// real severity, under the server key `toolbench hosts` would use.
func (o *LintOptions) judgeHosts(tools []tool.Tool, ids []host.ID) []check.Finding {
	name, from := o.serverKey(o.ServerName)
	r := host.Judge(tools, host.Options{Hosts: ids, Server: name, ServerFrom: from})
	return r.LintFindings()
}

// withHosts adds the host findings to lint's, each tool's beside its
// own (the list's first), so the text output groups them under the tool.
func withHosts(findings []check.Finding, tools []tool.Tool, hostFindings []check.Finding) []check.Finding {
	at := map[string]int{"": -1}
	for i, t := range tools {
		if _, ok := at[t.Name]; !ok {
			at[t.Name] = i
		}
	}
	out := append(findings, hostFindings...)
	slices.SortStableFunc(out, func(a, b check.Finding) int { return at[a.Tool] - at[b.Tool] })
	return out
}
