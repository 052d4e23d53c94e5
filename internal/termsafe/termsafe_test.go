package termsafe

import (
	"encoding/json"
	"testing"
)

func TestEscape(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, text, line string
	}{
		{"plain", "hello, 世界", "hello, 世界", "hello, 世界"},
		{"newline and tab", "a\n\tb", "a\n\tb", `a\n\tb`},
		{"colour", "\x1b[31mred\x1b[0m", `\e[31mred\e[0m`, `\e[31mred\e[0m`},
		{"osc52", "\x1b]52;c;aGk=\x07", `\e]52;c;aGk=\x07`, `\e]52;c;aGk=\x07`},
		{"carriage return", "ok\rEVIL", `ok\rEVIL`, `ok\rEVIL`},
		{"c1 csi", "a\u009b2Jb", `a\x9b2Jb`, `a\x9b2Jb`},
		{"bidi override", "abc\u202edcba", `abc\u202edcba`, `abc\u202edcba`},
		{"invalid utf8", "a\xffb", `a\xffb`, `a\xffb`},
		{"del", "a\x7fb", `a\x7fb`, `a\x7fb`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Text(tt.in); got != tt.text {
				t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.text)
			}
			if got := Line(tt.in); got != tt.line {
				t.Errorf("Line(%q) = %q, want %q", tt.in, got, tt.line)
			}
		})
	}
}

func TestJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
	}{
		{"plain", `{"a": "hello, 世界", "n": [1, 2]}` + "\n", `{"a": "hello, 世界", "n": [1, 2]}` + "\n"},
		{"JSON's own escapes kept", `{"a\u001b": "\u001b[2J\"\\"}`, `{"a\u001b": "\u001b[2J\"\\"}`},
		{"del", "{\"a\x7f\": \"b\x7f\"}", `{"a\u007f": "b\u007f"}`},
		{"c1", "[\"\u0085\u009b2J\"]", `["\u0085\u009b2J"]`},
		{"bidi", "[\"a\u202eb\u2066\u200f\"]", `["a\u202eb\u2066\u200f"]`},
		{"invalid utf8", "[\"a\xffb\x9b\"]", `["a\ufffdb\ufffd"]`},
		{"carriage return between tokens", "{\"a\": 1\r, \"b\": 2}\r\n", "{\"a\": 1, \"b\": 2}\n"},
		{"indented", "{\n\t\"a\": \"\u202e\"\n}", "{\n\t\"a\": \"\\u202e\"\n}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := string(JSON([]byte(tt.in)))
			if got != tt.want {
				t.Errorf("JSON(%q) = %q, want %q", tt.in, got, tt.want)
			}
			var before, after any
			if json.Unmarshal([]byte(tt.in), &before) == nil {
				if err := json.Unmarshal([]byte(got), &after); err != nil {
					t.Fatalf("JSON(%q) is no longer JSON: %v", tt.in, err)
				}
				b1, _ := json.Marshal(before)
				b2, _ := json.Marshal(after)
				if string(b1) != string(b2) {
					t.Errorf("JSON(%q) changed the value: %s, want %s", tt.in, b2, b1)
				}
			}
		})
	}
}
