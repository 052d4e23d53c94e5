package host

import (
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/tool"
)

// TestLintFindings: a report's findings become lint findings at the
// verdict's severity, each naming its host and verdict, its fix carrying
// the sources; a whole-server finding is reported once, at its tool.
func TestLintFindings(t *testing.T) {
	t.Parallel()
	bad := mustTool(t, `{"name":"pick","description":"Pick one.","inputSchema":{"anyOf":[{"type":"object","properties":{"a":{"type":"string","description":"A."}}}]}}`)
	good := mustTool(t, `{"name":"echo","description":"Echo the text.","inputSchema":{"type":"object"}}`)
	r := Judge([]tool.Tool{bad, good}, Options{Server: "demo", Hosts: []ID{ClaudeCode, Zed}})
	fs := r.LintFindings()
	if len(fs) != 2 {
		t.Fatalf("want one finding per host, got %+v", fs)
	}
	cases := []struct {
		f       check.Finding
		sev     check.Severity
		message string
		fix     string
	}{
		{fs[0], check.Error, "claude-code: hidden (whole server): ", "Source: anthropics/claude-code#88049 (2026-08-19); seen 2026-08."},
		{fs[1], check.Info, "zed: unknown: ", ""},
	}
	for _, c := range cases {
		if c.f.Rule != "schema.input.root-not-object" || c.f.Tool != "pick" || c.f.Severity != c.sev ||
			!strings.HasPrefix(c.f.Message, c.message) || !strings.HasSuffix(c.f.Fix, c.fix) {
			t.Errorf("got %+v, want %v, %q…, …%q", c.f, c.sev, c.message, c.fix)
		}
	}
	if !strings.Contains(fs[1].Message, "No source says what Zed does") {
		t.Errorf("the unknown finding does not say what is not known: %q", fs[1].Message)
	}
}
