package call

import (
	"strings"
	"testing"
)

// TestCheckObject: --args must be exactly one JSON object; each refusal
// is a usage error that says what is wrong and where.
func TestCheckObject(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want string
	}{
		{` {"a": 1} `, `{"a": 1}`},
		{`{"a": }`, `--args is not valid JSON: invalid character '}' looking for beginning of value at byte 7: "{\"a\": }⟨here⟩"`},
		{``, `--args is empty; give a JSON object such as '{"key": "value"}'`},
		{`[1]`, `--args must be a JSON object of arguments, not an array`},
		{`"x"`, `--args must be a JSON object of arguments, not a string`},
		{`{} {}`, `--args has data after the JSON object, at byte 3`},
	}
	for _, tt := range tests {
		got, err := checkObject("--args", []byte(tt.in))
		if err != nil {
			if !isUsage(err) || err.Error() != tt.want {
				t.Errorf("%q: error %q, want %q", tt.in, err, tt.want)
			}
			continue
		}
		if string(got) != tt.want {
			t.Errorf("%q: got %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestMergeArgs: --arg pairs land on the base object in its key order,
// typed by the property's schema; a pair without = is refused.
func TestMergeArgs(t *testing.T) {
	t.Parallel()
	schema := []byte(`{"type":"object","properties":{"n":{"type":"integer"},"s":{"type":"string"}}}`)
	tests := []struct {
		base  string
		pairs []string
		want  string
	}{
		{"", nil, `{}`},
		{`{"s":"x"}`, nil, `{"s":"x"}`},
		{`{"s":"x","n":1}`, []string{"n=2"}, `{"s":"x","n":2}`},
		{"", []string{"s=12", "n=12"}, `{"s":"12","n":12}`},
	}
	for _, tt := range tests {
		var base []byte
		if tt.base != "" {
			base = []byte(tt.base)
		}
		got, err := mergeArgs(base, tt.pairs, schema)
		if err != nil || string(got) != tt.want {
			t.Errorf("%s + %q: got %s, %v; want %s", tt.base, tt.pairs, got, err, tt.want)
		}
	}
	if _, err := mergeArgs(nil, []string{"n"}, schema); !isUsage(err) || !strings.Contains(err.Error(), "want key=value") {
		t.Errorf("a pair without =: %v", err)
	}
}

// TestOverlay: --args keys override a preset's, which keep their order;
// new keys follow.
func TestOverlay(t *testing.T) {
	t.Parallel()
	got, err := overlay([]byte(`{"a":1,"b":2}`), []byte(`{"c":3,"a":"x"}`))
	if err != nil || string(got) != `{"a":"x","b":2,"c":3}` {
		t.Errorf("got %s, %v", got, err)
	}
}
