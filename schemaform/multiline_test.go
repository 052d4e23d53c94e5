package schemaform

import "testing"

// Whether a string is a text area is guessed from its description, its
// media type and its length; a format, a pattern or allowed values rule
// the guess out.
func TestMultilineGuess(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, prop string
		want       bool
	}{
		{"plain", `{"type":"string"}`, false},
		{"body in the description", `{"type":"string","description":"The page body, in Markdown"}`, true},
		{"media type", `{"type":"string","contentMediaType":"text/markdown"}`, true},
		{"long maxLength", `{"type":"string","maxLength":5000}`, true},
		{"format uuid rules out the words", `{"type":"string","format":"uuid","description":"ID of the page whose body to read, multi-line markdown"}`, false},
		{"format rules out the length", `{"type":"string","format":"uri","maxLength":2048}`, false},
		{"pattern rules out the words", `{"type":"string","pattern":"^[a-f0-9]{32}$","description":"The page body id"}`, false},
		{"enum rules out the words", `{"type":["string","null"],"enum":["markdown","html",null],"description":"The body format: markdown or html"}`, false},
		{"const rules out the words", `{"type":"string","const":"markdown","description":"free text is not accepted here"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := field(t, tt.prop)
			got := s.Kind == KindString && s.String.Multiline
			if got != tt.want {
				t.Errorf("%s: multiline %v, want %v (kind %v)", tt.prop, got, tt.want, s.Kind)
			}
		})
	}
}
