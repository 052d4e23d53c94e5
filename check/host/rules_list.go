package host

import (
	"fmt"
	"regexp"
	"strings"
)

// The tool counts at which a host's sourced behaviour starts. Cursor's 40
// is the lowest reported, so a list over it is worth a word even where
// nothing is known.
const (
	countCursorDocs = 40
	countWindsurf   = 100
	countPerRequest = 128
	countDesktop    = 256
)

var srcOpenAICount = Source{Ref: "musistudio/claude-code-router#686", Date: "2025-08-23"}

var _ = add(&Rule{
	ID:      "tools.count.limit",
	Summary: "The server lists more tools than some hosts or their models take at once (40, 100, 128, 256).",
	Scope:   ServerScope,
	Effects: []Effect{
		{Host: VSCode, Verdict: Rejected, Whole: true,
			Does:    `Fails the chat request: "Cannot have more than 128 tools per request" (and the tools of other servers count too).`,
			Fix:     "Offer at most 128 tools, fewer to leave room for other servers, or split the server.",
			Sources: []Source{{Ref: "microsoft/vscode-docs tools.md (code index)", Date: "2025"}, {Ref: "microsoft/vscode-copilot-release#11653", Date: "2025-06-05"}},
			Seen:    "2025-06 to 2026", applies: listOver(countPerRequest)},
		{Host: Windsurf, Verdict: Hidden,
			Does:    "Gives Cascade at most 100 tools at any time, so the rest must be toggled off and never reach the model.",
			Fix:     "Offer at most 100 tools, or split the server so people can enable what they need.",
			Sources: []Source{{Ref: "https://docs.windsurf.com/windsurf/cascade/mcp", Date: "2026"}},
			Seen:    "2025-26", applies: listOver(countWindsurf)},
		{Host: LibreChat, Via: OpenAI, Verdict: Rejected, Whole: true,
			Does:    "Sends the server's tools to the OpenAI API, which answers 400 (tools: maximum length 128) on every request.",
			Fix:     "Offer at most 128 tools, or split the server.",
			Sources: []Source{srcLibreChatName, srcOpenAICount}, Seen: "2025", applies: listOver(countPerRequest)},
		{Host: Continue, Via: OpenAI, Verdict: Rejected, Whole: true,
			Does:    "Sends the server's tools to the OpenAI API, which answers 400 (tools: maximum length 128) on every request.",
			Fix:     "Offer at most 128 tools, or split the server.",
			Sources: []Source{srcContinueName, srcOpenAICount}, Seen: "2025", applies: listOver(countPerRequest)},
		// Claude Desktop's cap is per tool: the first 256 in response order
		// stay, so the hits beyond are the tools it drops and the server
		// row says nothing for it.
		{Host: ClaudeDesktop, Verdict: Hidden,
			Does:    "Keeps only the first 256 tools of a connector, in response order, and drops the rest without a warning.",
			Fix:     "Offer at most 256 tools, or list the ones that matter first.",
			Sources: []Source{{Ref: "anthropics/claude-ai-mcp#587", Date: "2026-07-09"}, {Ref: "anthropics/claude-code#77704", Date: "2026-07-15"}},
			Seen:    "2026-07", applies: beyondDesktop},
	},
	Others:   Unknown,
	NotKnown: "No source settles how many tools HOST passes to its model or what it does beyond that (for Cursor reports conflict: 40 in its 2025 docs, a warning above 80, a limit of 100; Claude Code defers tools past 10% of the context window, which a list cannot measure).",
	detectIn: detectToolsCount,
})

// detectToolsCount gives one list-level hit when the server lists more than
// 40 tools, and one hit per tool beyond the 256th, in list order.
func detectToolsCount(l *List) []Hit {
	names := listNames(l)
	n := len(names)
	if n <= countCursorDocs {
		return nil
	}
	hits := []Hit{{Pointer: "/tools", Detail: fmt.Sprintf("the server lists %d tools", n), Count: n}}
	for i := countDesktop; i < n; i++ {
		hits = append(hits, Hit{Tool: names[i], Pointer: fmt.Sprintf("/tools/%d", i),
			Detail: fmt.Sprintf("this is tool %d of %d in list order, beyond the first %d", i+1, n, countDesktop)})
	}
	return hits
}

// listNames are the list's distinct tool names in list order: the report
// has one row per name.
func listNames(l *List) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range l.Subjects {
		if !seen[s.Tool.Name] {
			seen[s.Tool.Name] = true
			out = append(out, s.Tool.Name)
		}
	}
	return out
}

// listOver applies a list-level limit: it holds on the list's hit when the
// list is longer than limit, never on a tool's.
func listOver(limit int) func(*Subject, Hit) (string, bool) {
	return func(_ *Subject, h Hit) (string, bool) {
		if h.Tool != "" {
			return "", false
		}
		if h.Count <= limit {
			return "", false
		}
		return fmt.Sprintf("%s, over %d", h.Detail, limit), true
	}
}

// beyondDesktop holds on the hit of each tool past the 256th.
func beyondDesktop(_ *Subject, h Hit) (string, bool) { return "", h.Tool != "" }

var _ = add(&Rule{
	ID:      "name.duplicate",
	Summary: "The server lists two tools with the same name.",
	Scope:   ServerScope,
	Effects: []Effect{{Host: Codex, Verdict: Degraded,
		Does:    `Keeps one tool of the name and skips the other ("skipping duplicated tool"), so one definition never reaches the model.`,
		Fix:     "Give every tool its own name.",
		Sources: []Source{srcCodexName, {Ref: "openai/codex codex-rs/codex-mcp/src/mcp/mod.rs (code index)", Date: "2026"}}, Seen: "2026"}},
	Others:   Unknown,
	NotKnown: "No source says which of two same-named tools of one server HOST keeps.",
	detectIn: detectDuplicate,
})

// detectDuplicate gives one hit per name listed more than once, on the row
// of its first appearance, with every position.
func detectDuplicate(l *List) []Hit {
	at := map[string][]string{}
	var order []string
	for i, s := range l.Subjects {
		name := s.Tool.Name
		if at[name] == nil {
			order = append(order, name)
		}
		at[name] = append(at[name], fmt.Sprint(i))
	}
	var hits []Hit
	for _, name := range order {
		if pos := at[name]; len(pos) > 1 {
			hits = append(hits, Hit{Tool: name, Pointer: "/tools/" + pos[1] + "/name",
				Detail: fmt.Sprintf("the name %q is listed %d times, at /tools/%s", name, len(pos), strings.Join(pos, ", /tools/"))})
		}
	}
	return hits
}

var reServerKey = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

var _ = add(&Rule{
	ID:      "server.name-charset",
	Summary: "The server key has characters some hosts refuse in a server name (outside [A-Za-z0-9_-], or _ for Gemini CLI).",
	Scope:   ServerScope,
	Effects: []Effect{
		{Host: ClaudeCode, Verdict: Rejected, Whole: true,
			Does:    `Refuses to add the server: "Names can only contain letters, numbers, hyphens, and underscores".`,
			Fix:     "Name the server with letters, digits, - and _ only (docs-mcp, not docs.mcp).",
			Sources: []Source{{Ref: "withastro/docs-mcp#16", Date: "2026-08-23"}, {Ref: "awslabs/mcp#413", Date: "2025-05-25"}},
			Seen:    "2025-05 to 2026-08", applies: serverKeyOutside},
		{Host: Codex, Verdict: Rejected, Whole: true,
			Does:    "Fails to start a server whose name does not match ^[a-zA-Z0-9_-]+$.",
			Fix:     "Name the server with letters, digits, - and _ only.",
			Sources: []Source{{Ref: "dyoshikawa/rulesync#2215", Date: "2026-07-10"}, {Ref: "openai/codex#19179", Date: "2026-07"}},
			Seen:    "2026-07", applies: serverKeyOutside},
		{Host: GeminiCLI, Verdict: Degraded, Whole: true,
			Does: "Splits mcp_SERVER_TOOL at the first _ after mcp_ to find the server, so a server name with _ is misread (its docs say not to use _ in server names).",
			Fix:  "Name the server without _ (docs-mcp, not docs_mcp).",
			Sources: []Source{{Ref: "google-gemini/gemini-cli packages/core/src/tools/mcp-tool.ts @5411f11 L40-70 (parseMcpToolName)", Date: "2026-08-21"},
				{Ref: "google-gemini/gemini-cli docs/tools/mcp-server.md (via a third-party review)", Date: "2026", Secondary: true}},
			Seen: "2026-08", applies: serverKeyUnderscore},
	},
	Others:   Unknown,
	NotKnown: "No source says whether HOST accepts this server name.",
	detectIn: detectServerName,
})

// detectServerName finds a server key outside [A-Za-z0-9_-] or with an _.
// Only a key a person chose is judged: a guessed one (the name the server
// reports, "mcp-servers/everything") is not what anyone configures.
func detectServerName(l *List) []Hit {
	key := l.Server
	outside, under := !reServerKey.MatchString(key), strings.Contains(key, "_")
	if key == "" || !l.Chosen || !outside && !under {
		return nil
	}
	var what, cases []string
	if outside {
		what, cases = append(what, offending(key)+" outside [A-Za-z0-9_-]"), append(cases, keyOutside)
	}
	if under {
		what, cases = append(what, "an _"), append(cases, keyUnderscore)
	}
	return []Hit{{Detail: fmt.Sprintf("the server key %q has %s", key, strings.Join(what, " and ")), Cases: cases}}
}

// The cases of server.name-charset: hosts refuse different characters.
const (
	keyOutside    = "outside-charset"
	keyUnderscore = "underscore"
)

// serverKeyOutside holds when the key has a character outside
// [A-Za-z0-9_-].
func serverKeyOutside(_ *Subject, h Hit) (string, bool) {
	return "", h.Is(keyOutside)
}

// serverKeyUnderscore holds when the key has an _.
func serverKeyUnderscore(_ *Subject, h Hit) (string, bool) {
	return "", h.Is(keyUnderscore)
}
