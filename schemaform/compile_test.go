package schemaform

import (
	"strings"
	"testing"
)

// field compiles a one-property schema and returns the property's shape.
func field(t *testing.T, prop string, extra ...string) *Shape {
	t.Helper()
	schema := `{"type":"object","properties":{"f":` + prop + `}` + strings.Join(extra, "") + `}`
	f, err := Compile([]byte(schema))
	if err != nil {
		t.Fatalf("compile %s: %v", schema, err)
	}
	if len(f.Warnings) > 0 {
		t.Logf("warnings: %+v", f.Warnings)
	}
	return f.Shape().Property("f").Shape
}

func TestCompileControls(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, prop, control string
	}{
		{"string", `{"type":"string"}`, "input"},
		{"long text by media type", `{"type":"string","contentMediaType":"text/markdown"}`, "text area"},
		{"long text by description", `{"type":"string","description":"The body of the email, in Markdown"}`, "text area"},
		{"number", `{"type":"number"}`, "number"},
		{"integer", `{"type":"integer"}`, "integer"},
		{"boolean", `{"type":"boolean"}`, "confirm"},
		{"null", `{"type":"null"}`, "null"},
		{"enum of strings", `{"type":"string","enum":["a","b"]}`, "select"},
		{"enum of integers", `{"enum":[1,2,3]}`, "select"},
		{"mixed enum", `{"enum":["auto",0,true,null]}`, "select"},
		{"enum of objects", `{"enum":[{"a":1},{"b":2}]}`, "select"},
		{"single-value enum is a tag", `{"type":"string","enum":["circle"]}`, "const"},
		{"const", `{"const":"v1"}`, "const"},
		{"titled oneOf", `{"oneOf":[{"const":"r","title":"Red"},{"const":"g","title":"Green"}]}`, "select"},
		{"object", `{"type":"object","properties":{"a":{"type":"string"}}}`, "subform"},
		{"no-parameter object", `{"type":"object","properties":{}}`, "subform"},
		{"free-form object", `{"type":"object"}`, "key/value map"},
		{"free-form by additionalProperties", `{"type":"object","additionalProperties":{"type":"string"}}`, "key/value map"},
		{"pattern properties", `{"type":"object","patternProperties":{"^x-":{"type":"string"}}}`, "key/value map"},
		{"array", `{"type":"array","items":{"type":"string"}}`, "list"},
		{"array of enum", `{"type":"array","items":{"enum":["a","b"]},"uniqueItems":true}`, "multi-select"},
		{"array of titled anyOf", `{"type":"array","items":{"anyOf":[{"const":"a","title":"A"},{"const":"b","title":"B"}]}}`, "multi-select"},
		{"tuple", `{"type":"array","prefixItems":[{"type":"number"},{"type":"number"}],"items":false}`, "list"},
		{"oneOf string or list", `{"oneOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}`, "variant"},
		{"type list", `{"type":["boolean","string"]}`, "variant"},
		{"nullable type list", `{"type":["string","null"]}`, "input"},
		{"nullable anyOf", `{"anyOf":[{"type":"integer"},{"type":"null"}]}`, "integer"},
		{"openapi nullable", `{"type":"string","nullable":true}`, "input"},
		{"allOf merged", `{"allOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"properties":{"b":{"type":"integer"}}}]}`, "subform"},
		{"allOf conflicting", `{"allOf":[{"type":"string"},{"type":"integer"}]}`, "variant"},
		{"true schema", `true`, "any value"},
		{"empty schema", `{}`, "any value"},
		{"description only", `{"description":"anything"}`, "any value"},
		{"inferred object", `{"properties":{"a":{"type":"string"}}}`, "subform"},
		{"inferred string", `{"minLength":2}`, "input"},
		{"remote ref", `{"$ref":"https://example.com/s.json"}`, "raw JSON"},
		{"format uuid", `{"type":"string","format":"uuid"}`, "input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := field(t, tt.prop).Control(); got != tt.control {
				t.Errorf("%s: control %q, want %q", tt.prop, got, tt.control)
			}
		})
	}
}

func TestCompileConstraints(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, prop string
		want       []string
	}{
		{"string rules", `{"type":"string","minLength":2,"maxLength":5,"pattern":"^[a-z]+$","format":"email"}`,
			[]string{"2 to 5 characters", "pattern ^[a-z]+$", "format email"}},
		{"2020-12 bounds", `{"type":"number","exclusiveMinimum":0,"maximum":10,"multipleOf":0.5}`, []string{"> 0 ≤ 10", "multiple of 0.5"}},
		{"draft-04 bounds", `{"type":"integer","minimum":1,"exclusiveMinimum":true,"maximum":9,"exclusiveMaximum":true}`, []string{"> 1 < 9"}},
		{"integer format hint", `{"type":"integer","format":"int32"}`, []string{"format int32"}},
		{"unknown format kept", `{"type":"string","format":"phone"}`, []string{"format phone"}},
		{"array rules", `{"type":"array","minItems":1,"maxItems":3,"uniqueItems":true,"items":{"type":"string"}}`, []string{"1 to 3 items", "unique"}},
		{"default", `{"type":"integer","default":20}`, []string{"default 20"}},
		{"closed object", `{"type":"object","properties":{"a":{}},"additionalProperties":false,"minProperties":1}`, []string{"at least 1 entry", "no other keys"}},
		{"js-only pattern", `{"type":"string","pattern":"^(?=a)b$"}`, []string{"pattern ^(?=a)b$", "pattern not enforced: not expressible in Go's RE2: invalid or unsupported Perl syntax: `(?=`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := Constraints(field(t, tt.prop))
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("constraints %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCompileChoices(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, prop string
		labels     string
		values     string
	}{
		{"titled oneOf", `{"oneOf":[{"const":"#f00","title":"Red"},{"const":"#0f0","title":"Green"}]}`, "Red|Green", `"#f00"|"#0f0"`},
		{"enumNames", `{"type":"string","enum":["s","m"],"enumNames":["Small","Medium"]}`, "Small|Medium", `"s"|"m"`},
		{"integers keep their type", `{"enum":[1,2,3]}`, "1|2|3", "1|2|3"},
		{"nullable enum", `{"type":["string","null"],"enum":["a",null]}`, "a|null", `"a"|null`},
		{"duplicates dropped", `{"enum":["a","b","a"]}`, "a|b", `"a"|"b"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := field(t, tt.prop)
			var labels, values []string
			for _, c := range s.Choices {
				labels, values = append(labels, c.Label), append(values, string(c.Value))
			}
			if strings.Join(labels, "|") != tt.labels || strings.Join(values, "|") != tt.values {
				t.Errorf("labels %v values %v", labels, values)
			}
		})
	}
}

func TestCompileUnions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, prop    string
		labels        string
		discriminator string
	}{
		{"keyed by const", `{"oneOf":[{"type":"object","properties":{"type":{"const":"circle"},"r":{"type":"number"}},"required":["type","r"]},{"type":"object","properties":{"type":{"const":"rect"},"w":{"type":"number"}}}]}`, "circle|rect", "type"},
		{"by title", `{"anyOf":[{"title":"By id","type":"object","properties":{"id":{"type":"string"}}},{"title":"By name","type":"object","properties":{"name":{"type":"string"}}}]}`, "By id|By name", ""},
		{"by type", `{"oneOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}`, "string|list of input", ""},
		{"by required keys", `{"anyOf":[{"type":"object","properties":{"$match":{"type":"object"}},"required":["$match"]},{"type":"object","properties":{"$limit":{"type":"integer"}},"required":["$limit"]}]}`, "{$match}|{$limit}", ""},
		{"type list", `{"type":["integer","string"]}`, "integer|string", ""},
		{"repeated labels numbered", `{"oneOf":[{"type":"string","minLength":1},{"type":"string","maxLength":0}]}`, "string (1)|string (2)", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := field(t, tt.prop)
			var labels []string
			for _, v := range s.Variants {
				labels = append(labels, v.Label)
			}
			if strings.Join(labels, "|") != tt.labels || s.Discriminator != tt.discriminator {
				t.Errorf("labels %v discriminator %q", labels, s.Discriminator)
			}
		})
	}
}

func TestCompileRefs(t *testing.T) {
	t.Parallel()
	defs := `,"$defs":{"addr":{"type":"object","description":"An address","properties":{"city":{"type":"string"}}},"node":{"type":"object","properties":{"child":{"$ref":"#/$defs/node"}}}},"definitions":{"d":{"type":"integer"}}`
	tests := []struct {
		name, prop, control, description string
	}{
		{"$defs", `{"$ref":"#/$defs/addr"}`, "subform", "An address"},
		{"sibling description wins", `{"$ref":"#/$defs/addr","description":"Home"}`, "subform", "Home"},
		{"definitions", `{"$ref":"#/definitions/d"}`, "integer", ""},
		{"any pointer", `{"$ref":"#/$defs/addr/properties/city"}`, "input", ""},
		{"recursive", `{"$ref":"#/$defs/node"}`, "subform", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := field(t, tt.prop, defs)
			if s.Control() != tt.control || s.Description != tt.description {
				t.Errorf("control %q description %q", s.Control(), s.Description)
			}
		})
	}
	// The recursive shape closes on itself instead of unrolling.
	node := field(t, `{"$ref":"#/$defs/node"}`, defs)
	if child := node.Property("child").Shape; child.Property("child").Shape != child {
		t.Error("a recursive $ref should close into a cycle of shapes")
	}
}

func TestCompileAnchorsAndIDs(t *testing.T) {
	t.Parallel()
	schema := `{"$id":"https://example.com/root.json","type":"object","properties":{
		"home":{"$ref":"address.json"},"cost":{"$ref":"#money"},"town":{"$ref":"address.json#/properties/city"}},
		"$defs":{"addr":{"$id":"address.json","type":"object","properties":{"city":{"type":"string","title":"City"}}},
		"m":{"$anchor":"money","type":"number","minimum":0}}}`
	f, err := Compile([]byte(schema))
	if err != nil || len(f.Warnings) > 0 {
		t.Fatalf("%v %+v", err, f.Warnings)
	}
	for name, want := range map[string]string{"home": "subform", "cost": "number", "town": "input"} {
		if got := f.Shape().Property(name).Shape.Control(); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

func TestCompileBadSchemas(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, schema, warning string
	}{
		{"unknown type", `{"type":"object","properties":{"a":{"type":"strin"}}}`, `unknown type "strin"`},
		{"required absent", `{"type":"object","properties":{"a":{}},"required":["a","b"]}`, `required names "b"`},
		{"dangling ref", `{"type":"object","properties":{"a":{"$ref":"#/$defs/nope"}}}`, "resolves nowhere"},
		{"ref cycle", `{"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"$defs":{"x":{"$ref":"#/$defs/y"},"y":{"$ref":"#/$defs/x"}}}`, "loops back"},
		{"duplicate enum", `{"type":"object","properties":{"a":{"enum":[1,2,1]}}}`, "more than once"},
		{"not an object", `[1,2]`, "must be an object or a boolean"},
		{"a number", `42`, "must be an object or a boolean"},
		{"empty enum", `{"type":"object","properties":{"a":{"enum":[]}}}`, "non-empty"},
		{"bad pattern", `{"type":"object","properties":{"a":{"type":"string","pattern":"(?<=x)y"}}}`, "cannot be compiled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, err := Compile([]byte(tt.schema))
			if err != nil {
				t.Fatal(err)
			}
			var msgs []string
			for _, w := range f.Warnings {
				msgs = append(msgs, w.Pointer+": "+w.Message)
			}
			if !strings.Contains(strings.Join(msgs, "\n"), tt.warning) {
				t.Errorf("warnings %q lack %q", msgs, tt.warning)
			}
			_ = f.JSON() // still usable
		})
	}
}

func TestCompileInvalidJSON(t *testing.T) {
	t.Parallel()
	f, err := Compile([]byte(`{"type": "object",, }`))
	var se *SyntaxError
	if err == nil || !asSyntax(err, &se) || se.Offset != 18 {
		t.Fatalf("want a syntax error at byte 18, got %v", err)
	}
	if f == nil || f.Root.Shape.Kind != KindRaw {
		t.Error("an invalid schema still gives a raw editor")
	}
}

func TestCompileScale(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	for i := 0; i < 1000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"p` + itoa(i) + `":{"type":"string"}`)
	}
	b.WriteString(`}}`)
	f, err := Compile([]byte(b.String()))
	if err != nil || len(f.Shape().Object.Properties) != 1000 {
		t.Fatal(err)
	}
	deep := strings.Repeat(`{"type":"object","properties":{"x":`, 50) + `{"type":"string"}` + strings.Repeat(`}}`, 50)
	f, err = Compile([]byte(deep))
	if err != nil || len(f.Outline()) != 51 {
		t.Fatalf("50 levels: %v, %d rows", err, len(f.Outline()))
	}
}
