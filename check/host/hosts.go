package host

import (
	"fmt"
	"strings"
)

// ID names a host: "claude-code", "cursor"…
type ID string

// The hosts the catalogue covers.
const (
	ClaudeCode    ID = "claude-code"
	ClaudeDesktop ID = "claude-desktop"
	ChatGPT       ID = "chatgpt"
	Cursor        ID = "cursor"
	VSCode        ID = "vscode"
	Codex         ID = "codex"
	GeminiCLI     ID = "gemini-cli"
	Windsurf      ID = "windsurf"
	Cline         ID = "cline"
	Goose         ID = "goose"
	Zed           ID = "zed"
	LibreChat     ID = "librechat"
	OpenCode      ID = "opencode"
	Continue      ID = "continue"
)

// Provider names a model API a host forwards tool schemas to.
type Provider string

// The model APIs whose rules reach a server through its hosts.
const (
	Anthropic Provider = "anthropic"
	OpenAI    Provider = "openai"
	Gemini    Provider = "gemini"
)

// Providers lists the model APIs a person can choose with --provider.
func Providers() []Provider { return []Provider{Anthropic, OpenAI, Gemini} }

// Host is one MCP host as the catalogue knows it.
type Host struct {
	ID ID
	// Name is how people call it: "Claude Code", "VS Code (Copilot agent
	// mode)".
	Name string
	// Short is the host's column head in a matrix that must fit 80
	// columns with every host: "CC", "VSC".
	Short string
	// Models are the provider APIs the host hands tool schemas to. One
	// means the host's models are fixed (Claude Code and Anthropic); more
	// than one means the person chooses a model, and Options.Provider
	// says which one to judge for.
	Models []Provider
	// Evidence is the date of the newest source the catalogue read for
	// this host: verdicts say nothing of what changed after it.
	Evidence string
}

// Chooses reports whether the person picks the host's model, so that a
// provider's rules apply only for the provider picked.
func (h Host) Chooses() bool { return len(h.Models) > 1 }

var everyModel = []Provider{Anthropic, OpenAI, Gemini}

// Compiled is the day the catalogue was compiled from its sources, each of
// which is older: a host's Evidence is the date of its newest.
const Compiled = "2026-12-02"

// hosts is the catalogue's hosts in the order the matrix shows them: the
// most used first. Evidence dates are those of shared research, compiled
// 2026-12-02 from sources dated up to the day given.
var hosts = []Host{
	{ID: ClaudeCode, Name: "Claude Code", Short: "CC", Models: []Provider{Anthropic}, Evidence: "2026-09-22"},
	{ID: ClaudeDesktop, Name: "Claude Desktop / claude.ai", Short: "CD", Models: []Provider{Anthropic}, Evidence: "2026-09-17"},
	{ID: ChatGPT, Name: "ChatGPT", Short: "GPT", Models: []Provider{OpenAI}, Evidence: "2026-08-19"},
	{ID: Cursor, Name: "Cursor", Short: "CUR", Models: everyModel, Evidence: "2026-09-07"},
	{ID: VSCode, Name: "VS Code (Copilot agent mode)", Short: "VSC", Models: everyModel, Evidence: "2026-08-20"},
	{ID: Codex, Name: "Codex CLI", Short: "CDX", Models: []Provider{OpenAI}, Evidence: "2026-09-02"},
	{ID: GeminiCLI, Name: "Gemini CLI", Short: "GEM", Models: []Provider{Gemini}, Evidence: "2026-08-21"},
	{ID: Windsurf, Name: "Windsurf", Short: "WS", Models: everyModel, Evidence: "2026-03-17"},
	{ID: Cline, Name: "Cline", Short: "CLN", Models: everyModel, Evidence: "2026-08-22"},
	{ID: Goose, Name: "Goose", Short: "GSE", Models: everyModel, Evidence: "2026-08-14"},
	{ID: Zed, Name: "Zed", Short: "ZED", Models: everyModel, Evidence: "2026-06-30"},
	{ID: LibreChat, Name: "LibreChat", Short: "LC", Models: everyModel, Evidence: "2026-07-07"},
	{ID: OpenCode, Name: "opencode", Short: "OC", Models: everyModel, Evidence: "2026-06-23"},
	{ID: Continue, Name: "Continue", Short: "CON", Models: everyModel, Evidence: "2025-07-31"},
}

// Hosts lists every host, in the matrix's order.
func Hosts() []Host { return append([]Host(nil), hosts...) }

// IDs lists every host's id, in the matrix's order.
func IDs() []ID {
	out := make([]ID, len(hosts))
	for i, h := range hosts {
		out[i] = h.ID
	}
	return out
}

// Lookup finds a host by id.
func Lookup(id ID) (Host, bool) {
	for _, h := range hosts {
		if h.ID == id {
			return h, true
		}
	}
	return Host{}, false
}

// UnknownHostError is a host id the catalogue does not have.
type UnknownHostError struct {
	// Given is the id as the person typed it.
	Given string
}

// Error names the id and the ids there are.
func (e *UnknownHostError) Error() string {
	return fmt.Sprintf("unknown host %q: want one of %s", e.Given, idList())
}

// ParseIDs reads a comma-separated list of host ids ("claude-code,cursor"),
// refusing any the catalogue lacks; an empty list means every host.
func ParseIDs(list []string) ([]ID, error) {
	var out []ID
	for _, item := range list {
		for _, word := range strings.Split(item, ",") {
			word = strings.TrimSpace(word)
			if word == "" {
				continue
			}
			if _, ok := Lookup(ID(word)); !ok {
				return nil, &UnknownHostError{Given: word}
			}
			out = append(out, ID(word))
		}
	}
	if len(out) == 0 {
		return IDs(), nil
	}
	return out, nil
}

// ParseProvider reads --provider: anthropic, openai, gemini, or "" or any
// for every provider a host lets a person choose.
func ParseProvider(name string) (Provider, error) {
	if name == "" || name == "any" {
		return "", nil
	}
	for _, p := range Providers() {
		if string(p) == name {
			return p, nil
		}
	}
	return "", fmt.Errorf("unknown provider %q: want anthropic, openai, gemini or any", name)
}

func idList() string {
	ids := IDs()
	words := make([]string, len(ids))
	for i, id := range ids {
		words[i] = string(id)
	}
	return strings.Join(words, ", ")
}
