package provider

import (
	"fmt"
	"unicode/utf8"

	"github.com/toolbench/toolbench/check"
)

// checkName reports a tool name the provider rejects, suggesting a name
// made of the characters it allows.
func (c *conversion) checkName(rule check.RuleID, who, pattern string, maxLen int, ok func(r rune, i int) bool) {
	name := c.tool.Name
	problem := ""
	for i, r := range name {
		if !ok(r, i) {
			problem = fmt.Sprintf("has %q at position %d", r, utf8.RuneCountInString(name[:i])+1)
			break
		}
	}
	switch n := utf8.RuneCountInString(name); {
	case problem != "":
	case n == 0:
		problem = "is empty"
	case n > maxLen:
		problem = fmt.Sprintf("has %d characters", n)
	default:
		return
	}
	c.block(issue{rule: rule, pointer: "/name",
		message: fmt.Sprintf("%s must match %s; %q %s", who, pattern, name, problem),
		fix:     fmt.Sprintf("rename the tool, for example to %q, or map that name back to %q when the model calls it", safeName(name, maxLen, ok), name)})
}

// safeName replaces the characters a provider rejects with "_", and puts
// "_" before a first character that is allowed only later in a name.
func safeName(name string, maxLen int, ok func(r rune, i int) bool) string {
	var out []rune
	for _, r := range name {
		switch {
		case ok(r, len(out)):
			out = append(out, r)
		case len(out) == 0 && ok(r, 1):
			out = append(out, '_', r)
		default:
			out = append(out, '_')
		}
	}
	if len(out) == 0 {
		return "tool"
	}
	return string(out[:min(maxLen, len(out))])
}

func isASCIIAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}
