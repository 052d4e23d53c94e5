package root

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

const seedsDir = "../../schemaform/testdata/seeds/"
const serversDir = "../../schemaform/testdata/servers/"

func TestLintCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		code int
		out  []string
	}{
		{"seed create_order is clean", []string{"lint", "--tools-file", seedsDir + "create_order.json"}, exitOK,
			[]string{"0 errors, 0 warnings", "prose-max-length", "/inputSchema/properties/note/description"}},
		{"bad examples warn", []string{"lint", "--tools-file", seedsDir + "bad_examples.json"}, exitOK,
			[]string{"tool-description-vague", "param-description-restates-type", "param-enum-in-prose"}},
		{"fail on warning", []string{"lint", "--fail-on", "warning", "--tools-file", seedsDir + "bad_examples.json"}, exitToolError,
			[]string{"warning"}},
		{"one tool", []string{"lint", "--tool", "read_file", "--tools-file", serversDir + "filesystem.tools.json"}, exitOK,
			[]string{"read_file", "in 1 tool."}},
		{"live fixture", []string{"lint", "demo"}, exitOK, []string{"in 15 tools."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := runToolbench(t, context.Background(), "", tt.args...)
			if r.code != tt.code {
				t.Errorf("exit %d, want %d\n%s%s", r.code, tt.code, r.out, r.err)
			}
			for _, w := range tt.out {
				if !strings.Contains(r.out, w) {
					t.Errorf("output lacks %q:\n%s", w, r.out)
				}
			}
		})
	}
}

func TestLintJSONAndSARIF(t *testing.T) {
	t.Parallel()
	file := serversDir + "everything.tools.json"
	r := runToolbench(t, context.Background(), "", "lint", "--json", "--tools-file", file)
	var got struct {
		Tools    int              `json:"tools"`
		Findings []map[string]any `json:"findings"`
		Summary  map[string]int   `json:"summary"`
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil || got.Tools != 13 || len(got.Findings) == 0 {
		t.Fatalf("lint --json: %v\n%s", err, r.out)
	}
	for _, k := range []string{"rule", "severity", "tool", "pointer", "message", "fix"} {
		if _, ok := got.Findings[0][k]; !ok {
			t.Errorf("a finding lacks %q: %v", k, got.Findings[0])
		}
	}
	r = runToolbench(t, context.Background(), "", "lint", "--format", "sarif", "--tools-file", file)
	var sarif struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID string `json:"ruleId"`
				Level  string `json:"level"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(r.out), &sarif); err != nil || sarif.Version != "2.1.0" || len(sarif.Runs) != 1 {
		t.Fatalf("sarif: %v\n%s", err, r.out)
	}
	if len(sarif.Runs[0].Results) != len(got.Findings) || len(sarif.Runs[0].Tool.Driver.Rules) == 0 {
		t.Errorf("sarif has %d results and %d rules, json %d findings", len(sarif.Runs[0].Results), len(sarif.Runs[0].Tool.Driver.Rules), len(got.Findings))
	}
	for _, bad := range [][]string{{"lint", "--format", "xml", "--tools-file", file}, {"lint", "--fail-on", "fatal", "--tools-file", file}} {
		if r := runToolbench(t, context.Background(), "", bad...); r.code != exitUsage {
			t.Errorf("%v: exit %d, want %d", bad, r.code, exitUsage)
		}
	}
}

// TestLintTextBySeverity checks the text report: every error before any
// warning, every warning before any info, whichever tool they belong to,
// each section grouped by tool in list order; then the summary, and the
// providers whose form the findings block.
func TestLintTextBySeverity(t *testing.T) {
	t.Parallel()
	const tools = `{"tools": [
		{"name": "quiet", "description": "Looks things up in the test catalogue and returns the matching entries.",
		 "inputSchema": {"type": "object", "additionalProperties": false, "properties": {
			"q": {"type": "string", "description": "What to look for, as free text."}}}},
		{"name": "loud", "inputSchema": {"type": "object", "additionalProperties": false, "properties": {
			"page": {"type": "number", "description": "Page number, 1-based; defaults to 1."}}}}]}`
	r := runToolbench(t, context.Background(), tools, "lint", "--tools-file", "-")
	if r.code != exitToolError {
		t.Errorf("exit %d, want %d (loud has no description)\n%s%s", r.code, exitToolError, r.out, r.err)
	}
	want := []string{
		"Errors (1)\nloud\n  error   tool-description-missing  /description\n",
		"Warnings (1)\nloud\n  warning param-number-not-integer  /inputSchema/properties/page/type\n",
		"Infos (", "quiet\n", "  info    compat-openai-strict-not-required  /inputSchema/properties/q  blocks openai-strict\n",
		"loud\n", "  info    compat-openai-strict-not-required  /inputSchema/properties/page  blocks openai-strict\n",
		"\n1 error, 1 warning, ", " infos in 2 tools.\n",
		"2 findings block the openai-strict form; toolbench schema TOOL --as openai-strict shows the converted tool.\n",
	}
	rest := r.out
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("output lacks %q after what came before:\n%s", w, r.out)
		}
		rest = rest[i+len(w):]
	}
}
