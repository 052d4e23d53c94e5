package lint

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"

	"github.com/toolbench/toolbench/tool"
)

// summary counts findings per severity and rule, for the log.
func summary(fs []check.Finding) string {
	counts := map[string]int{}
	for _, f := range fs {
		counts[fmt.Sprintf("%-7s %s", f.Severity, f.Rule)]++
	}
	lines := make([]string, 0, len(counts))
	for k, n := range counts {
		lines = append(lines, fmt.Sprintf("%3d %s", n, k))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// TestReferenceServers lints the tool lists of the reference servers and
// the fixture. The expectations below were checked by hand against the
// schemas.
func TestReferenceServers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file string
		want []string
		// clean means nothing above info: the fixture is written to the
		// seed's standard.
		clean bool
	}{
		{"everything.tools.json", []string{
			// "count" and "steps" ("Number of steps") count things; an id is an integer.
			"warning param-number-not-integer get-resource-links /inputSchema/properties/count/type field=/count",
			"warning param-number-not-integer trigger-long-running-operation /inputSchema/properties/steps/type field=/steps",
			"warning param-number-not-integer get-resource-reference /inputSchema/properties/resourceId/type field=/resourceId",
			"warning param-description-missing get-resource-reference /inputSchema/properties/resourceType field=/resourceType",
			"warning no-params-open get-env /inputSchema field=",
		}, false},
		{"filesystem.tools.json", []string{
			"warning param-description-missing read_file /inputSchema/properties/path field=/path",
			// head and tail are "the first N lines".
			"warning param-number-not-integer read_text_file /inputSchema/properties/head/type field=/head",
			"warning param-description-missing edit_file /inputSchema/properties/edits field=/edits",
			"warning no-params-open list_allowed_directories /inputSchema field=",
		}, false},
		{"memory.tools.json", []string{
			"warning param-description-missing create_entities /inputSchema/properties/entities field=/entities",
			"warning no-params-open read_graph /inputSchema field=",
		}, false},
		{"fixture.tools.json", []string{
			"info param-default-unstated save_contact /inputSchema/$defs/person/properties/manager field=/person/manager",
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			tools := loadTools(t, tt.file)
			fs := Check(tools)
			t.Logf("%s: %d tools, %d findings:\n%s", tt.file, len(tools), len(fs), summary(fs))
			keys := map[string]bool{}
			for _, f := range fs {
				keys[key(f)] = true
				if f.Severity == check.Error || (tt.clean && f.Severity == check.Warning) {
					t.Errorf("unexpected %s: %s", key(f), f.Message)
				}
			}
			for _, w := range tt.want {
				if !keys[w] {
					t.Errorf("missing %s", w)
				}
			}
		})
	}
}

// TestShapesCorpus lints every schema shape schemaform is tested with, as
// the inputSchema of a tool: none may panic, and each broken one must get
// the rule that describes how it is broken.
func TestShapesCorpus(t *testing.T) {
	t.Parallel()
	expect := map[string]check.RuleID{
		"bad/dangling_ref.json":              ruleRefUnresolvable,
		"bad/duplicate_enum.json":            ruleEnumDuplicate,
		"bad/not_object_array.json":          ruleInputNotObject,
		"bad/not_object_null.json":           ruleInputNotObject,
		"bad/not_object_number.json":         ruleInputNotObject,
		"bad/not_object_string.json":         ruleInputNotObject,
		"bad/invalid.json.txt":               ruleInputNotObject,
		"bad/property_not_schema.json":       ruleTypeUnknown,
		"bad/required_missing_property.json": ruleRequiredMissing,
		"bad/unknown_type.json":              ruleTypeUnknown,
		"remote_ref.json":                    ruleRefRemote,
		"deep50.json":                        ruleNestingTooDeep,
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "shapes", "*.json"))
	bad, _ := filepath.Glob(filepath.Join("testdata", "shapes", "bad", "*"))
	for _, path := range append(files, bad...) {
		rel, _ := filepath.Rel(filepath.Join("testdata", "shapes"), path)
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			fs := Check([]tool.Tool{{Name: "shape", Description: goodDescription, InputSchema: data}})
			want, bad := expect[filepath.ToSlash(rel)]
			for _, f := range fs {
				if bad && f.Rule == want.String() {
					return
				}
				if !bad && f.Severity == check.Error {
					t.Errorf("a well-formed shape got %s: %s", key(f), f.Message)
				}
			}
			if bad {
				t.Errorf("want %s, got:\n%s", want, summary(fs))
			}
		})
	}
}

// TestRefsJudgedOnce checks that a definition shared by several $refs,
// and one that refers to itself, is judged once, at its own pointer, with
// the field of the first property that uses it.
func TestRefsJudgedOnce(t *testing.T) {
	t.Parallel()
	fs := lintJSON(t, schemaTool(`{"type": "object", "additionalProperties": false,
		"properties": {"home": {"$ref": "#/$defs/addr"}, "work": {"$ref": "#/$defs/addr"}},
		"$defs": {"addr": {"type": "object", "description": "An address.", "properties": {
			"zip": {"type": "strin", "description": "Postal code."},
			"next": {"$ref": "#/$defs/addr", "description": "The next address in the chain."}}}}}`))
	var got []string
	for _, f := range fs {
		if f.Rule == ruleTypeUnknown.String() {
			got = append(got, f.Pointer+" "+f.Field)
		}
	}
	if want := "/inputSchema/$defs/addr/properties/zip/type /home/zip"; strings.Join(got, ",") != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// TestFindingOrder checks that findings come by tool in input order, then
// by pointer token by token ("/a" and below before "/a-b"), then by rule.
func TestFindingOrder(t *testing.T) {
	t.Parallel()
	fs := lintJSON(t, `[{"name": "b", "inputSchema": {"type": "object", "properties": {"a-b": {"type": "strin"}, "a": {"type": "strin"}}}},
		{"name": "a"}]`)
	var got []string
	for _, f := range fs {
		got = append(got, f.Tool+" "+f.Pointer+" "+f.Rule)
	}
	want := []string{
		"b /description tool-description-missing",
		"b /inputSchema/properties/a param-default-unstated",
		"b /inputSchema/properties/a param-description-missing",
		"b /inputSchema/properties/a/type type-unknown",
		"b /inputSchema/properties/a-b param-default-unstated",
		"b /inputSchema/properties/a-b param-description-missing",
		"b /inputSchema/properties/a-b/type type-unknown",
		"a /description tool-description-missing",
		"a /inputSchema input-schema-not-object",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("order:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
