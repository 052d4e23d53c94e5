package host

import "fmt"

// prefixed is one host's way of making the model-facing name before any
// cut, and the longest it lets through uncut.
type prefixed struct {
	limit int
	full  func(server, tool string) string
}

// prefixedNames are the hosts whose prefix template and length limit are
// both sourced. Gemini CLI cuts at 63, not 64: its code says some
// environments are off by one.
var prefixedNames = map[ID]prefixed{
	ClaudeCode: {64, func(s, t string) string { return "mcp__" + s + "__" + t }},
	LibreChat:  {64, func(s, t string) string { return t + "_mcp_" + s }},
	VSCode:     {64, func(s, t string) string { n, _ := vscodeFull(s, t); return n }},
	GeminiCLI:  {63, func(s, t string) string { n, _ := geminiCLIFull(s, t); return n }},
	Codex:      {64, func(s, t string) string { n, _ := codexFull(s, t); return n }},
	// Cline compares the raw SERVER__TOOL with 64, before sanitising.
	Cline: {64, func(s, t string) string { return s + "__" + t }},
}

var srcLibreChatLong = []Source{srcLibreChatName, {Ref: "danny-avila/LibreChat#12888", Date: "2026-04-30"}}

// longEffects are what the hosts of prefixedNames do with a name over their
// limit; the prefixed rule checks each host's own name, the raw rule
// applies them to every tool whose bare name is already over 64.
func longEffects(applies func(id ID) func(*Subject, Hit) (string, bool)) []Effect {
	return []Effect{
		{Host: ClaudeCode, Verdict: Rejected, Whole: true,
			Does: "Sends mcp__SERVER__TOOL to the Anthropic API, which answers 400 (name at most 64 characters) and fails the turn; through ToolSearch it can break the session.",
			Fix:  "Shorten the tool name (or the server key) so mcp__SERVER__TOOL fits in 64 characters.", Sources: srcCCLongName, Seen: "2025-05 to 2026-01",
			applies: applies(ClaudeCode)},
		{Host: LibreChat, Via: OpenAI, Verdict: Rejected, Whole: true,
			Does: "Sends TOOL_mcp_SERVER to the OpenAI API, which answers 400 (maximum length 64) on every request, without naming the server.",
			Fix:  "Shorten the tool name (or the server key) so TOOL_mcp_SERVER fits in 64 characters.", Sources: srcLibreChatLong, Seen: "2025-05 to 2026-04",
			applies: applies(LibreChat)},
		{Host: VSCode, Verdict: Degraded,
			Does: "Cuts the model-facing name mcp_LABEL_TOOL to 64 characters, so the model sees a clipped name.",
			Fix:  "Shorten the tool name so it fits in 64 characters with VS Code's prefix of up to 18.", Sources: []Source{srcVSCodeName}, Seen: "2026",
			applies: applies(VSCode)},
		{Host: GeminiCLI, Verdict: Degraded,
			Does: "Cuts a name over 63 characters to its first 30 and last 30 around \"...\", and warns the tool may then need the person's approval.",
			Fix:  "Shorten the tool name (or the server key) so mcp_SERVER_TOOL fits in 63 characters.", Sources: []Source{srcGeminiCLIName}, Seen: "2026-03 to 2026-08",
			applies: applies(GeminiCLI)},
		{Host: Codex, Verdict: Degraded,
			Does: "Cuts the name to 64 bytes and ends it with a 12-hex SHA-1 suffix, so the model sees a hashed name.",
			Fix:  "Shorten the tool name (or the server key) so mcp__SERVER__TOOL fits in 64 characters.", Sources: []Source{srcCodexName}, Seen: "2026",
			applies: applies(Codex)},
		{Host: Cline, Verdict: Degraded,
			Does: "Cuts SERVER__TOOL and ends it with an 8-hex SHA-1 suffix, so the model sees a hashed name.",
			Fix:  "Shorten the tool name (or the server key) so SERVER__TOOL fits in 64 characters.", Sources: []Source{srcClineName, {Ref: "cline/cline#11885", Date: "2026-06-26"}}, Seen: "2026-06",
			applies: applies(Cline)},
	}
}

var _ = add(&Rule{
	ID:       "name.len.prefixed-64",
	Summary:  "The name a host makes from the server key and the tool name is longer than the host or its model allows.",
	Scope:    ToolScope,
	Effects:  longEffects(overPrefixed),
	Others:   Unknown,
	NotKnown: "No source says whether HOST cuts, hashes or refuses a model-facing tool name over 64 characters.",
	detect:   detectPrefixed64,
})

// detectPrefixed64 finds a tool whose name, prefixed by any host with a
// sourced template, is over that host's limit. Without a server key it
// finds nothing: the prefix cannot be known, and guessing would invent
// verdicts.
func detectPrefixed64(s *Subject) []Hit {
	if s.Server == "" {
		return nil
	}
	longest := ""
	for _, id := range IDs() {
		p, ok := prefixedNames[id]
		if !ok {
			continue
		}
		if n := p.full(s.Server, s.Tool.Name); len(n) > p.limit && len(n) > len(longest) {
			longest = n
		}
	}
	if longest == "" {
		return nil
	}
	return []Hit{{Tool: s.Tool.Name, Pointer: "/name",
		Detail: fmt.Sprintf("prefixed for its host the name is up to %d characters: %s", len(longest), longest)}}
}

// overPrefixed is, for one host, whether its own name for the tool is over
// its limit, and that name and what the model gets instead.
func overPrefixed(id ID) func(*Subject, Hit) (string, bool) {
	return func(s *Subject, _ Hit) (string, bool) {
		p := prefixedNames[id]
		full := p.full(s.Server, s.Tool.Name)
		if len(full) <= p.limit {
			return "", false
		}
		return longDetail(id, s.Server, s.Tool.Name, full, p.limit), true
	}
}

// longDetail says how long the host's name is and, when the host cuts it,
// what the model sees.
func longDetail(id ID, server, tool, full string, limit int) string {
	d := fmt.Sprintf("the name is %d characters once prefixed (over %d): %s", len(full), limit, full)
	if m := ModelName(id, server, tool).Model; m != full {
		d += "; the model sees " + m
	}
	return d
}

var _ = add(&Rule{
	ID:      "name.len.cursor-60",
	Summary: "The server key and the tool name together reach 60 characters, the length at which Cursor filters tools out.",
	Scope:   ToolScope,
	Effects: []Effect{{Host: Cursor, Verdict: Hidden,
		Does: `Filters the tool out, warning "Some tools have naming issues and may be filtered out" (a combined length of exactly 60 was flagged).`,
		Fix:  "Shorten the tool name, or ask for a shorter server key, so the two together stay under 60 characters.",
		Sources: []Source{{Ref: "ComposioHQ/composio#2788", Date: "2026-02-27"}, {Ref: "awslabs/mcp#1283", Date: "2025-09-15"},
			{Ref: "executeautomation/mcp-playwright#145", Date: "2025-06-17"}, {Ref: "PostHog/posthog#51483", Date: "2026-03-18"}},
		Seen: "1.6.14 (2025-09) to 2026-03"}},
	Others: Works,
	detect: detectCursor60,
})

// detectCursor60 finds a tool whose server key and name reach 60
// characters together. Without a server key it finds only a name of 59 or
// more, which reaches 60 with any key (a key has at least one character).
func detectCursor60(s *Subject) []Hit {
	name := len(s.Tool.Name)
	if s.Server == "" {
		if name < 59 {
			return nil
		}
		return []Hit{{Tool: s.Tool.Name, Pointer: "/name",
			Detail: fmt.Sprintf("the tool name alone is %d characters, so with any server key the two reach 60", name)}}
	}
	n := len(s.Server) + name
	if n < 60 {
		return nil
	}
	return []Hit{{Tool: s.Tool.Name, Pointer: "/name",
		Detail: fmt.Sprintf("the server key and tool name are %d characters together (%d + %d)", n, len(s.Server), name)}}
}

var _ = add(&Rule{
	ID:      "name.len.raw-64",
	Summary: "The tool's own name is longer than 64 characters, before any host adds a prefix.",
	Scope:   ToolScope,
	Effects: append([]Effect{{Host: ClaudeDesktop, Verdict: Rejected, Whole: true,
		Does:    "Refuses the tool list at startup (name should match ^[a-zA-Z0-9_-]{1,64}$), which keeps any chat from starting.",
		Fix:     "Shorten the tool name to 64 characters or fewer.",
		Sources: append(append([]Source(nil), srcDesktopName...), Source{Ref: "mims-harvard/ToolUniverse#3", Date: "2025-06-05"}), Seen: "2025-06 to 2026-06"}},
		longEffects(overRaw)...),
	Others:   Unknown,
	NotKnown: "No source says what HOST does with a tool name over 64 characters.",
	detect:   detectRaw64,
})

// detectRaw64 finds a name over 64 characters on its own.
func detectRaw64(s *Subject) []Hit {
	if n := len(s.Tool.Name); n > 64 {
		return []Hit{{Tool: s.Tool.Name, Pointer: "/name", Detail: fmt.Sprintf("the name is %d characters on its own (over 64)", n)}}
	}
	return nil
}

// overRaw holds for every prefixing host once the bare name is over 64:
// each adds to it, so its own name is over its limit whatever the server
// key. With a key it names the host's name; without, only the length.
func overRaw(id ID) func(*Subject, Hit) (string, bool) {
	return func(s *Subject, h Hit) (string, bool) {
		if s.Server == "" {
			return h.Detail + ", so longer still once the host prefixes it", true
		}
		p := prefixedNames[id]
		return longDetail(id, s.Server, s.Tool.Name, p.full(s.Server, s.Tool.Name), p.limit), true
	}
}
