package host

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// ccDescriptionCap is where Claude Code cuts a tool description (2 KB, in
// characters, with "… [truncated]" after).
const ccDescriptionCap = 2048

var _ = add(&Rule{
	ID:      "desc.len.2048",
	Summary: "The tool's description is longer than 2,048 characters.",
	Scope:   ToolScope,
	Effects: []Effect{{Host: ClaudeCode, Verdict: Degraded,
		Does: `Cuts the description to 2,048 characters and appends "… [truncated]", silently: /mcp still shows the whole text.`,
		Fix:  "Keep the description under 2,048 characters, with what the model needs to choose the tool first.",
		Sources: []Source{{Ref: "anthropics/claude-code CHANGELOG.md @5cfc0a1 L3210 (2.1.84)", Date: "2026-08-22"},
			{Ref: "anthropics/claude-code#81268", Date: "2026-07-26"}, {Ref: "anthropics/claude-code#87650", Date: "2026-08-18"}},
		Seen: "2.1.84 to 2.1.234"}},
	Others:   Unknown,
	NotKnown: "No source says whether HOST cuts a long tool description.",
	detect:   detectDescLen,
})

// detectDescLen finds a description over 2,048 characters and says where
// the cut falls.
func detectDescLen(s *Subject) []Hit {
	d := s.Tool.Description
	n := utf8.RuneCountInString(d)
	if n <= ccDescriptionCap {
		return nil
	}
	lost := []rune(d)[ccDescriptionCap:]
	return []Hit{{Tool: s.Tool.Name, Pointer: "/description",
		Detail: fmt.Sprintf("the description is %d characters; the %d past 2,048 start %q", n, len(lost), head(string(lost), 40))}}
}

// head is s cut to n characters, with … when cut.
func head(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

var _ = add(&Rule{
	ID:      "desc.missing",
	Summary: "The tool has no description, or an empty one.",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: VSCode, Verdict: Degraded,
			Does:    `Gives the model "<empty>" as the description and warns "Tools must be accurately described to be called".`,
			Fix:     "Describe what the tool does, when to use it and what it returns.",
			Sources: []Source{{Ref: "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts (_normalizeTool) @0052d68", Date: "2025"}}, Seen: "2025"},
		{Host: Cline, Verdict: Degraded,
			Does:    `Gives the model a generic description, Execute MCP tool "TOOL" from server "SERVER".`,
			Fix:     "Describe what the tool does, when to use it and what it returns.",
			Sources: []Source{{Ref: "cline/cline sdk/packages/core/src/extensions/mcp/tools.ts @21cb8d2", Date: "2026-08-22"}}, Seen: "2026-08"},
	},
	Others:   Unknown,
	NotKnown: "No source says what HOST gives its model for a tool without a description.",
	detect:   detectDescMissing,
})

// detectDescMissing finds an absent, empty or blank description.
func detectDescMissing(s *Subject) []Hit {
	if strings.TrimSpace(s.Tool.Description) != "" {
		return nil
	}
	what := "the tool has no description"
	if s.Tool.Description != "" {
		what = "the tool's description is only white space"
	}
	return []Hit{{Tool: s.Tool.Name, Pointer: "/description", Detail: what}}
}
