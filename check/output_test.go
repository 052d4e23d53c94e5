package check

import (
	"strings"
	"testing"
)

func TestOutput(t *testing.T) {
	t.Parallel()
	schema := []byte(`{"type":"object","properties":{"t":{"type":"number"}},"required":["t"]}`)
	tests := []struct {
		name       string
		schema     string
		structured string
		isError    bool
		checked    bool
		valid      bool
		msg        string
	}{
		{"no schema", "", `{"x":1}`, false, false, true, ""},
		{"isError skips", string(schema), `{"t":"x"}`, true, false, true, ""},
		{"valid", string(schema), `{"t":1}`, false, true, true, ""},
		{"invalid", string(schema), `{"t":"warm"}`, false, true, false, "got string, want number"},
		{"missing", string(schema), ``, false, true, false, "structuredContent is missing"},
		{"unusable schema", `{"type":`, `{"t":1}`, false, true, false, "the outputSchema cannot be used"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			v := Output([]byte(tt.schema), []byte(tt.structured), tt.isError)
			if v.Checked != tt.checked || v.Valid != tt.valid {
				t.Errorf("verdict = %+v", v)
			}
			if v.Errors == nil {
				t.Error("Errors must be an empty list, not null, for --json")
			}
			if tt.msg != "" && (len(v.Errors) == 0 || !strings.Contains(v.Errors[0].Message, tt.msg)) {
				t.Errorf("errors = %+v, want %q", v.Errors, tt.msg)
			}
		})
	}
}

func TestResultTextMirror(t *testing.T) {
	t.Parallel()
	schema := []byte(`{"type":"object"}`)
	sc := []byte(`{"a":1,"b":[true]}`)
	if v := Result(schema, sc, false, []string{"hello", "{ \"b\": [true], \"a\": 1 }"}); len(v.Notes) != 0 {
		t.Errorf("a text block with the same JSON (other order) mirrors it: %v", v.Notes)
	}
	if v := Result(schema, sc, false, []string{"done"}); len(v.Notes) != 1 || v.Notes[0] != NoteNoTextMirror || !v.Valid {
		t.Errorf("missing mirror is a note, not a failure: %+v", v)
	}
	if v := Result(schema, nil, false, nil); len(v.Notes) != 0 {
		t.Errorf("no structuredContent, no mirror note: %+v", v)
	}
}
