package provider

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/jsondoc"

	"github.com/toolbench/toolbench/tool"
)

// TestConvertEverything converts every tool server-everything lists. Its
// inputs are flat, so only strict mode has blockers: one per optional
// argument, which the model would send as null.
func TestConvertEverything(t *testing.T) {
	t.Parallel()
	tools := loadTools(t, "everything.tools.json")
	optional := map[string][]string{
		"echo": nil, "get-annotated-message": {"includeImage"}, "get-env": nil, "get-resource-links": {"count"},
		"get-resource-reference": {"resourceType", "resourceId"}, "get-structured-content": nil, "get-sum": nil,
		"get-tiny-image": nil, "gzip-file-as-resource": {"name", "data", "outputType"}, "toggle-simulated-logging": nil,
		"toggle-subscriber-updates": nil, "trigger-long-running-operation": {"duration", "steps"},
		"simulate-research-query": {"ambiguous"},
	}
	if len(tools) != len(optional) {
		t.Fatalf("%d tools, want %d", len(tools), len(optional))
	}
	for name, tl := range tools {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			props := jsonAt(t, tl.InputSchema, "/properties")
			for _, p := range All() {
				out, fs := mustConvert(t, tl, p)
				var blocked []string
				for _, f := range fs {
					if f.Blocking() {
						blocked = append(blocked, strings.TrimPrefix(f.Field, "/"))
					}
				}
				want := []string(nil)
				if p == OpenAIStrict {
					want = optional[name]
				}
				if !slices.Equal(blocked, want) {
					t.Errorf("%s: blockers for %q, want %q", p, blocked, want)
				}
				everythingParts(t, p, tl, out, props)
			}
		})
	}
}

// everythingParts checks what each provider's form must hold.
func everythingParts(t *testing.T, p Name, tl tool.Tool, out []byte, props string) {
	t.Helper()
	switch p {
	case MCP:
		if !sameDocument(t, out, tl.Raw) {
			t.Errorf("mcp form differs from the tool as sent:\n%s", out)
		}
	case OpenAIStrict:
		if jsonAt(t, out, "/function/strict") != "true" || jsonAt(t, out, "/function/parameters/additionalProperties") != "false" {
			t.Errorf("not strict: %s", out)
		}
	case Anthropic:
		if jsonAt(t, out, "/input_schema/$schema") != `"http://json-schema.org/draft-07/schema#"` {
			t.Errorf("input_schema not as sent: %s", out)
		}
	case Gemini:
		if jsonAt(t, out, "/parameters/$schema") != "" {
			t.Errorf("$schema kept: %s", out)
		}
		if (props == "{}") != (jsonAt(t, out, "/parameters") == "") {
			t.Errorf("parameters must be left out exactly when there are none: %s", out)
		}
	}
}

// TestConvertKeepsOrder checks that no provider reorders properties.
func TestConvertKeepsOrder(t *testing.T) {
	t.Parallel()
	tl := tool.Tool{Name: "order", Description: "Keys in order.", InputSchema: []byte(`{"type":"object",
		"properties":{"zeta":{"type":"string"},"alpha":{"type":"integer"},"mid":{"type":"boolean"}},"required":["mid","zeta"]}`)}
	at := map[Name]string{MCP: "/inputSchema", OpenAI: "/function/parameters",
		OpenAIStrict: "/function/parameters", Anthropic: "/input_schema", Gemini: "/parameters"}
	for _, p := range All() {
		out, _ := mustConvert(t, tl, p)
		v, err := jsondoc.ParseAt(out, "")
		if err != nil {
			t.Fatal(err)
		}
		schema := v.Lookup(at[p])
		if got := schema.Get("properties").Keys(); !slices.Equal(got, []string{"zeta", "alpha", "mid"}) {
			t.Errorf("%s: properties in order %q", p, got)
		}
	}
	out, _ := mustConvert(t, tl, OpenAIStrict)
	if got := jsonAt(t, out, "/function/parameters/required"); got != `["mid","zeta","alpha"]` {
		t.Errorf("strict required %s: the schema's own order first, then the rest", got)
	}
}

// TestConvertCorpus converts every schema shape schemaform is tested on and
// checks what the providers demand of the result, whatever was blocked.
func TestConvertCorpus(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../../schemaform/testdata/shapes/*.json")
	if len(files) == 0 {
		t.Skip("no schema shapes found")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			tl := tool.Tool{Name: "shape", Description: "A shape.", InputSchema: data}
			out, _ := mustConvert(t, tl, OpenAIStrict)
			v, _ := jsondoc.ParseAt(out, "")
			params := v.Lookup("/function/parameters")
			assertStrictShape(t, params, params, "")
			out, _ = mustConvert(t, tl, Gemini)
			v, _ = jsondoc.ParseAt(out, "")
			if params := v.Get("parameters"); params != nil {
				assertGeminiShape(t, params, "", true)
			}
			mustConvert(t, tl, Anthropic)
		})
	}
}

// assertStrictShape checks that s is what strict mode accepts: every object
// closed with every property required, no unsupported keyword.
func assertStrictShape(t *testing.T, root, s *jsondoc.Value, at string) {
	t.Helper()
	if !s.IsObject() {
		return
	}
	for _, k := range []string{"oneOf", "allOf", "not", "if", "then", "else", "patternProperties", "dependentRequired", "propertyNames", "prefixItems"} {
		if s.Get(k) != nil {
			t.Errorf("%s: %s kept", at, k)
		}
	}
	if f, ok := s.GetString("format"); ok && !strictFormat(f) {
		t.Errorf("%s: format %q kept", at, f)
	}
	// A $ref that does not resolve was blocked and left as it was.
	if ref, ok := s.GetString("$ref"); ok && len(s.Keys()) > 1 && resolves(root, ref) {
		t.Errorf("%s: keywords beside $ref: %q", at, s.Keys())
	}
	if props := s.Get("properties"); props.IsObject() {
		var req []string
		for _, r := range s.Get("required").Items() {
			req = append(req, r.Text())
		}
		names := slices.Clone(props.Keys())
		sort.Strings(req)
		sort.Strings(names)
		if !slices.Equal(req, names) || jsonAt(t, s.Marshal(), "/additionalProperties") != "false" {
			t.Errorf("%s: required %q for properties %q, additionalProperties %s", at, req, names, jsonAt(t, s.Marshal(), "/additionalProperties"))
		}
		for i, k := range props.Keys() {
			assertStrictShape(t, root, props.Values()[i], at+"/properties/"+k)
		}
	}
	assertStrictChildren(t, root, s, at)
}

func assertStrictChildren(t *testing.T, root, s *jsondoc.Value, at string) {
	t.Helper()
	if it := s.Get("items"); it.IsObject() {
		assertStrictShape(t, root, it, at+"/items")
	}
	if u := s.Get("anyOf"); u != nil {
		for _, b := range u.Items() {
			assertStrictShape(t, root, b, at+"/anyOf")
		}
	}
	if at == "" {
		for _, k := range []string{"$defs", "definitions"} {
			if d := s.Get(k); d.IsObject() {
				for i, name := range d.Keys() {
					assertStrictShape(t, root, d.Values()[i], "/"+k+"/"+name)
				}
			}
		}
	}
}

func resolves(root *jsondoc.Value, ref string) bool {
	return root.LookupFragment(ref) != nil
}

// geminiFields are the fields of Gemini's Schema.
var geminiFields = map[string]bool{"type": true, "format": true, "title": true, "description": true, "nullable": true,
	"enum": true, "properties": true, "required": true, "items": true, "anyOf": true, "minItems": true, "maxItems": true,
	"minProperties": true, "maxProperties": true, "minLength": true, "maxLength": true, "pattern": true, "minimum": true,
	"maximum": true, "default": true, "example": true, "propertyOrdering": true}

// assertGeminiShape checks that s uses Gemini's Schema fields only, each the
// way Gemini takes it.
func assertGeminiShape(t *testing.T, s *jsondoc.Value, at string, root bool) {
	t.Helper()
	for _, k := range s.Keys() {
		if !geminiFields[k] {
			t.Errorf("%s: field %q", at, k)
		}
	}
	if ty := s.Get("type"); (ty == nil && s.Get("anyOf") == nil) || (ty != nil && !ty.IsString()) {
		t.Errorf("%s: type %s", at, string(s.Marshal()))
	}
	for _, e := range s.Get("enum").Items() {
		if !e.IsString() {
			t.Errorf("%s: enum value %s", at, e.Marshal())
		}
	}
	if f, ok := s.GetString("format"); ok && !geminiFormat(f) {
		t.Errorf("%s: format %q", at, f)
	}
	props := s.Get("properties")
	if jsondoc.HasType(s, "object") && !root && len(props.Keys()) == 0 {
		t.Errorf("%s: object without properties", at)
	}
	for _, r := range s.Get("required").Items() {
		if props.Get(r.Text()) == nil {
			t.Errorf("%s: required %q is no property", at, r.Text())
		}
	}
	for i, k := range props.Keys() {
		assertGeminiShape(t, props.Values()[i], at+"/properties/"+k, false)
	}
	if jsondoc.HasType(s, "array") && !s.Get("items").IsObject() {
		t.Errorf("%s: array without items", at)
	} else if it := s.Get("items"); it.IsObject() {
		assertGeminiShape(t, it, at+"/items", false)
	}
	for _, b := range s.Get("anyOf").Items() {
		assertGeminiShape(t, b, at+"/anyOf", false)
	}
}
