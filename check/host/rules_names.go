package host

import (
	"fmt"
	"regexp"
	"strings"
)

// Sources shared by the naming rules: the providers' own refusals, quoted
// in issues, and the hosts' naming code.
var (
	srcOpenAIPattern = []Source{{Ref: "openai/codex#8174", Date: "2025-12-17"}, {Ref: "brekkylab/ailoy#109", Date: "2025-06-09"}}
	srcAnthropicName = Source{Ref: "IlyaGulya/gradle-mcp-server#2", Date: "2025-06-29"}
	srcGeminiName    = Source{Ref: "wonderwhy-er/DesktopCommanderMCP#79", Date: "2025-07-06"}
	srcDesktopName   = []Source{{Ref: "l22-io/orchard-mcp#14", Date: "2026-06-21"}, {Ref: "API-200/api200#14", Date: "2026-01-13"}}
	srcContinueName  = Source{Ref: "continuedev/continue core/tools/mcpToolName.ts @5604b29", Date: "2025"}
	srcLibreChatName = Source{Ref: "danny-avila/LibreChat#7435", Date: "2025-05-19"}
	srcVSCodeName    = Source{Ref: "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts (_normalizeTool, McpTool) @0052d68", Date: "2026"}
	srcCodexName     = Source{Ref: "openai/codex codex-rs/codex-mcp/src/tools.rs @00a35b1 (normalize_tools_for_model_with_prefix, MAX_TOOL_NAME_LENGTH = 64)", Date: "2026"}
	srcGeminiCLIName = Source{Ref: "google-gemini/gemini-cli packages/core/src/tools/mcp-tool.ts @5411f11 L590-618 (generateValidName)", Date: "2026-08-21"}
	srcClineName     = Source{Ref: "cline/cline sdk/packages/core/src/extensions/mcp/name-transform.ts @21cb8d2", Date: "2026-08-22"}
	srcOpenCodeName  = Source{Ref: "anomalyco/opencode packages/opencode/src/mcp/index.ts @001133b (tools())", Date: "2026"}
	srcCCLongName    = []Source{{Ref: "anthropics/claude-code#955", Date: "2025-05-04"}, {Ref: "anthropics/claude-code#2445", Date: "2025-06-22"},
		{Ref: "anthropics/claude-code#19770", Date: "2026-01-21"}}
)

var (
	// reProviderName is what the OpenAI and Anthropic APIs accept in a
	// tool name (their length limits are separate rules).
	reProviderName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
	// reGeminiAPIOutside finds a character the Gemini API refuses in a
	// function name (it takes letters, digits, _ . : and -); the host's
	// prefix supplies the leading letter it also wants.
	reGeminiAPIOutside = regexp.MustCompile(`[^A-Za-z0-9_.:-]`)
)

var _ = add(&Rule{
	ID:      "name.charset",
	Summary: "The tool's name has characters outside [A-Za-z0-9_-] (dots, slashes, spaces, colons).",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: ClaudeDesktop, Verdict: Rejected, Whole: true,
			Does: "Refuses the tool list at startup (name should match ^[a-zA-Z0-9_-]{1,64}$), which keeps any chat from starting.",
			Fix:  "Rename the tool to letters, digits, _ and - only (get_user, not get.user).", Sources: srcDesktopName, Seen: "2026-06"},
		{Host: ClaudeCode, Verdict: Rejected, Whole: true,
			Does: "Forwards the name to the Anthropic API, which answers 400 (name should match ^[a-zA-Z0-9_-]{1,128}$) on every prompt; whether current versions sanitise names is not sourced.",
			Fix:  "Rename the tool to letters, digits, _ and - only.", Sources: []Source{srcAnthropicName}, Seen: "2025-06"},
		{Host: Continue, Via: OpenAI, Verdict: Rejected, Whole: true,
			Does: "Prefixes the name with the server's but does not sanitise the tool's, and the OpenAI API answers 400 (name must match ^[a-zA-Z0-9_-]+$) on every request.",
			Fix:  "Rename the tool to letters, digits, _ and - only.", Sources: append([]Source{srcContinueName}, srcOpenAIPattern...), Seen: "2025"},
		{Host: Continue, Via: Anthropic, Verdict: Rejected, Whole: true,
			Does: "Prefixes the name with the server's but does not sanitise the tool's, and the Anthropic API answers 400 on every request.",
			Fix:  "Rename the tool to letters, digits, _ and - only.", Sources: []Source{srcContinueName, srcAnthropicName}, Seen: "2025"},
		{Host: Continue, Via: Gemini, Verdict: Rejected, Whole: true,
			Does: "Prefixes the name with the server's but does not sanitise the tool's, and the Gemini API refuses a name outside letters, digits, _ . : and -.",
			Fix:  "Rename the tool to letters, digits, _ and - only.", Sources: []Source{srcContinueName, srcGeminiName}, Seen: "2025",
			applies: outsideGeminiAlphabet},
		{Host: LibreChat, Via: OpenAI, Verdict: Rejected, Whole: true,
			Does: "Forwards the name unsanitised as TOOL_mcp_SERVER, and the OpenAI API answers 400 (name must match ^[a-zA-Z0-9_-]+$) on every request.",
			Fix:  "Rename the tool to letters, digits, _ and - only.", Sources: append([]Source{srcLibreChatName}, srcOpenAIPattern...), Seen: "2025"},
		{Host: VSCode, Verdict: Degraded,
			Does: `Renames the tool, every character outside [a-z0-9_-] made _, and logs "Tools names may only contain [a-z0-9_-]".`,
			Fix:  "Rename the tool to letters, digits, _ and - only, so the model sees the name you chose.", Sources: []Source{srcVSCodeName}, Seen: "2026"},
		{Host: Codex, Verdict: Degraded,
			Does: "Renames the tool for the model, characters outside [A-Za-z0-9_] made _ (version 0.73.0 sent dotted names raw and got a 400 on every request).",
			Fix:  "Rename the tool to letters, digits, _ and - only.", Sources: []Source{srcCodexName, {Ref: "openai/codex#8174", Date: "2025-12-17"}}, Seen: "2026"},
		{Host: GeminiCLI, Verdict: Degraded,
			Does: "Renames the tool, characters outside [a-zA-Z0-9_-.:] made _ (dots and colons are kept).",
			Fix:  "Rename the tool to letters, digits, _ and - only.", Sources: []Source{srcGeminiCLIName}, Seen: "2026-08",
			applies: outsideGeminiCLIAlphabet},
		{Host: Cline, Verdict: Degraded,
			Does: "Renames the tool, runs outside [a-zA-Z0-9_-] made _ and an 8-hex SHA-1 suffix added, so the model sees a hashed name.",
			Fix:  "Rename the tool to letters, digits, _ and - only.", Sources: []Source{srcClineName}, Seen: "2026-08"},
		{Host: OpenCode, Verdict: Degraded,
			Does: "Renames the tool, characters outside [a-zA-Z0-9_-] made _.",
			Fix:  "Rename the tool to letters, digits, _ and - only.", Sources: []Source{srcOpenCodeName}, Seen: "2026"},
		{Host: Zed, Verdict: Degraded,
			Does: "Sanitises the name for the Anthropic and OpenAI rules, so the model sees a different name.",
			Fix:  "Rename the tool to letters, digits, _ and - only.", Sources: []Source{{Ref: "zed-industries/zed#60154", Date: "2026-06-30"}}, Seen: "2026-06"},
	},
	Others:   Unknown,
	NotKnown: "No source says what HOST does with a tool name outside [A-Za-z0-9_-].",
	detect:   detectNameCharset,
})

// detectNameCharset finds a name the OpenAI and Anthropic APIs would
// refuse for its characters, naming the first offending ones.
func detectNameCharset(s *Subject) []Hit {
	name := s.Tool.Name
	if reProviderName.MatchString(name) {
		return nil
	}
	return []Hit{{Tool: name, Pointer: "/name", Detail: fmt.Sprintf("the name %q has %s, outside [A-Za-z0-9_-]", name, offending(name))}}
}

// offending lists the distinct characters of name outside [A-Za-z0-9_-],
// quoted, or says the name is empty.
func offending(name string) string {
	if name == "" {
		return "no characters at all"
	}
	var out []string
	seen := map[rune]bool{}
	for _, r := range name {
		if reProviderName.MatchString(string(r)) || seen[r] {
			continue
		}
		seen[r] = true
		out = append(out, fmt.Sprintf("%q", r))
	}
	return strings.Join(out, ", ")
}

// outsideGeminiAlphabet holds when the Gemini API itself would refuse the
// name: a dot or colon is fine there, a space or slash is not.
func outsideGeminiAlphabet(s *Subject, _ Hit) (string, bool) {
	return "", reGeminiAPIOutside.MatchString(s.Tool.Name)
}

// outsideGeminiCLIAlphabet holds when Gemini CLI changes the name: it keeps
// dots and colons.
func outsideGeminiCLIAlphabet(s *Subject, _ Hit) (string, bool) {
	return "", reGeminiChars.MatchString(s.Tool.Name)
}
