package schemaform

import "testing"

// A schema that allows any value gets the any-value control wherever it
// sits, never the plain raw-JSON box; a false schema stays raw.
func TestAnyValueEverywhere(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, schema string
		at           func(root *Shape) *Shape
		want         string
	}{
		{"top level {}", `{}`, func(r *Shape) *Shape { return r }, "any value"},
		{"top level true", `true`, func(r *Shape) *Shape { return r }, "any value"},
		{"property {}", `{"type":"object","properties":{"f":{}}}`, prop("f"), "any value"},
		{"property true", `{"type":"object","properties":{"f":true}}`, prop("f"), "any value"},
		{"property with only a description", `{"type":"object","properties":{"f":{"description":"anything"}}}`, prop("f"), "any value"},
		{"items {}", `{"type":"array","items":{}}`, items, "any value"},
		{"items true", `{"type":"array","items":true}`, items, "any value"},
		{"items left out", `{"type":"array"}`, items, "any value"},
		{"additionalProperties {}", `{"type":"object","additionalProperties":{}}`, additional, "any value"},
		{"additionalProperties true", `{"type":"object","additionalProperties":true}`, additional, "any value"},
		{"additionalProperties left out", `{"type":"object"}`, additional, "any value"},
		{"additionalProperties described", `{"type":"object","additionalProperties":{"description":"a value"}}`, additional, "any value"},
		{"union variant {}", `{"anyOf":[{"type":"integer"},{"type":"boolean"},{}]}`, variant(2), "any value"},
		{"$ref to {}", `{"$defs":{"x":{}},"type":"object","properties":{"f":{"$ref":"#/$defs/x"}}}`, prop("f"), "any value"},
		{"$ref to true", `{"$defs":{"x":true},"type":"object","properties":{"f":{"$ref":"#/$defs/x"}}}`, prop("f"), "any value"},
		{"false stays raw", `{"type":"object","properties":{"f":false}}`, prop("f"), "raw JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, err := Compile([]byte(tt.schema))
			if err != nil {
				t.Fatal(err)
			}
			s := tt.at(f.Shape())
			if s == nil {
				t.Fatalf("%s: no shape there", tt.schema)
			}
			if got := s.Control(); got != tt.want {
				t.Errorf("%s: control %q, want %q", tt.schema, got, tt.want)
			}
		})
	}
}

func prop(name string) func(*Shape) *Shape {
	return func(r *Shape) *Shape {
		if p := r.Property(name); p != nil {
			return p.Shape
		}
		return nil
	}
}

func items(r *Shape) *Shape { return r.Array.Items }

func additional(r *Shape) *Shape { return r.Object.Additional }

func variant(i int) func(*Shape) *Shape {
	return func(r *Shape) *Shape {
		if i < len(r.Variants) {
			return r.Variants[i].Shape
		}
		return nil
	}
}

// An annotated any value keeps its description.
func TestAnyValueKeepsAnnotations(t *testing.T) {
	t.Parallel()
	s := field(t, `{"title":"Payload","description":"anything at all"}`)
	if !s.Any || s.Title != "Payload" || s.Description != "anything at all" {
		t.Errorf("any %v, title %q, description %q", s.Any, s.Title, s.Description)
	}
}
