package schemaform

import (
	"strings"
	"testing"
)

func TestValidator(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, schema, value string
		want                []Violation
	}{
		{"valid", `{"type":"object","properties":{"n":{"type":"integer"}}}`, `{"n":3}`, nil},
		{"integer rejects fractions", `{"type":"object","properties":{"n":{"type":"integer"}}}`, `{"n":3.5}`,
			[]Violation{{InstancePath: "/n", SchemaPath: "/properties/n/type", Message: "got number, want integer"}}},
		{"nested and ref", `{"$defs":{"a":{"type":"object","required":["city"]}},"type":"object","properties":{"addr":{"$ref":"#/$defs/a"}}}`, `{"addr":{}}`,
			[]Violation{{InstancePath: "/addr", SchemaPath: "/$defs/a/required", Message: "missing property 'city'"}}},
		{"every error", `{"type":"object","required":["a","b"],"properties":{"c":{"enum":[1,2]}}}`, `{"c":3}`,
			[]Violation{{InstancePath: "", SchemaPath: "/required", Message: "missing properties 'a', 'b'"},
				{InstancePath: "/c", SchemaPath: "/properties/c/enum", Message: "value must be one of 1, 2"}}},
		{"draft-07 by $schema", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"type":"number","exclusiveMinimum":0}}}`, `{"x":0}`,
			[]Violation{{InstancePath: "/x", SchemaPath: "/properties/x/exclusiveMinimum", Message: "exclusiveMinimum: got 0, want 0"}}},
		{"format asserted", `{"type":"string","format":"email"}`, `"not an email"`,
			[]Violation{{InstancePath: "", SchemaPath: "/format", Message: "'not an email' is not valid email: missing @"}}},
		{"pointer escaping", `{"type":"object","properties":{"a/b":{"type":"string"}}}`, `{"a/b":1}`,
			[]Violation{{InstancePath: "/a~1b", SchemaPath: "/properties/a~1b/type", Message: "got number, want string"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			v, err := NewValidator([]byte(tt.schema))
			if err != nil {
				t.Fatal(err)
			}
			got, err := v.Validate([]byte(tt.value))
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
			for i := range got {
				if g, w := got[i], tt.want[i]; g.InstancePath != w.InstancePath || g.SchemaPath != w.SchemaPath || g.Message != w.Message {
					t.Errorf("violation %d = %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestValidatorRefusesRemoteRefs(t *testing.T) {
	t.Parallel()
	_, err := NewValidator([]byte(`{"$ref":"https://example.com/schema.json"}`))
	if err == nil || !strings.Contains(err.Error(), "does not fetch remote schemas") {
		t.Errorf("got %v", err)
	}
	_, err = NewValidator([]byte(`{"$ref":"file:///etc/passwd"}`))
	if err == nil {
		t.Error("a file ref must not load")
	}
}

func TestValidatorBadInput(t *testing.T) {
	t.Parallel()
	if _, err := NewValidator([]byte(`{"type":`)); err == nil || !strings.Contains(err.Error(), "not valid JSON") {
		t.Errorf("bad schema JSON: %v", err)
	}
	v, _ := NewValidator([]byte(`{}`))
	if _, err := v.Validate([]byte(`{`)); err == nil {
		t.Error("bad value JSON must be an error")
	}
}
