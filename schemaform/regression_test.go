package schemaform

import (
	"testing"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// TestSelfRefs covers schemas that refer to themselves through unions and
// allOf without any structure in between: they once recursed forever.
func TestSelfRefs(t *testing.T) {
	t.Parallel()
	for _, s := range []string{`{"anyOf":[{"$ref":"#"},{"type":"string"}]}`, `{"anyOf":[{"$ref":"#"}]}`, `{"oneOf":[{"$ref":"#"},{"$ref":"#"}]}`,
		`{"allOf":[{"$ref":"#"},{"$ref":"#"}]}`, `{"$defs":{"a":{"allOf":[{"$ref":"#/$defs/b"},{"$ref":"#/$defs/b"}]},"b":{"allOf":[{"$ref":"#/$defs/c"},{"$ref":"#/$defs/c"}]},"c":{"allOf":[{"$ref":"#/$defs/a"},{"type":"string"}]}},"$ref":"#/$defs/a"}`} {
		f, err := Compile([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		f.Outline()
		f.Example(Full)
		for _, v := range []string{`"x"`, `[1]`, `{"a":{"b":1}}`, `null`} {
			f.SetJSON([]byte(v))
			if !jsondoc.Equal(f.JSON(), []byte(v)) {
				t.Errorf("%s: %s -> %s", s, v, f.JSON())
			}
		}
	}
}
