package schemaform

import "testing"

func TestTextVariant(t *testing.T) {
	t.Parallel()
	const intOrString = `{"type":["integer","string"]}`
	const numOrInt = `{"anyOf":[{"type":"integer"},{"type":"number"}]}`
	const intOrBool = `{"type":["integer","boolean"]}`
	tests := []struct {
		schema string
		text   string
		prefer int
		want   int
	}{
		{intOrString, "12", 0, 0},
		{intOrString, "x", 0, 1},
		{intOrString, "12x", 0, 1},
		{intOrString, "12", 1, 1}, // the person chose a string
		{intOrString, "-", 0, 0},  // on the way to a negative number
		{intOrString, "1.", 0, 0}, // on the way to 1.0
		{intOrString, "1.5", 0, 1},
		{intOrString, "1e3", 0, 0},
		{intOrString, "01", 0, 1}, // not a JSON number
		{intOrString, "", 0, -1},
		{intOrString, "  ", 1, -1},
		{numOrInt, "1.5", 0, 1},
		{numOrInt, "2", 1, 1},
		{intOrBool, "yes", 0, -1},
	}
	for _, tt := range tests {
		s := mustCompile(t, tt.schema).Shape()
		if got := s.TextVariant(tt.text, tt.prefer); got != tt.want {
			t.Errorf("%s: TextVariant(%q, %d) = %d, want %d", tt.schema, tt.text, tt.prefer, got, tt.want)
		}
	}
}
