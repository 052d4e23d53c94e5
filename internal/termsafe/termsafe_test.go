package termsafe

import "testing"

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
