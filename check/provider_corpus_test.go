package check

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/tool"
)

// TestConvertEverything converts every tool server-everything lists. Its
// inputs are flat, so only strict mode has blockers: one per optional
// argument, which the model would send as null.
func TestConvertEverything(t *testing.T) {
	t.Parallel()
	tools := provLoad(t, "everything.tools.json")
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
			props := provAt(t, tl.InputSchema, "/properties")
			for _, p := range Providers() {
				out, fs := provConvert(t, tl, p)
				var blocked []string
				for _, f := range fs {
					if f.Severity == Error {
						blocked = append(blocked, strings.TrimPrefix(f.Field, "/"))
					}
				}
				want := []string(nil)
				if p == ProviderOpenAIStrict {
					want = optional[name]
				}
				if !slices.Equal(blocked, want) {
					t.Errorf("%s: blockers for %q, want %q", p, blocked, want)
				}
				provEverythingParts(t, p, tl, out, props)
			}
		})
	}
}

// provEverythingParts checks what each provider's form must hold.
func provEverythingParts(t *testing.T, p Provider, tl tool.Tool, out []byte, props string) {
	t.Helper()
	switch p {
	case ProviderMCP:
		if !provSameJSON(t, out, tl.Raw) {
			t.Errorf("mcp form differs from the tool as sent:\n%s", out)
		}
	case ProviderOpenAIStrict:
		if provAt(t, out, "/function/strict") != "true" || provAt(t, out, "/function/parameters/additionalProperties") != "false" {
			t.Errorf("not strict: %s", out)
		}
	case ProviderAnthropic:
		if provAt(t, out, "/input_schema/$schema") != `"http://json-schema.org/draft-07/schema#"` {
			t.Errorf("input_schema not as sent: %s", out)
		}
	case ProviderGemini:
		if provAt(t, out, "/parameters/$schema") != "" {
			t.Errorf("$schema kept: %s", out)
		}
		if (props == "{}") != (provAt(t, out, "/parameters") == "") {
			t.Errorf("parameters must be left out exactly when there are none: %s", out)
		}
	}
}

// TestConvertKeepsOrder checks that no provider reorders properties.
func TestConvertKeepsOrder(t *testing.T) {
	t.Parallel()
	tl := tool.Tool{Name: "order", Description: "Keys in order.", InputSchema: []byte(`{"type":"object",
		"properties":{"zeta":{"type":"string"},"alpha":{"type":"integer"},"mid":{"type":"boolean"}},"required":["mid","zeta"]}`)}
	at := map[Provider]string{ProviderMCP: "/inputSchema", ProviderOpenAI: "/function/parameters",
		ProviderOpenAIStrict: "/function/parameters", ProviderAnthropic: "/input_schema", ProviderGemini: "/parameters"}
	for _, p := range Providers() {
		out, _ := provConvert(t, tl, p)
		v, err := parseOJSON(out, "")
		if err != nil {
			t.Fatal(err)
		}
		schema, _ := ojResolve(v, "#"+at[p])
		if got := schema.get("properties").keysOrNil(); !slices.Equal(got, []string{"zeta", "alpha", "mid"}) {
			t.Errorf("%s: properties in order %q", p, got)
		}
	}
	out, _ := provConvert(t, tl, ProviderOpenAIStrict)
	if got := provAt(t, out, "/function/parameters/required"); got != `["mid","zeta","alpha"]` {
		t.Errorf("strict required %s: the schema's own order first, then the rest", got)
	}
}

// TestConvertCorpus converts every schema shape schemaform is tested on and
// checks what the providers demand of the result, whatever was blocked.
func TestConvertCorpus(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../schemaform/testdata/shapes/*.json")
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
			out, _ := provConvert(t, tl, ProviderOpenAIStrict)
			v, _ := parseOJSON(out, "")
			params, _ := ojResolve(v, "#/function/parameters")
			provStrictShape(t, params, params, "")
			out, _ = provConvert(t, tl, ProviderGemini)
			v, _ = parseOJSON(out, "")
			if params := v.get("parameters"); params != nil {
				provGeminiShape(t, params, "", true)
			}
			provConvert(t, tl, ProviderAnthropic)
		})
	}
}

// provStrictShape checks that s is what strict mode accepts: every object
// closed with every property required, no unsupported keyword.
func provStrictShape(t *testing.T, root, s *ojson, at string) {
	t.Helper()
	if !s.isObj() {
		return
	}
	for _, k := range []string{"oneOf", "allOf", "not", "if", "then", "else", "patternProperties", "dependentRequired", "propertyNames", "prefixItems"} {
		if s.get(k) != nil {
			t.Errorf("%s: %s kept", at, k)
		}
	}
	if f, ok := s.str("format"); ok && !strictFormats[f] {
		t.Errorf("%s: format %q kept", at, f)
	}
	// A $ref that does not resolve was blocked and left as it was.
	if ref, ok := s.str("$ref"); ok && len(s.keys) > 1 && provResolves(root, ref) {
		t.Errorf("%s: keywords beside $ref: %q", at, s.keys)
	}
	if props := s.get("properties"); props.isObj() {
		var req []string
		for _, r := range s.get("required").arr {
			req = append(req, r.lit)
		}
		names := slices.Clone(props.keys)
		sort.Strings(req)
		sort.Strings(names)
		if !slices.Equal(req, names) || provAt(t, s.marshal(), "/additionalProperties") != "false" {
			t.Errorf("%s: required %q for properties %q, additionalProperties %s", at, req, names, provAt(t, s.marshal(), "/additionalProperties"))
		}
		for i, k := range props.keys {
			provStrictShape(t, root, props.vals[i], at+"/properties/"+k)
		}
	}
	provStrictChildren(t, root, s, at)
}

func provStrictChildren(t *testing.T, root, s *ojson, at string) {
	t.Helper()
	if it := s.get("items"); it.isObj() {
		provStrictShape(t, root, it, at+"/items")
	}
	if u := s.get("anyOf"); u != nil {
		for _, b := range u.arr {
			provStrictShape(t, root, b, at+"/anyOf")
		}
	}
	if at == "" {
		for _, k := range []string{"$defs", "definitions"} {
			if d := s.get(k); d.isObj() {
				for i, name := range d.keys {
					provStrictShape(t, root, d.vals[i], "/"+k+"/"+name)
				}
			}
		}
	}
}

func provResolves(root *ojson, ref string) bool {
	_, ok := ojResolve(root, ref)
	return ok
}

// provGeminiFields are the fields of Gemini's Schema.
var provGeminiFields = map[string]bool{"type": true, "format": true, "title": true, "description": true, "nullable": true,
	"enum": true, "properties": true, "required": true, "items": true, "anyOf": true, "minItems": true, "maxItems": true,
	"minProperties": true, "maxProperties": true, "minLength": true, "maxLength": true, "pattern": true, "minimum": true,
	"maximum": true, "default": true, "example": true, "propertyOrdering": true}

// provGeminiShape checks that s uses Gemini's Schema fields only, each the
// way Gemini takes it.
func provGeminiShape(t *testing.T, s *ojson, at string, root bool) {
	t.Helper()
	for _, k := range s.keys {
		if !provGeminiFields[k] {
			t.Errorf("%s: field %q", at, k)
		}
	}
	if ty := s.get("type"); (ty == nil && s.get("anyOf") == nil) || (ty != nil && ty.kind != ojStr) {
		t.Errorf("%s: type %s", at, string(s.marshal()))
	}
	for _, e := range s.get("enum").arrOrNil() {
		if e.kind != ojStr {
			t.Errorf("%s: enum value %s", at, e.marshal())
		}
	}
	if f, ok := s.str("format"); ok && !geminiFormats[f] {
		t.Errorf("%s: format %q", at, f)
	}
	props := s.get("properties")
	if strictHasType(s, "object") && !root && len(props.keysOrNil()) == 0 {
		t.Errorf("%s: object without properties", at)
	}
	for _, r := range s.get("required").arrOrNil() {
		if props.get(r.lit) == nil {
			t.Errorf("%s: required %q is no property", at, r.lit)
		}
	}
	for i, k := range props.keysOrNil() {
		provGeminiShape(t, props.vals[i], at+"/properties/"+k, false)
	}
	if strictHasType(s, "array") && !s.get("items").isObj() {
		t.Errorf("%s: array without items", at)
	} else if it := s.get("items"); it.isObj() {
		provGeminiShape(t, it, at+"/items", false)
	}
	for _, b := range s.get("anyOf").arrOrNil() {
		provGeminiShape(t, b, at+"/anyOf", false)
	}
}
