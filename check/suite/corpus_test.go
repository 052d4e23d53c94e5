package suite

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/check/provider"
	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/tool"
)

// corpusGlobs are the tool lists and schemas the packages below are tested
// on: tool lists ({"tools": [...]}), single tools and bare schemas.
var corpusGlobs = []string{
	"../lint/testdata/*.json", "../lint/testdata/shapes/*.json", "../lint/testdata/shapes/bad/*",
	"../provider/testdata/*.json", "../../schemaform/testdata/shapes/*.json",
	"../../schemaform/testdata/seeds/*.json", "../../schemaform/testdata/servers/*.json",
}

// corpusTools reads every corpus file as tools: a tool list's tools, a tool
// object as itself, and anything else as the inputSchema and outputSchema
// of a tool of its own.
func corpusTools(t *testing.T) []tool.Tool {
	t.Helper()
	var out []tool.Tool
	for _, g := range corpusGlobs {
		files, err := filepath.Glob(g)
		if err != nil || len(files) == 0 {
			t.Fatalf("no corpus at %s", g)
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, toolsOf(file, data)...)
		}
	}
	return out
}

func toolsOf(name string, data []byte) []tool.Tool {
	if tools, err := tool.ParseList(data); err == nil {
		return tools
	}
	return []tool.Tool{{Name: filepath.Base(name), Description: "A corpus schema.", InputSchema: data, OutputSchema: data}}
}

// variants derives more inputs from a tool, as a fuzzer would: every
// subschema of its inputSchema becomes a root of its own, and the whole
// schema is wrapped the ways conversions treat specially (allOf, a union,
// a $ref with siblings, a recursive root).
func variants(tl tool.Tool) []tool.Tool {
	out := []tool.Tool{tl}
	root, err := jsondoc.Parse(tl.InputSchema)
	if err != nil || !root.IsObject() {
		return out
	}
	s := string(tl.InputSchema)
	for _, wrapped := range []string{
		`{"allOf":[` + s + `,{"type":"object","properties":{"extra":{"type":"string"}}}]}`,
		`{"type":"object","properties":{"u":{"anyOf":[` + s + `,{"type":"null"}]}}}`,
		`{"type":"object","properties":{"r":{"$ref":"#","description":"again"},"w":` + s + `}}`,
		`{"type":["object","null"],"properties":{"w":` + s + `},"additionalProperties":` + s + `}`,
	} {
		out = append(out, tool.Tool{Name: tl.Name + "~wrapped", Description: tl.Description, InputSchema: json.RawMessage(wrapped)})
	}
	n := 0
	jsondoc.EachSubschema(root, func(_ string, sub *jsondoc.Value) {
		if n++; n <= 20 {
			out = append(out, tool.Tool{Name: "sub", Description: "A subschema.", InputSchema: sub.Raw(), OutputSchema: sub.Raw()})
		}
	})
	return out
}

// TestEveryEmittedRuleIsRegistered runs every check and every conversion
// over the corpora and their variants: each finding must name a rule that
// Rules lists, so SARIF and docs can describe it.
func TestEveryEmittedRuleIsRegistered(t *testing.T) {
	t.Parallel()
	tools := corpusTools(t)
	emitted := map[string]bool{}
	for _, base := range tools {
		vs := variants(base)
		for _, f := range host.Judge(vs, host.Options{Server: "corpus"}).Findings() {
			if _, ok := Rule(f.Rule); !ok {
				t.Errorf("%s in %s: host finding %q names no registered rule", f.Tool, f.Host, f.Rule)
			}
			emitted[f.Rule] = true
		}
		for _, tl := range vs {
			assertRegistered(t, tl.Name, Check([]tool.Tool{tl}), emitted)
			for _, p := range provider.All() {
				if _, fs, err := provider.Convert(tl, p); err == nil {
					assertRegistered(t, tl.Name+" as "+string(p), fs, emitted)
				}
			}
		}
	}
	// The corpora exercise most rules; a rule none of them reaches is
	// listed so that it gets a case, but does not fail the test.
	var silent []string
	for _, r := range Rules() {
		if !emitted[r.ID] {
			silent = append(silent, r.ID)
		}
	}
	t.Logf("never emitted: %s", strings.Join(silent, ", "))
	if len(silent) > len(Rules())/4 {
		t.Errorf("the corpora reach too few rules; never emitted: %s", strings.Join(silent, ", "))
	}
}

func assertRegistered(t *testing.T, what string, fs []check.Finding, emitted map[string]bool) {
	t.Helper()
	for _, f := range fs {
		if _, ok := Rule(f.Rule); !ok {
			t.Errorf("%s: finding %q at %s names no registered rule", what, f.Rule, f.Pointer)
		}
		emitted[f.Rule] = true
	}
}

// FuzzRulesRegistered is TestEveryEmittedRuleIsRegistered for any schema.
func FuzzRulesRegistered(f *testing.F) {
	for _, s := range []string{`{"type":"object","properties":{"r":{"$ref":"#"}}}`, `{"oneOf":[{"type":"string","format":"uri"}]}`,
		`{"type":"object","properties":{"n":{"type":"number","description":"Page number, 1-10"}},"required":["m"]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, schema string) {
		tl := tool.Tool{Name: "f.z", Description: schema, InputSchema: json.RawMessage(schema), OutputSchema: json.RawMessage(schema)}
		emitted := map[string]bool{}
		assertRegistered(t, "lint", Check([]tool.Tool{tl}), emitted)
		for _, p := range provider.All() {
			if _, fs, err := provider.Convert(tl, p); err == nil {
				assertRegistered(t, string(p), fs, emitted)
			}
		}
	})
}
