package host

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
)

// Name is a tool's name as a host hands it to its model.
type Name struct {
	// Model is the name the model sees and calls.
	Model string
	// Known is false when no source says how the host names tools for
	// its model; Model is then the tool's own name, unchanged.
	Known bool
	// Changes say how Model was made from the tool's name, with sources;
	// empty when the host passes the name as is.
	Changes []Change
	// Sources are the evidence for how the host names tools, also when it
	// changes nothing.
	Sources []Source
}

// naming is how one host makes a model-facing name: its sources and a
// function from server key and tool name to the name and what it did.
type naming struct {
	sources []Source
	make    func(server, tool string) (string, []string)
}

var (
	reAnthropicChars = regexp.MustCompile(`[^a-zA-Z0-9_-]`)
	reCodexChars     = regexp.MustCompile(`[^a-zA-Z0-9_]`)
	reGeminiChars    = regexp.MustCompile(`[^a-zA-Z0-9_\-.:]`)
	reVSCodeTool     = regexp.MustCompile(`[^a-zA-Z0-9_-]`)
	reVSCodeLabel    = regexp.MustCompile(`[^a-z0-9_.-]+`)
	reClineChars     = regexp.MustCompile(`[^a-zA-Z0-9_-]+`)
	reContinueLabel  = regexp.MustCompile(`[^a-z0-9]+`)
	reGooseKeep      = regexp.MustCompile(`[^A-Za-z0-9_-]`)
	reSpace          = regexp.MustCompile(`\s+`)
)

// namings are the hosts whose naming the catalogue sources. Hosts missing
// here pass the name as is as far as anyone knows, and say so (Known is
// false).
var namings = map[ID]naming{
	ClaudeCode: {sources: []Source{{Ref: "thedotmack/claude-mem#360", Date: "2025-12-17"}, {Ref: "cloudflare/skills#11", Date: "2026-01-29"}},
		make: func(server, tool string) (string, []string) {
			return "mcp__" + server + "__" + tool, []string{"prefixed with mcp__SERVER__"}
		}},
	VSCode: {sources: []Source{{Ref: "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts (_normalizeTool, McpTool) @0052d68", Date: "2026"},
		{Ref: "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpService.ts (McpPrefixGenerator)", Date: "2026"}},
		make: vscodeName},
	Codex: {sources: []Source{{Ref: "openai/codex codex-rs/codex-mcp/src/tools.rs @00a35b1 (normalize_tools_for_model_with_prefix, MAX_TOOL_NAME_LENGTH = 64)", Date: "2026"}},
		make: codexName},
	GeminiCLI: {sources: []Source{{Ref: "google-gemini/gemini-cli packages/core/src/tools/mcp-tool.ts @5411f11 L29-37, L590-618", Date: "2026-08-21"}},
		make: geminiCLIName},
	Windsurf: {sources: []Source{{Ref: "DaxianLee/cocos-mcp-server#14", Date: "2026-03-17"}},
		make: func(_, tool string) (string, []string) {
			// The index N counts servers in the host's own order; the one
			// report shows mcp0_ for the first.
			return "mcp0_" + tool, []string{"prefixed with mcpN_ (N is the server's place in Windsurf's list; shown as 0)"}
		}},
	Cline: {sources: []Source{{Ref: "cline/cline sdk/packages/core/src/extensions/mcp/name-transform.ts @21cb8d2", Date: "2026-08-22"}, {Ref: "cline/cline#11885", Date: "2026-06-26"}},
		make: clineName},
	Goose: {sources: []Source{{Ref: "block/goose crates/goose/src/agents/extension_manager.rs @005a565", Date: "2026"}},
		make: func(server, tool string) (string, []string) {
			ext := strings.ToLower(reGooseKeep.ReplaceAllString(reSpace.ReplaceAllString(server, ""), "_"))
			return ext + "__" + tool, []string{"prefixed with EXTENSION__ (the extension name normalised, the tool name kept as is)"}
		}},
	LibreChat: {sources: []Source{{Ref: "danny-avila/LibreChat#7435", Date: "2025-05-19"}},
		make: func(server, tool string) (string, []string) {
			return tool + "_mcp_" + server, []string{"suffixed with _mcp_SERVER"}
		}},
	OpenCode: {sources: []Source{{Ref: "anomalyco/opencode#33533", Date: "2026-06-23"}, {Ref: "anomalyco/opencode packages/opencode/src/mcp/index.ts @001133b (tools())", Date: "2026"}},
		make: func(server, tool string) (string, []string) {
			s, t := reAnthropicChars.ReplaceAllString(server, "_"), reAnthropicChars.ReplaceAllString(tool, "_")
			return "mcp__" + s + "__" + t, []string{"prefixed with mcp__SERVER__, characters outside [a-zA-Z0-9_-] made _"}
		}},
	Continue: {sources: []Source{{Ref: "continuedev/continue core/tools/mcpToolName.ts @5604b29", Date: "2025"}, {Ref: "continuedev/continue#5991", Date: "2025-06-04"}},
		make: func(server, tool string) (string, []string) {
			prefix := reContinueLabel.ReplaceAllString(strings.ToLower(server), "_")
			if strings.HasPrefix(tool, prefix) {
				return tool, nil
			}
			return prefix + "_" + tool, []string{"prefixed with the server name lowercased, [^a-z0-9]+ made _"}
		}},
}

// ModelName is the name host id gives a tool of the server keyed server
// when it hands the tool to its model.
func ModelName(id ID, server, tool string) Name {
	n, ok := namings[id]
	if !ok {
		return Name{Model: tool}
	}
	model, how := n.make(server, tool)
	out := Name{Model: model, Known: true, Sources: n.sources}
	if model != tool {
		what := fmt.Sprintf("renamed %q to %q", tool, model)
		if len(how) > 0 {
			what += ": " + strings.Join(how, "; ")
		}
		out.Changes = []Change{{Pointer: "/name", What: what, Sources: n.sources}}
	}
	return out
}

// vscodeName is mcp_ + a prefix from the server's label (at most 18
// characters with mcp_ and the trailing _) + the tool name with invalid
// characters made _, every dot of the whole made _, cut to 64.
func vscodeName(server, tool string) (string, []string) {
	const maxLen = 64
	name, how := vscodeFull(server, tool)
	if len(name) > maxLen {
		name = name[:maxLen]
		how = append(how, "cut to 64 characters")
	}
	return name, how
}

// vscodeFull is VS Code's model-facing name before its cut to 64: McpTool
// builds (idPrefix + name).replaceAll('.', '_'), so a dot in the server's
// label becomes _ too.
func vscodeFull(server, tool string) (string, []string) {
	const maxPrefix = 18
	label := reVSCodeLabel.ReplaceAllString(strings.ToLower(server), "_")
	prefix := "mcp_" + label
	if len(prefix) > maxPrefix-1 {
		prefix = prefix[:maxPrefix-1]
	}
	prefix += "_"
	how := []string{"prefixed with mcp_ and the server's label (the prefix at most 18 characters)"}
	clean := reVSCodeTool.ReplaceAllString(tool, "_")
	if clean != tool {
		how = append(how, "characters outside [a-z0-9_-] made _")
	}
	return strings.ReplaceAll(prefix+clean, ".", "_"), how
}

// codexName is mcp__SERVER__TOOL with characters outside [A-Za-z0-9_] made
// _, and a name over 64 bytes cut with a 12-hex SHA-1 suffix.
func codexName(server, tool string) (string, []string) {
	const maxLen = 64
	name, how := codexFull(server, tool)
	if len(name) > maxLen {
		sum := sha1.Sum([]byte("mcp__" + server + "__" + tool))
		name = name[:maxLen-13] + "_" + hex.EncodeToString(sum[:])[:12]
		how = append(how, "cut to 64 bytes with a SHA-1 suffix")
	}
	return name, how
}

// codexFull is Codex's model-facing name before its cut to 64 bytes.
func codexFull(server, tool string) (string, []string) {
	raw := "mcp__" + server + "__" + tool
	name := reCodexChars.ReplaceAllString(raw, "_")
	how := []string{"prefixed with mcp__SERVER__"}
	if name != raw {
		how = append(how, "characters outside [A-Za-z0-9_] made _")
	}
	return name, how
}

// geminiCLIName is mcp_SERVER_TOOL with characters outside
// [a-zA-Z0-9_-.:] made _, a leading non-letter prefixed with _, and a name
// over 63 characters cut to its first 30 and last 30 around "...".
func geminiCLIName(server, tool string) (string, []string) {
	name, how := geminiCLIFull(server, tool)
	if len(name) > 63 {
		name = name[:30] + "..." + name[len(name)-30:]
		how = append(how, "cut to its first 30 and last 30 characters around ...")
	}
	return name, how
}

// geminiCLIFull is Gemini CLI's model-facing name before its cut
// (generateValidName): mcp_ is added only when SERVER_TOOL does not
// already start with it.
func geminiCLIFull(server, tool string) (string, []string) {
	raw := server + "_" + tool
	how := []string{"prefixed with mcp_SERVER_"}
	if !strings.HasPrefix(raw, "mcp_") {
		raw = "mcp_" + raw
	} else {
		how = []string{"prefixed with SERVER_ (the server name already starts with mcp_)"}
	}
	name := reGeminiChars.ReplaceAllString(raw, "_")
	if name != raw {
		how = append(how, "characters outside [a-zA-Z0-9_-.:] made _")
	}
	if name != "" && !isLetter(name[0]) && name[0] != '_' {
		name = "_" + name
	}
	return name, how
}

// clineName is SERVER__TOOL with runs outside [a-zA-Z0-9_-] made _; a name
// so changed, or over 64 characters, is cut and given an 8-hex SHA-1
// suffix.
func clineName(server, tool string) (string, []string) {
	const maxLen = 64
	raw := server + "__" + tool
	name := reClineChars.ReplaceAllString(raw, "_")
	how := []string{"prefixed with SERVER__"}
	if name != raw || len(name) > maxLen {
		sum := sha1.Sum([]byte(raw))
		suffix := "_" + hex.EncodeToString(sum[:])[:8]
		name = name[:min(len(name), maxLen-len(suffix))] + suffix
		how = append(how, "characters outside [a-zA-Z0-9_-] made _ or longer than 64, so cut and given a SHA-1 suffix")
	}
	return name, how
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
