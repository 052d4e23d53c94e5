package host

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/tool"
)

// plainTool is a tool no rule of this topic fires on, named name.
func plainTool(t *testing.T, name string) tool.Tool {
	t.Helper()
	return mustTool(t, fmt.Sprintf(`{"name":%q,"description":"Do one plain thing.","inputSchema":{"type":"object","properties":{"text":{"type":"string","description":"The text."}}}}`, name))
}

// rulesIn lists the ids of the findings in a cell.
func rulesIn(c *Cell) []string {
	var out []string
	for _, f := range c.Findings {
		out = append(out, f.Rule)
	}
	return out
}

func hasRule(c *Cell, id string) bool {
	for _, f := range c.Findings {
		if f.Rule == id {
			return true
		}
	}
	return false
}

// TestNameRulesNeedServerKey: without a server key the rules built on the
// prefix say nothing (no guess), while the bare-name rule still speaks.
func TestNameRulesNeedServerKey(t *testing.T) {
	t.Parallel()
	long := plainTool(t, strings.Repeat("a", 53))
	raw := plainTool(t, strings.Repeat("b", 65))
	for _, c := range []struct {
		server    string
		wantFired bool
	}{{"", false}, {"planted", true}} {
		t.Run("server="+c.server, func(t *testing.T) {
			t.Parallel()
			r := Judge([]tool.Tool{long, raw, plainTool(t, "search"), plainTool(t, "fetch")}, Options{Server: c.server})
			for rule, id := range map[string]ID{"name.len.prefixed-64": ClaudeCode, "name.len.cursor-60": Cursor} {
				if got := hasRule(r.Cell(long.Name, id), rule); got != c.wantFired {
					t.Errorf("%s on the 53-character tool in %s: fired %v, want %v", rule, id, got, c.wantFired)
				}
			}
			for _, id := range IDs() {
				if hasRule(r.Cell("", id), "server.name-charset") {
					t.Errorf("server.name-charset fired in %s", id)
				}
			}
			if c := r.Cell(raw.Name, Cursor); !hasRule(c, "name.len.cursor-60") || c.Verdict != Hidden {
				t.Errorf("65-character tool in cursor = %v %v, want hidden whatever the key", c.Verdict, rulesIn(c))
			}
			cc := r.Cell(raw.Name, ClaudeCode)
			if !hasRule(cc, "name.len.raw-64") || cc.Verdict != Rejected {
				t.Errorf("65-character tool in claude-code = %v %v, want rejected by name.len.raw-64", cc.Verdict, rulesIn(cc))
			}
		})
	}
}

// TestPrefixedDetail: each host's finding names its own model-facing name,
// its length and, when the host cuts it, what the model sees instead.
func TestPrefixedDetail(t *testing.T) {
	t.Parallel()
	name := strings.Repeat("x", 53)
	r := Judge([]tool.Tool{plainTool(t, name)}, Options{Server: "planted"})
	cases := []struct {
		host ID
		want []string
	}{
		{ClaudeCode, []string{"67 characters once prefixed (over 64): mcp__planted__" + name}},
		{LibreChat, []string{"65 characters", name + "_mcp_planted"}},
		{VSCode, []string{"65 characters", "the model sees mcp_planted_" + name[:52]}},
		{GeminiCLI, []string{"65 characters once prefixed (over 63)", "the model sees mcp_planted_" + name[:18] + "..." + name[:30]}},
		{Codex, []string{"67 characters", "the model sees mcp__planted__"}},
	}
	for _, c := range cases {
		var msg string
		for _, f := range r.Cell(name, c.host).Findings {
			if f.Rule == "name.len.prefixed-64" {
				msg = f.Message
			}
		}
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: message %q lacks %q", c.host, msg, w)
			}
		}
	}
	if got := r.Cell(name, Cline); hasRule(got, "name.len.prefixed-64") {
		t.Errorf("cline: planted__ + 53 is 62 characters, yet %v", got.Findings)
	}
}

// TestNameCharsetProviders: hosts that let the person choose a model are
// judged for the provider chosen; the Gemini API takes dots but not spaces.
func TestNameCharsetProviders(t *testing.T) {
	t.Parallel()
	cases := []struct {
		tool     string
		provider Provider
		host     ID
		want     Verdict
	}{
		{"get.user", Gemini, Continue, Works},
		{"get user", Gemini, Continue, Rejected},
		{"get.user", OpenAI, Continue, Rejected},
		{"get.user", Anthropic, Continue, Rejected},
		{"get.user", Anthropic, LibreChat, Unknown},
		{"get.user", OpenAI, LibreChat, Rejected},
		{"get.user", "", GeminiCLI, Works},
		{"get/user", "", GeminiCLI, Degraded},
		{"get.user", "", Goose, Unknown},
		{"get_user", "", ClaudeDesktop, Works},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%s/%s", c.tool, c.provider, c.host), func(t *testing.T) {
			t.Parallel()
			tl := plainTool(t, c.tool)
			r := Judge([]tool.Tool{tl}, Options{Server: "crm", Provider: c.provider, Hosts: []ID{c.host}})
			var got Verdict
			for _, f := range r.Cell(c.tool, c.host).Findings {
				if f.Rule == "name.charset" {
					got = max(got, f.Verdict)
				}
			}
			if got != c.want {
				t.Errorf("name.charset = %v, want %v; findings %s", got, c.want, describe(r.Cell(c.tool, c.host).Findings))
			}
		})
	}
}

// TestReadLike: a reading verb counts only as a whole word, in the name or
// else in the title.
func TestReadLike(t *testing.T) {
	t.Parallel()
	cases := []struct {
		raw  string
		want bool
	}{
		{`{"name":"get_user"}`, true},
		{`{"name":"listItems"}`, true},
		{`{"name":"fetch-page"}`, true},
		{`{"name":"Search docs"}`, true},
		{`{"name":"query"}`, true},
		{`{"name":"listen"}`, false},
		{`{"name":"reader"}`, false},
		{`{"name":"showcase"}`, false},
		{`{"name":"invoices","title":"List invoices"}`, true},
		{`{"name":"invoices","annotations":{"title":"Describe an invoice"}}`, true},
		{`{"name":"get_user","annotations":{"readOnlyHint":true}}`, false},
		{`{"name":"get_user","annotations":{"readOnlyHint":false}}`, true},
		{`{"name":"delete_user"}`, false},
	}
	for _, c := range cases {
		t.Run(c.raw, func(t *testing.T) {
			t.Parallel()
			hits := detectReadOnlyMissing(&Subject{Tool: mustTool(t, c.raw)})
			if got := len(hits) == 1; got != c.want {
				t.Errorf("fired %v, want %v (%+v)", got, c.want, hits)
			}
		})
	}
}
