package host

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// structuredTool declares an outputSchema with a required integer count.
const structuredTool = `{"name":"count","description":"Count things.","inputSchema":{"type":"object"},
	"outputSchema":{"type":"object","properties":{"count":{"type":"integer"}},"required":["count"]}}`

// TestJudgeResult: each call result earns the verdicts its rule's sources
// give, per host, and the twins that keep the rule earn nothing.
func TestJudgeResult(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("x", 60000)
	huge := strings.Repeat("y", 120000)
	tests := []struct {
		name, tool, result string
		rule               string
		want               map[ID]Verdict
	}{
		{"no structuredContent", structuredTool, `{"content":[{"type":"text","text":"3"}]}`, "result.outputschema-without-structured",
			map[ID]Verdict{ClaudeCode: Rejected, Cursor: Rejected, GeminiCLI: Rejected, VSCode: Unknown, Cline: Unknown}},
		{"structuredContent fails the schema", structuredTool, `{"content":[{"type":"text","text":"{\"count\":\"three\"}"}],"structuredContent":{"count":"three"}}`, "result.outputschema-without-structured",
			map[ID]Verdict{GeminiCLI: Rejected, ClaudeCode: Unknown, Cursor: Unknown, Codex: Unknown}},
		{"text says something else", structuredTool, `{"content":[{"type":"text","text":"Three things found."}],"structuredContent":{"count":3}}`, "result.structured-shadows-content",
			map[ID]Verdict{ClaudeCode: Degraded, VSCode: Degraded, Codex: Degraded, GeminiCLI: Degraded, ChatGPT: Unknown, Zed: Unknown}},
		{"60,000 characters", `{"name":"dump","inputSchema":{"type":"object"}}`, `{"content":[{"type":"text","text":"` + big + `"}]}`, "result.size",
			map[ID]Verdict{ClaudeCode: Degraded, Codex: Degraded, Goose: Unknown}},
		{"120,000 characters", `{"name":"dump","inputSchema":{"type":"object"}}`, `{"content":[{"type":"text","text":"` + huge + `"}]}`, "result.size",
			map[ID]Verdict{ClaudeCode: Rejected, Codex: Degraded}},
		{"120,000 characters allowed by _meta", `{"name":"dump","inputSchema":{"type":"object"},"_meta":{"anthropic/maxResultSizeChars":200000}}`, `{"content":[{"type":"text","text":"` + huge + `"}]}`, "result.size",
			map[ID]Verdict{ClaudeCode: Works, Codex: Degraded}},
		{"45,000 characters", `{"name":"dump","inputSchema":{"type":"object"}}`, `{"content":[{"type":"text","text":"` + big[:45000] + `"}]}`, "result.size",
			map[ID]Verdict{ClaudeCode: Works, Codex: Degraded}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fs := JudgeResult(mustTool(t, tt.tool), json.RawMessage(tt.result), Options{Server: "planted"})
			got := verdictsOf(fs, tt.rule)
			for id, want := range tt.want {
				if got[id] != want {
					t.Errorf("%s in %s = %v, want %v; findings %s", tt.rule, id, got[id], want, describe(fs))
				}
			}
			checkFindings(t, fs)
		})
	}
}

// TestJudgeResultTwins: results that keep every result rule earn no
// finding at all.
func TestJudgeResultTwins(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, tool, result string }{
		{"structuredContent that matches, mirrored as text", structuredTool, `{"content":[{"type":"text","text":" {\"count\": 3.0} "}],"structuredContent":{"count":3}}`},
		{"structuredContent without content", structuredTool, `{"content":[],"structuredContent":{"count":3}}`},
		{"an error result need not match", structuredTool, `{"content":[{"type":"text","text":"no such thing"}],"isError":true}`},
		{"text only, no outputSchema", `{"name":"echo","inputSchema":{"type":"object"}}`, `{"content":[{"type":"text","text":"hello"}]}`},
		{"a blank text beside structuredContent", structuredTool, `{"content":[{"type":"text","text":"  "}],"structuredContent":{"count":3}}`},
		{"40,000 characters", `{"name":"dump","inputSchema":{"type":"object"}}`, `{"content":[{"type":"text","text":"` + strings.Repeat("z", 40000) + `"}]}`},
		{"not JSON", structuredTool, `nonsense`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if fs := JudgeResult(mustTool(t, tt.tool), json.RawMessage(tt.result), Options{}); len(fs) != 0 {
				t.Errorf("findings %s, want none", describe(fs))
			}
		})
	}
}

// TestJudgeResultHostsAndOrder: o.Hosts narrows the findings and they come
// worst first.
func TestJudgeResultHostsAndOrder(t *testing.T) {
	t.Parallel()
	result := `{"content":[{"type":"text","text":"` + strings.Repeat("w", 110000) + `"}],"structuredContent":{"count":"many"}}`
	fs := JudgeResult(mustTool(t, structuredTool), json.RawMessage(result), Options{Hosts: []ID{ClaudeCode, Windsurf}})
	if len(fs) == 0 {
		t.Fatal("no findings")
	}
	for i, f := range fs {
		if f.Host != ClaudeCode && f.Host != Windsurf {
			t.Errorf("finding for %s, not asked for", f.Host)
		}
		if i > 0 && f.Verdict > fs[i-1].Verdict {
			t.Errorf("finding %d (%v) is worse than the one before (%v)", i, f.Verdict, fs[i-1].Verdict)
		}
	}
}

func verdictsOf(fs []Finding, rule string) map[ID]Verdict {
	out := map[ID]Verdict{}
	for _, f := range fs {
		if f.Rule == rule {
			out[f.Host] = max(out[f.Host], f.Verdict)
		}
	}
	return out
}

// checkFindings: every finding names its tool and says what was found, and
// every finding other than unknown carries its sources.
func checkFindings(t *testing.T, fs []Finding) {
	t.Helper()
	for _, f := range fs {
		if f.Tool == "" || f.Message == "" || f.Does == "" {
			t.Errorf("finding without tool, message or what the host does: %+v", f)
		}
		if f.Verdict != Unknown && (len(f.Sources) == 0 || f.Seen == "") {
			t.Errorf("%s in %s: a verdict without sources: %+v", f.Rule, f.Host, f)
		}
	}
}

// page is a list result page as a server sends it.
func page(method string, n int, body string) ListPage {
	return ListPage{Method: method, Page: n, Raw: json.RawMessage(body)}
}

func toolsJSON(names ...string) string {
	var b strings.Builder
	for i, n := range names {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name":%q,"description":"A tool.","inputSchema":{"type":"object"}}`, n)
	}
	return "[" + b.String() + "]"
}
