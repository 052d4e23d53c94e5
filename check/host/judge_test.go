package host

import (
	"encoding/json"
	"testing"

	"github.com/toolbench/toolbench/tool"
)

func mustTool(t *testing.T, raw string) tool.Tool {
	t.Helper()
	tl, err := tool.Parse(json.RawMessage(raw))
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// TestJudgeWholeServerEffect: one tool whose inputSchema root is not an
// object hides itself and the whole server in Claude Code, leaves the
// other tool's cell alone, and is unknown where no source speaks.
func TestJudgeWholeServerEffect(t *testing.T) {
	t.Parallel()
	bad := mustTool(t, `{"name":"pick","description":"Pick one.","inputSchema":{"anyOf":[{"type":"object"},{"type":"string"}]}}`)
	good := mustTool(t, `{"name":"echo","description":"Echo the text.","inputSchema":{"type":"object","properties":{"text":{"type":"string","description":"What to echo."}}}}`)
	r := Judge([]tool.Tool{bad, good}, Options{Server: "demo", Hosts: []ID{ClaudeCode, Windsurf}})
	if got := r.Cell("pick", ClaudeCode).Verdict; got != Hidden {
		t.Errorf("pick in claude-code = %v, want hidden", got)
	}
	if got := r.Cell("", ClaudeCode).Verdict; got != Hidden {
		t.Errorf("server in claude-code = %v, want hidden", got)
	}
	if got := r.Cell("pick", Windsurf); got.Verdict != Unknown || got.Findings[0].Does == "" || len(got.Findings[0].Sources) != 0 {
		t.Errorf("pick in windsurf = %+v, want unknown with what is not known and no source", got)
	}
	if got := r.Cell("", Windsurf).Verdict; got != Works {
		t.Errorf("server in windsurf = %v, want works (an unknown tool does not make the server unknown)", got)
	}
	if got := r.Cell("echo", ClaudeCode).Verdict; got != Works {
		t.Errorf("echo in claude-code = %v, want works", got)
	}
	if r.Worst() != Hidden {
		t.Errorf("worst = %v, want hidden", r.Worst())
	}
}

func TestVerdictRoundTrip(t *testing.T) {
	t.Parallel()
	for _, v := range Verdicts() {
		b, _ := json.Marshal(v)
		var back Verdict
		if err := json.Unmarshal(b, &back); err != nil || back != v {
			t.Errorf("%v -> %s -> %v (%v)", v, b, back, err)
		}
	}
	if _, err := ParseVerdict("fine"); err == nil {
		t.Error("ParseVerdict took an unknown name")
	}
}

// TestDeclinedCasesAreUnknown: where a host's effects cover some cases of
// a rule only, a case they decline is unknown in that host, not fine:
// Codex inlines a local $ref (degraded) but what it does with a remote one
// is not known (schema.$ref.remote says so too); Claude Desktop's source
// shows a root without a type, so a root of another type is not known
// there (only Declined says that).
func TestDeclinedCasesAreUnknown(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, tool string
		host       ID
		want       Verdict
	}{
		{"local ref in codex", `{"name":"a","description":"A.","inputSchema":{"type":"object","properties":{"p":{"$ref":"#/$defs/p"}},"$defs":{"p":{"type":"string","description":"P."}}}}`, Codex, Degraded},
		{"remote ref in codex", `{"name":"a","description":"A.","inputSchema":{"type":"object","properties":{"p":{"$ref":"https://example.com/p.json"}}}}`, Codex, Unknown},
		{"root without a type in claude-desktop", `{"name":"a","description":"A.","inputSchema":{"properties":{"p":{"type":"string","description":"P."}}}}`, ClaudeDesktop, Rejected},
		{"string root in claude-desktop", `{"name":"a","description":"A.","inputSchema":{"type":"string"}}`, ClaudeDesktop, Unknown},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := Judge([]tool.Tool{mustTool(t, c.tool)}, Options{Server: "s", Hosts: []ID{c.host}})
			if got := r.Cell("a", c.host); got.Verdict != c.want {
				t.Errorf("%s = %v, want %v; %s", c.host, got.Verdict, c.want, describe(got.Findings))
			}
		})
	}
}
