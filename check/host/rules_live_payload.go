package host

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

var _ = add(&Rule{
	ID: "result.structured-shadows-content",
	Summary: "A result carries both structuredContent and text content that says something else, " +
		"so hosts that pass only one of them to the model lose the other.",
	Scope: ToolScope,
	Live:  true,
	Effects: []Effect{
		{Host: ClaudeCode, Verdict: Degraded,
			Does: "Gives the model JSON.stringify(structuredContent) and drops the text content, outputSchema or not.",
			Fix:  shadowFix,
			Sources: []Source{{Ref: "anthropics/claude-code CHANGELOG.md @5cfc0a1 L4946 (2.0.21)", Date: "2026-08-22"},
				{Ref: "anthropics/claude-code#9962", Date: "2025-12-02"}, {Ref: "anthropics/claude-code#55677", Date: "2026-05-02"},
				{Ref: "anthropics/claude-code#79944", Date: "2026-09-22"}},
			Seen: "2.0.21 to 2.1.280"},
		{Host: VSCode, Verdict: Degraded,
			Does: "Sends the model JSON.stringify(structuredContent) instead of the text content blocks.",
			Fix:  shadowFix,
			Sources: []Source{{Ref: "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpLanguageModelToolContribution.ts @027907c invoke()", Date: "2026"},
				{Ref: "microsoft/vscode#290063 (cited by dondai44423/donsetch#27)", Date: "2026-08-20"}},
			Seen: "2026"},
		{Host: Codex, Verdict: Degraded,
			Does:    "Prefers structuredContent and ignores the content when structured_content is set.",
			Fix:     shadowFix,
			Sources: []Source{{Ref: "openai/codex codex-rs/core session tests, prefers_structured_content_when_present", Date: "2026"}},
			Seen:    "2025-26"},
		{Host: GeminiCLI, Verdict: Degraded,
			Does:    "Converts only the content blocks for the model; structuredContent is not forwarded.",
			Fix:     shadowFix,
			Sources: []Source{{Ref: "google-gemini/gemini-cli packages/core/src/tools/mcp-tool.ts @5411f11 L512-539", Date: "2026-08-21"}},
			Seen:    "2026-08"},
	},
	Others:       Unknown,
	NotKnown:     "No source says whether HOST gives its model structuredContent, the text content, or both.",
	detectResult: detectStructuredShadows,
})

const shadowFix = "Put the same information in both: a text block holding the structuredContent as JSON (the spec's recommendation), or nothing in structuredContent that the text lacks."

// detectStructuredShadows finds a successful result whose structuredContent
// and text content carry different information. Precisely: structuredContent
// is present, and at least one text block is not blank and is not the same
// JSON value as structuredContent (jsondoc.Equal: key order, spacing and
// number spelling aside). A blank text block, or none, is not a second
// message; an isError result is left alone (Claude Code shows its text).
func detectStructuredShadows(s *Subject, raw json.RawMessage) []Hit {
	r, ok := parseResult(raw)
	if !ok || r.IsError || r.StructuredContent == nil {
		return nil
	}
	for i, c := range r.Content {
		text := strings.TrimSpace(c.Text)
		if c.Type != "text" || text == "" || jsondoc.Equal([]byte(text), r.StructuredContent) {
			continue
		}
		return []Hit{{Tool: s.Tool.Name, Pointer: fmt.Sprintf("/content/%d/text", i),
			Detail: fmt.Sprintf("content[%d] is %d characters of text that is not the structuredContent as JSON: %s", i, len(text), clip(text, 60))}}
	}
	return nil
}

// clip quotes at most n characters of s.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%q…", string(r[:n]))
}

// Claude Code's result limits, and the per-tool override.
const (
	ccTokenCap      = 25000
	ccFileChars     = 50000
	ccMaxOverride   = 500000
	codexTokenLimit = 10000
	charsPerToken   = 4
	maxResultMeta   = "anthropic/maxResultSizeChars"
)

var _ = add(&Rule{
	ID:      "result.size",
	Summary: "A call result is large enough for a host to refuse it, cut it, or save it to a file instead of showing it to the model.",
	Scope:   ToolScope,
	Live:    true,
	Effects: []Effect{
		{Host: ClaudeCode, Verdict: Rejected,
			Does: `Fails the call past MAX_MCP_OUTPUT_TOKENS (25,000 by default): "MCP tool response (N tokens) exceeds maximum allowed tokens (25000)".`,
			Fix:  `Paginate or summarise the result; or declare _meta["anthropic/maxResultSizeChars"] on the tool (up to 500,000), which bypasses the token cap since 2.1.98.`,
			Sources: []Source{{Ref: "rollbar/rollbar-mcp-server#28", Date: "2025-08-06"}, {Ref: "BeehiveInnovations/pal-mcp-server#105", Date: "2025-06-21"},
				{Ref: "anthropics/claude-code CHANGELOG.md @5cfc0a1 L2910 (2.1.98)", Date: "2026-08-22"}},
			Seen: "2025-06 to 2026-08", applies: ccTokenError},
		{Host: ClaudeCode, Verdict: Degraded,
			Does: "Saves a result over 50,000 characters to a file and gives the model its path and a preview of about 2 KB.",
			Fix:  `Return less (paginate, filter), or declare _meta["anthropic/maxResultSizeChars"] on the tool large enough for the result (at most 500,000).`,
			Sources: []Source{{Ref: "anthropics/claude-code CHANGELOG.md @5cfc0a1 L3891 (2.1.51), L3041 (2.1.91), L2910 (2.1.98)", Date: "2026-08-22"},
				{Ref: "anthropics/claude-agent-sdk-python#756", Date: "2026-03-27"}},
			Seen: "2.1.51+", applies: ccToFile},
		{Host: Codex, Verdict: Degraded,
			Does:    "Truncates a tool output past about 10,000 tokens (the models' truncation_policy) before the model sees it.",
			Fix:     "Return less: paginate, filter or summarise.",
			Sources: []Source{{Ref: "evidence review citing openai/codex codex-rs/models-manager/models.json (truncation_policy tokens 10000)", Date: "2026-09-22", Secondary: true}},
			Seen:    "2026-09", applies: overTokens(codexTokenLimit)},
	},
	Others:       Unknown,
	NotKnown:     "No source says how large a result HOST accepts.",
	detectResult: detectResultSize,
})

// detectResultSize measures what the model is given: structuredContent as
// compact JSON when a successful result has it (the hosts that prefer it),
// otherwise the text blocks. It fires past Codex's 10,000 tokens, the
// smallest limit a source gives; each effect decides whether its host's
// limit is reached.
func detectResultSize(s *Subject, raw json.RawMessage) []Hit {
	r, ok := parseResult(raw)
	if !ok {
		return nil
	}
	chars, what := payloadChars(r)
	if chars <= codexTokenLimit*charsPerToken {
		return nil
	}
	return []Hit{{Tool: s.Tool.Name, Count: chars, Detail: fmt.Sprintf("%s characters of %s in the result, about %s tokens (estimated as characters ÷ %d)",
		thousands(chars), what, thousands(chars/charsPerToken), charsPerToken)}}
}

// payloadChars counts, as JavaScript does (UTF-16 code units), what a
// host's model is given, and says which part that is.
func payloadChars(r callResult) (int, string) {
	if r.StructuredContent != nil && !r.IsError {
		var b bytes.Buffer
		if json.Compact(&b, r.StructuredContent) == nil {
			return jsLen(b.String()), "structuredContent"
		}
	}
	n := 0
	for _, t := range r.texts() {
		n += jsLen(t)
	}
	return n, "text content"
}

func jsLen(s string) int { return len(utf16.Encode([]rune(s))) }

// overTokens accepts size hits past limit estimated tokens.
func overTokens(limit int) func(*Subject, Hit) (string, bool) {
	return func(_ *Subject, h Hit) (string, bool) { return "", h.Count > limit*charsPerToken }
}

// ccTokenError accepts a result past Claude Code's token cap, unless the
// tool's maxResultSizeChars covers it (which bypasses the token layer).
func ccTokenError(s *Subject, h Hit) (string, bool) {
	n := h.Count
	if override, ok := maxResultChars(s); ok && n <= override {
		return "", false
	}
	return "", n > ccTokenCap*charsPerToken
}

// ccToFile accepts a result past the characters Claude Code shows inline:
// 50,000, or the tool's maxResultSizeChars when larger (at most 500,000).
func ccToFile(s *Subject, h Hit) (string, bool) {
	limit := ccFileChars
	if override, ok := maxResultChars(s); ok && override > limit {
		limit = override
	}
	return "", h.Count > limit
}

// maxResultChars is the tool's _meta["anthropic/maxResultSizeChars"],
// capped at 500,000 as Claude Code caps it.
func maxResultChars(s *Subject) (int, bool) {
	var meta map[string]json.RawMessage
	if json.Unmarshal(s.Tool.Meta, &meta) != nil {
		return 0, false
	}
	var n float64
	if json.Unmarshal(meta[maxResultMeta], &n) != nil || n <= 0 {
		return 0, false
	}
	return int(min(n, ccMaxOverride)), true
}

// thousands writes n with commas: 60,000.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
