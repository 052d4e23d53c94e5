package host

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/tool"
)

// manyTools is n plain tools, the first two named search and fetch.
func manyTools(t *testing.T, n int) []tool.Tool {
	t.Helper()
	out := []tool.Tool{plainTool(t, "search"), plainTool(t, "fetch")}
	for i := len(out); i < n; i++ {
		out = append(out, plainTool(t, fmt.Sprintf("item_%03d", i+1)))
	}
	return out
}

// TestToolsCountThresholds: each host's count is crossed only past its own
// limit, and Claude Desktop's drop lands on the tools past the 256th.
func TestToolsCountThresholds(t *testing.T) {
	t.Parallel()
	cases := []struct {
		n    int
		host ID
		want Verdict
	}{
		{40, Cursor, Works},
		{41, Cursor, Unknown},
		{41, VSCode, Works},
		{100, Windsurf, Works},
		{101, Windsurf, Hidden},
		{128, VSCode, Works},
		{129, VSCode, Rejected},
		{129, LibreChat, Rejected},
		{256, ClaudeDesktop, Works},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d/%s", c.n, c.host), func(t *testing.T) {
			t.Parallel()
			r := Judge(manyTools(t, c.n), Options{Server: "planted", Hosts: []ID{c.host}})
			if got := r.Cell("", c.host); got.Verdict != c.want {
				t.Errorf("server with %d tools in %s = %v, want %v; %s", c.n, c.host, got.Verdict, c.want, describe(got.Findings))
			}
		})
	}
	r := Judge(manyTools(t, 258), Options{Server: "planted", Hosts: []ID{ClaudeDesktop}})
	for name, want := range map[string]Verdict{"item_256": Works, "item_257": Hidden, "item_258": Hidden} {
		c := r.Cell(name, ClaudeDesktop)
		if c.Verdict != want {
			t.Errorf("%s in claude-desktop = %v, want %v", name, c.Verdict, want)
		}
		if want == Hidden && !strings.Contains(c.Findings[0].Message, "of 258 in list order") {
			t.Errorf("%s: message %q does not place the tool", name, c.Findings[0].Message)
		}
	}
}

// TestListRuleDetails: each list rule's finding says what it found, with
// the values.
func TestListRuleDetails(t *testing.T) {
	t.Parallel()
	dup := []tool.Tool{plainTool(t, "search"), plainTool(t, "tag"), plainTool(t, "fetch"), plainTool(t, "tag")}
	long := mustTool(t, `{"name":"archive","description":"`+strings.Repeat("a", 2048)+`TAIL","inputSchema":{"type":"object"}}`)
	cases := []struct {
		name   string
		tools  []tool.Tool
		server string
		tool   string
		host   ID
		want   string
	}{
		{"duplicate", dup, "planted", "tag", Codex, `the name "tag" is listed 2 times, at /tools/1, /tools/3`},
		{"server key dot", dup, "docs.v2", "", ClaudeCode, `the server key "docs.v2" has '.' outside [A-Za-z0-9_-]`},
		{"server key underscore", dup, "docs_v2", "", GeminiCLI, `the server key "docs_v2" has an _`},
		{"description", []tool.Tool{long}, "planted", "archive", ClaudeCode, `the description is 2052 characters; the 4 past 2,048 start "TAIL"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := Judge(c.tools, Options{Server: c.server, ServerFrom: FromFlag, Hosts: []ID{c.host}})
			cell := r.Cell(c.tool, c.host)
			for _, f := range cell.Findings {
				if strings.Contains(f.Message, c.want) && f.Verdict > Unknown && len(f.Sources) > 0 {
					return
				}
			}
			t.Errorf("no sourced finding saying %q; got %s", c.want, describe(cell.Findings))
		})
	}
}

// TestServerKeyHosts: a dot fails Claude Code and Codex but not Gemini
// CLI; an underscore only bothers Gemini CLI; a key nobody chose (the
// name the server reports, "mcp-servers/everything") is not judged, since
// no host is configured with it.
func TestServerKeyHosts(t *testing.T) {
	t.Parallel()
	tools := []tool.Tool{plainTool(t, "search"), plainTool(t, "fetch")}
	cases := []struct {
		server, from string
		host         ID
		want         Verdict
	}{
		{"docs.v2", FromFlag, ClaudeCode, Rejected},
		{"docs.v2", FromConfig, Codex, Rejected},
		{"docs.v2", FromFile, GeminiCLI, Works},
		{"docs_v2", FromFlag, ClaudeCode, Works},
		{"docs_v2", FromFlag, GeminiCLI, Degraded},
		{"docs_v2", FromFlag, Cursor, Unknown},
		{"docs-v2", FromFlag, Cursor, Works},
		{"mcp-servers/everything", FromServer, ClaudeCode, Works},
		{"tools.v2", FromFileName, Codex, Works},
	}
	for _, c := range cases {
		t.Run(c.server+"/"+string(c.host), func(t *testing.T) {
			t.Parallel()
			r := Judge(tools, Options{Server: c.server, ServerFrom: c.from, Hosts: []ID{c.host}})
			if got := r.Cell("", c.host); got.Verdict != c.want {
				t.Errorf("server %q in %s = %v, want %v; %s", c.server, c.host, got.Verdict, c.want, describe(got.Findings))
			}
		})
	}
}
