// Package suite runs every judgement toolbench makes of a tool list (lint's
// design rules and each provider's compatibility) and holds the one list
// of all their rules, which SARIF reports describe.
package suite

import (
	"sort"
	"sync"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/check/lint"
	"github.com/toolbench/toolbench/check/provider"
	"github.com/toolbench/toolbench/tool"
)

// Check runs the design rules and the provider compatibility checks over
// tools. Findings are grouped by tool in list order (a name listed twice
// counts where it first appears), most severe first within a tool, and in
// lint's order among equals.
func Check(tools []tool.Tool) []check.Finding {
	findings := lint.Check(tools)
	for _, t := range tools {
		findings = append(findings, provider.Compat(t)...)
	}
	order := make(map[string]int, len(tools))
	for i, t := range tools {
		if _, ok := order[t.Name]; !ok {
			order[t.Name] = i
		}
	}
	sort.SliceStable(findings, func(i, j int) bool {
		a, b := findings[i], findings[j]
		if order[a.Tool] != order[b.Tool] {
			return order[a.Tool] < order[b.Tool]
		}
		return a.Severity < b.Severity
	})
	return findings
}

// Rules lists every rule a check can report: lint's, the providers', then
// the host catalogue's (which lint --host and toolbench hosts report).
func Rules() []check.Rule {
	return append(append(lint.Rules(), provider.Rules()...), host.CheckRules()...)
}

// Rule returns the rule with id, and whether there is one.
func Rule(id string) (check.Rule, bool) {
	r, ok := ruleIndex()[id]
	return r, ok
}

// ruleIndex finds rules by id; built on first use, as the tables are.
var ruleIndex = sync.OnceValue(func() map[string]check.Rule {
	all := Rules()
	m := make(map[string]check.Rule, len(all))
	for _, r := range all {
		m[r.ID] = r
	}
	return m
})
