package lint

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/toolbench/toolbench/check"

	"github.com/toolbench/toolbench/tool"
)

// loadTools reads testdata/name: a {"tools": [...]} list, as tools/list
// returns it, or a single tool object.
func loadTools(t testing.TB, name string) []tool.Tool {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	tools, err := tool.ParseList(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return tools
}

// toolFromJSON builds a tool.Tool the way a client hands one to Lint.
func toolFromJSON(t testing.TB, raw json.RawMessage) tool.Tool {
	t.Helper()
	tl, err := tool.Parse(raw)
	if err != nil {
		t.Fatalf("tool: %v", err)
	}
	return tl
}

// goodDescription is a tool description no rule objects to.
const goodDescription = "Looks things up in the test catalogue and returns the matching entries as JSON."

// schemaTool wraps an inputSchema in a tool with a good name and description.
func schemaTool(schema string) string {
	return `{"name": "t", "description": "` + goodDescription + `", "inputSchema": ` + schema + `}`
}

// propTool is a tool whose inputSchema has one optional property.
func propTool(name, schema string) string {
	return schemaTool(`{"type": "object", "properties": {"` + name + `": ` + schema + `}, "additionalProperties": false}`)
}

// stringTool is a tool whose one optional property "a" is a string
// described by desc (JSON-escaped).
func stringTool(desc string) string {
	return propTool("a", `{"type": "string", "description": "`+desc+`"}`)
}

// lintJSON lints tool objects given as JSON; a JSON array holds several.
func lintJSON(t testing.TB, tl string) []check.Finding {
	t.Helper()
	var raws []json.RawMessage
	if err := json.Unmarshal([]byte(tl), &raws); err != nil {
		raws = []json.RawMessage{json.RawMessage(tl)}
	}
	tools := make([]tool.Tool, len(raws))
	for i, raw := range raws {
		tools[i] = toolFromJSON(t, raw)
	}
	return Check(tools)
}

// ruleCase is one failing or passing example of a rule.
type ruleCase struct {
	name string
	// tool is a tool object as JSON, or an array of them.
	tl   string
	rule check.RuleID
	sev  check.Severity
	// ptr is where the finding must be; "" asserts the rule stays silent.
	ptr   string
	field string
}

// runRuleCases asserts each case's finding (rule, severity, pointer and
// field, with a message and a fix), or its absence.
func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			all := lintJSON(t, tc.tl)
			var got []check.Finding
			for _, f := range all {
				if f.Rule == tc.rule.String() {
					got = append(got, f)
				}
			}
			if tc.ptr == "" {
				if len(got) > 0 {
					t.Fatalf("want no %s, got %+v", tc.rule, got)
				}
				return
			}
			for _, f := range got {
				if f.Pointer != tc.ptr {
					continue
				}
				if f.Severity != tc.sev || f.Field != tc.field || f.Message == "" || f.Fix == "" || f.Tool == "" && tc.rule != ruleToolNameInvalid {
					t.Fatalf("finding %+v: want severity %v, field %q, a message and a fix", f, tc.sev, tc.field)
				}
				return
			}
			t.Fatalf("want %s at %s, got %+v\nall findings: %+v", tc.rule, tc.ptr, got, all)
		})
	}
}
