package collection

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const fullJSON = `{"tests": [
  {"name": "sum", "tool": "get-sum", "arguments": {"a": 1, "b": 2},
   "expect": {"isError": false, "outputValid": true,
     "match": {"/structuredContent/sum": 3, "/content/0/text": {"regex": "^The sum"},
               "/structuredContent": {"schema": {"type": "object"}}, "/meta": {"equals": {"regex": "x"}}},
     "snapshot": true, "ignore": ["/ts", "/structuredContent/id"]},
   "elicit": {"name": "Ada"}, "sample": "reject", "roots": ["/tmp"], "timeout": "5s"},
  {"name": "bare", "tool": "echo"}
]}`

const fullYAML = `tests:
  - name: sum
    tool: get-sum
    arguments: {a: 1, b: 2}
    expect:
      isError: false
      outputValid: true
      match:
        /structuredContent/sum: 3
        /content/0/text: {regex: "^The sum"}
        /structuredContent: {schema: {type: object}}
        /meta: {equals: {regex: x}}
      snapshot: true
      ignore: [/ts, /structuredContent/id]
    elicit: {name: Ada}
    sample: reject
    roots: [/tmp]
    timeout: 5s
  - name: bare
    tool: echo
`

func writeFile(t *testing.T, name, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func wantFull(path string) *Collection {
	f := false
	tr := true
	return &Collection{Path: path, Tests: []Test{
		{Name: "sum", Tool: "get-sum", Arguments: json.RawMessage(`{"a":1,"b":2}`),
			Expect: Expect{IsError: &f, OutputValid: &tr, Snapshot: true, Ignore: []string{"/ts", "/structuredContent/id"},
				Match: []Match{
					{Pointer: "/structuredContent/sum", Equals: json.RawMessage(`3`)},
					{Pointer: "/content/0/text", Regex: "^The sum"},
					{Pointer: "/structuredContent", Schema: json.RawMessage(`{"type":"object"}`)},
					{Pointer: "/meta", Equals: json.RawMessage(`{"regex":"x"}`)},
				}},
			Elicit: json.RawMessage(`{"name":"Ada"}`), Sample: json.RawMessage(`"reject"`),
			Roots: []string{"/tmp"}, Timeout: "5s"},
		{Name: "bare", Tool: "echo"},
	}}
}

func TestLoadEveryField(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, file, body string }{
		{"json", "tests.json", fullJSON},
		{"yaml", "tests.yaml", fullYAML},
		{"yml", "tests.yml", fullYAML},
		{"json read as yaml", "tests.yaml", fullJSON},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := writeFile(t, tt.file, tt.body)
			c, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			if want := wantFull(path); !reflect.DeepEqual(c, want) {
				t.Errorf("Load =\n%+v\nwant\n%+v", c, want)
			}
		})
	}
}

func TestLoadMistakes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file, body string
		index            int
		test, field      string
		problem          string
	}{
		{"not JSON", "c.json", `{"tests": [`, -1, "", "", "not valid JSON"},
		{"not YAML", "c.yaml", "tests: [\n  - a: b\n    c", -1, "", "", "not valid YAML"},
		{"not an object", "c.json", `[]`, -1, "", "", `want an object {"tests": [...]}`},
		{"yaml list at the top", "c.yaml", "- name: a\n  tool: t\n", -1, "", "", `want an object {"tests": [...]}, not array`},
		{"yaml scalar at the top", "c.yaml", "tests\n", -1, "", "", `want an object {"tests": [...]}, not string`},
		{"yaml duplicate key", "c.yaml", "tests: []\ntests: []\n", -1, "", "", `not valid YAML: yaml: unmarshal errors: line 2: key "tests" already set in map`},
		{"unknown top key", "c.json", `{"test": []}`, -1, "", "test", "unknown key (known: tests)"},
		{"tests not an array", "c.json", `{"tests": {}}`, -1, "", "tests", "want an array"},
		{"test not an object", "c.json", `{"tests": [3]}`, 0, "", "", "want an object"},
		{"missing name", "c.json", `{"tests": [{"tool": "t"}]}`, 0, "", "name", "missing"},
		{"empty name", "c.json", `{"tests": [{"name": "", "tool": "t"}]}`, 0, "", "name", "non-empty string"},
		{"duplicate name", "c.json", `{"tests": [{"name": "a", "tool": "t"}, {"name": "a", "tool": "u"}]}`, 1, "a", "name", "duplicate name: test 0 has it too"},
		{"duplicate key", "c.json", `{"tests": [{"name": "a", "tool": "t", "tool": "u"}]}`, 0, "a", "tool", "appears twice in one object"},
		{"duplicate pointer", "c.json", `{"tests": [{"name": "a", "tool": "t", "expect": {"match": {"/x": 1, "/x": 2}}}]}`, 0, "a", "expect.match./x", "appears twice in one object"},
		{"missing tool", "c.json", `{"tests": [{"name": "a"}]}`, 0, "a", "tool", "missing"},
		{"unknown test key", "c.json", `{"tests": [{"name": "a", "tool": "t", "args": {}}]}`, 0, "a", "args", "unknown key (known: arguments, elicit, expect, name, roots, sample, timeout, tool)"},
		{"arguments not an object", "c.json", `{"tests": [{"name": "a", "tool": "t", "arguments": [1]}]}`, 0, "a", "arguments", "want an object of the tool's arguments, not array"},
		{"expect not an object", "c.json", `{"tests": [{"name": "a", "tool": "t", "expect": true}]}`, 0, "a", "expect", "want an object"},
		{"expect typo", "c.json", `{"tests": [{"name": "a", "tool": "t", "expect": {"isErorr": true}}]}`, 0, "a", "expect.isErorr", "unknown key (known: ignore, isError, match, outputValid, snapshot)"},
		{"isError not bool", "c.json", `{"tests": [{"name": "a", "tool": "t", "expect": {"isError": "no"}}]}`, 0, "a", "expect.isError", `want true or false, not "no"`},
		{"bad pointer", "c.yaml", "tests:\n  - name: a\n    tool: t\n    expect:\n      match:\n        structuredContent: 1\n", 0, "a", "expect.match.structuredContent", "not a JSON pointer"},
		{"bad regex", "c.json", `{"tests": [{"name": "a", "tool": "t", "expect": {"match": {"/x": {"regex": "a("}}}}]}`, 0, "a", "expect.match./x.regex", "does not compile: error parsing regexp: missing closing )"},
		{"regex not a string", "c.json", `{"tests": [{"name": "a", "tool": "t", "expect": {"match": {"/x": {"regex": 1}}}}]}`, 0, "a", "expect.match./x.regex", "want the pattern as a string"},
		{"bad schema", "c.json", `{"tests": [{"name": "a", "tool": "t", "expect": {"match": {"/x": {"schema": {"type": 12}}}}}]}`, 0, "a", "expect.match./x.schema", "does not compile"},
		{"match not an object", "c.json", `{"tests": [{"name": "a", "tool": "t", "expect": {"match": ["/x"]}}]}`, 0, "a", "expect.match", "want an object"},
		{"bad ignore", "c.json", `{"tests": [{"name": "a", "tool": "t", "expect": {"ignore": ["ts"]}}]}`, 0, "a", "expect.ignore[0]", `"ts" is not a JSON pointer`},
		{"ignore not an array", "c.json", `{"tests": [{"name": "a", "tool": "t", "expect": {"ignore": "/ts"}}]}`, 0, "a", "expect.ignore", "want an array"},
		{"bad timeout", "c.json", `{"tests": [{"name": "a", "tool": "t", "timeout": "soon"}]}`, 0, "a", "timeout", `"soon" is not a duration`},
		{"timeout a number", "c.json", `{"tests": [{"name": "a", "tool": "t", "timeout": 30}]}`, 0, "a", "timeout", `30 is not a duration`},
		{"negative timeout", "c.json", `{"tests": [{"name": "a", "tool": "t", "timeout": "-1s"}]}`, 0, "a", "timeout", `is not a duration`},
		{"roots not strings", "c.json", `{"tests": [{"name": "a", "tool": "t", "roots": [1]}]}`, 0, "a", "roots", "want directories as non-empty strings"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := writeFile(t, tt.file, tt.body)
			_, err := Load(path)
			var le *LoadError
			if !errors.As(err, &le) {
				t.Fatalf("err = %v, want a *LoadError", err)
			}
			if le.Path != path || le.Index != tt.index || le.Test != tt.test || le.Field != tt.field || !strings.Contains(le.Problem, tt.problem) {
				t.Errorf("got %#v\nwant index %d test %q field %q problem %q", le, tt.index, tt.test, tt.field, tt.problem)
			}
			if !strings.HasPrefix(err.Error(), path+": ") || strings.Contains(err.Error(), "\n") {
				t.Errorf("Error() = %q, want one line naming the file", err)
			}
		})
	}
}

func TestLoadErrorWords(t *testing.T) {
	t.Parallel()
	e := &LoadError{Path: "t.yaml", Index: 2, Test: "sum", Field: "expect.isErorr", Problem: "unknown key"}
	if got, want := e.Error(), `t.yaml: test 2 "sum": expect.isErorr: unknown key`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestLoadMissingFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "none.json")
	_, err := Load(path)
	var le *LoadError
	if !errors.As(err, &le) || !strings.Contains(le.Problem, "no such file") {
		t.Fatalf("err = %v", err)
	}
}

func TestMarshalRoundTrip(t *testing.T) {
	t.Parallel()
	for _, asYAML := range []bool{false, true} {
		name := "tests.json"
		if asYAML {
			name = "tests.yaml"
		}
		want := wantFull(name)
		data, err := Marshal(want, asYAML)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decode(name, data)
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, data)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: round trip =\n%+v\nwant\n%+v\nfile:\n%s", name, got, want, data)
		}
	}
}
