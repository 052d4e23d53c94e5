package host

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/tool"
)

// TestSchemaDetectors: each schema rule's detector finds what it is about,
// where it is (pointer into the tool, argument path) and nothing else.
func TestSchemaDetectors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  *Rule
		input string
		// want lists "pointer field" per hit, in order.
		want []string
	}{
		{"root type array", ruleInputRootNotObject, `{"type":"array"}`, []string{"/inputSchema "}},
		{"root object", ruleInputRootNotObject, `{"type":"object"}`, nil},
		{"root union beside object", ruleInputRootCombinator, `{"type":"object","allOf":[{"required":["a"]}]}`, []string{"/inputSchema "}},
		{"root union without type is root-not-object's", ruleInputRootCombinator, `{"anyOf":[{"type":"object"}]}`, nil},
		{"nested array without items", ruleArrayMissingItems,
			`{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":["array","null"]}}}}}`,
			[]string{"/inputSchema/properties/a/properties/b /a/b"}},
		{"array with items", ruleArrayMissingItems, `{"type":"object","properties":{"a":{"type":"array","items":{}}}}`, nil},
		{"objects without properties", ruleObjectMissingProperties, `{"type":"object","properties":{"m":{"type":"object"}}}`,
			[]string{"/inputSchema/properties/m /m"}},
		{"untyped property and item", ruleUntypedProperty,
			`{"type":"object","properties":{"a":{"description":"A."},"b":{"type":"array","items":{}},"c":{"enum":[1]}}}`,
			[]string{"/inputSchema/properties/a /a", "/inputSchema/properties/b/items /b/*"}},
		{"enum values and enum types", ruleGeminiEnum,
			`{"type":"object","properties":{"a":{"enum":["x",1]},"b":{"type":"integer","enum":["1"]},"c":{"type":"string","enum":["x"]}}}`,
			[]string{"/inputSchema/properties/a/enum /a", "/inputSchema/properties/b/enum /b"}},
		{"type lists", ruleGeminiTypeArray, `{"type":"object","properties":{"a":{"type":["string","null"]},"b":{"type":"string"}}}`,
			[]string{"/inputSchema/properties/a/type /a"}},
		{"additionalProperties anywhere", ruleGeminiAdditional,
			`{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"string"}}},"additionalProperties":false}`,
			[]string{"/inputSchema/additionalProperties ", "/inputSchema/properties/m/additionalProperties /m"}},
		{"$schema", ruleGeminiSchemaKey, `{"$schema":"x","type":"object"}`, []string{"/inputSchema/$schema "}},
		{"anyOf with siblings", ruleGeminiAnyOfSiblings,
			`{"type":"object","properties":{"a":{"description":"A.","anyOf":[{"type":"string"}]},"b":{"title":"B","anyOf":[{"type":"string"}]}}}`,
			[]string{"/inputSchema/properties/b/anyOf /b"}},
		{"keywords outside the subset", ruleGeminiUnsupported,
			`{"type":"object","properties":{"n":{"type":"number","exclusiveMinimum":0,"minimum":1},"l":{"type":"array","items":{},"uniqueItems":true}}}`,
			[]string{"/inputSchema/properties/n/exclusiveMinimum /n", "/inputSchema/properties/l/uniqueItems /l"}},
		{"every $ref", ruleRef, `{"type":"object","properties":{"a":{"$ref":"#/$defs/a"},"b":{"$ref":"other.json"}},"$defs":{"a":{}}}`,
			[]string{"/inputSchema/properties/a/$ref /a", "/inputSchema/properties/b/$ref /b"}},
		{"refs outside $defs", ruleRefNonDefs,
			`{"type":"object","properties":{"a":{"$ref":"#/definitions/a"},"b":{"$ref":"#/properties/a"},"c":{"$ref":"#"}},"definitions":{"a":{}}}`,
			[]string{"/inputSchema/properties/b/$ref /b", "/inputSchema/properties/c/$ref /c"}},
		{"remote refs", ruleRefRemote, `{"type":"object","properties":{"a":{"$ref":"#/$defs/a"},"b":{"$ref":"https://x.test/s.json"}}}`,
			[]string{"/inputSchema/properties/b/$ref /b"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := &Subject{Tool: mustTool(t, `{"name":"t","inputSchema":`+c.input+`}`)}
			var got []string
			for _, h := range c.rule.detect(s) {
				if h.Tool != "t" || h.Detail == "" {
					t.Errorf("hit %+v lacks its tool or its detail", h)
				}
				got = append(got, h.Pointer+" "+h.Field)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%s hits %q, want %q", c.rule.ID, got, c.want)
			}
		})
	}
}

// TestSchemaDetectorsTool: the rules about the tool as a whole (no
// inputSchema, its size, its outputSchema) and the boolean subschemas of
// both schemas.
func TestSchemaDetectorsTool(t *testing.T) {
	t.Parallel()
	big := `{"type":"object","description":"` + strings.Repeat("x", 16400) + `"}`
	cases := []struct {
		name string
		rule *Rule
		tool string
		want []string
	}{
		{"no inputSchema", ruleInputMissing, `{"name":"t"}`, []string{"/inputSchema "}},
		{"no inputSchema is not a root problem", ruleInputRootNotObject, `{"name":"t"}`, nil},
		{"inputSchema present", ruleInputMissing, `{"name":"t","inputSchema":{"type":"object"}}`, nil},
		{"over 16 KB", ruleSchemaSize, `{"name":"t","inputSchema":` + big + `}`, []string{"/inputSchema "}},
		{"16 KB of whitespace is not", ruleSchemaSize, `{"name":"t","inputSchema":{"type":"object"` + strings.Repeat(" ", 17000) + `}}`, nil},
		{"output list", ruleOutputRootNotObject, `{"name":"t","inputSchema":{"type":"object"},"outputSchema":{"type":"array"}}`, []string{"/outputSchema "}},
		{"output object", ruleOutputRootNotObject, `{"name":"t","inputSchema":{"type":"object"},"outputSchema":{"type":"object"}}`, nil},
		{"no output", ruleOutputRootNotObject, `{"name":"t","inputSchema":{"type":"object"}}`, nil},
		{"booleans in both schemas", ruleBooleanSubschema,
			`{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"array","items":false}},"additionalProperties":false},"outputSchema":{"type":"object","properties":{"d":true}}}`,
			[]string{"/inputSchema/properties/a/items /a/*", "/outputSchema/properties/d "}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := &Subject{Tool: mustTool(t, c.tool)}
			var got []string
			for _, h := range c.rule.detect(s) {
				got = append(got, h.Pointer+" "+h.Field)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%s hits %q, want %q", c.rule.ID, got, c.want)
			}
		})
	}
}

// TestCyclicRef: a cycle is found however long, and only where the $refs
// lead back; shared definitions are not cycles.
func TestCyclicRef(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, input string
		want        []string
	}{
		{"shared definition", `{"type":"object","properties":{"a":{"$ref":"#/$defs/p"},"b":{"$ref":"#/$defs/p"}},"$defs":{"p":{"type":"string"}}}`, nil},
		{"chain without a loop", `{"properties":{"a":{"$ref":"#/$defs/x"}},"$defs":{"x":{"properties":{"y":{"$ref":"#/$defs/y"}}},"y":{"type":"string"}}}`, nil},
		{"self", `{"properties":{"a":{"$ref":"#/$defs/n"}},"$defs":{"n":{"properties":{"k":{"$ref":"#/$defs/n"}}}}}`,
			[]string{"/inputSchema/$defs/n/properties/k/$ref"}},
		{"mutual", `{"properties":{"a":{"$ref":"#/$defs/x"}},"$defs":{"x":{"properties":{"y":{"$ref":"#/$defs/y"}}},"y":{"items":{"$ref":"#/$defs/x"}}}}`,
			[]string{"/inputSchema/$defs/y/items/$ref"}},
		{"root", `{"type":"object","properties":{"child":{"$ref":"#"}}}`, []string{"/inputSchema/properties/child/$ref"}},
		{"unresolvable", `{"properties":{"a":{"$ref":"#/$defs/none"}}}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := &Subject{Tool: mustTool(t, `{"name":"t","inputSchema":`+c.input+`}`)}
			var got []string
			for _, h := range ruleCyclicRef.detect(s) {
				got = append(got, h.Pointer)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("cycles at %q, want %q", got, c.want)
			}
		})
	}
}

// TestSchemaRuleProvider: an effect through Gemini holds for a host whose
// person chose Gemini or any provider, and not when they chose another.
func TestSchemaRuleProvider(t *testing.T) {
	t.Parallel()
	tl := mustTool(t, `{"name":"draft","description":"Draft.","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"to":{"type":"string","description":"To."}}}}`)
	cases := []struct {
		provider Provider
		want     Verdict
	}{{"", Hidden}, {Gemini, Hidden}, {OpenAI, Works}, {Anthropic, Works}}
	for _, c := range cases {
		r := Judge([]tool.Tool{tl}, Options{Server: "s", Hosts: []ID{Cursor}, Provider: c.provider})
		if got := r.Cell("draft", Cursor).Verdict; got != c.want {
			t.Errorf("provider %q: cursor = %v, want %v", c.provider, got, c.want)
		}
		if got := r.Cell("", Cursor).Verdict; got != c.want {
			t.Errorf("provider %q: server in cursor = %v, want %v (the whole server is blocked)", c.provider, got, c.want)
		}
	}
}
