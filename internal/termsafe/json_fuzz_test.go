package termsafe

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// FuzzJSON checks termsafe.JSON's two promises on any input: valid JSON
// stays valid and decodes to the same value, and nothing in the output is a
// control a terminal acts on (newline and tab aside) and no character it
// draws as nothing.
func FuzzJSON(f *testing.F) {
	for _, s := range []string{
		`{"a": "b"}`, "[\"\x1b[31m\u202e\"]", "{\"a\x7f\": 1\r}", "\"\xff\x9b\"", `"\\\u001b"`, "\"\\\xc2\x85\"", "[\"a\u200b\U000E0041\u2764\ufe0f\ufe0f\"]",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out := JSON(in)
		prev := rune(-1)
		for i := 0; i < len(out); {
			r, size := utf8.DecodeRune(out[i:])
			if r == utf8.RuneError && size == 1 {
				t.Fatalf("JSON(%q) left invalid UTF-8 at %d: %q", in, i, out)
			}
			if r != '\n' && r != '\t' && needsEscape(r) {
				t.Fatalf("JSON(%q) left %U at %d: %q", in, r, i, out)
			}
			if invisibleBytes(prev, r, out[i+size:]) {
				t.Fatalf("JSON(%q) left the invisible %U at %d: %q", in, r, i, out)
			}
			prev = r
			i += size
		}
		if !json.Valid(in) {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("JSON(%q) = %q is not JSON", in, out)
		}
		var before, after any
		_ = json.Unmarshal(in, &before)
		_ = json.Unmarshal(out, &after)
		b1, _ := json.Marshal(before)
		b2, _ := json.Marshal(after)
		if !bytes.Equal(b1, b2) {
			t.Fatalf("JSON(%q) changed the value: %s, want %s", in, b2, b1)
		}
	})
}
