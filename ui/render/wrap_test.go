package render

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/internal/termsafe"
)

func TestWrap(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		in    string
		width int
		want  []string
	}{
		{"fits", "short line", 20, []string{"short line"}},
		{"words", "the quick brown fox jumps over the lazy dog", 10,
			[]string{"the quick", "brown fox", "jumps over", "the lazy", "dog"}},
		{"spaces at breaks dropped", "aaaa    bbbb", 6, []string{"aaaa", "bbbb"}},
		{"inner spaces kept", "a  b  c", 20, []string{"a  b  c"}},
		{"indent kept", "    indented text that wraps", 12, []string{"    indented", "text that", "wraps"}},
		{"long word hard-broken", "abcdefghijklmnop", 5, []string{"abcde", "fghij", "klmno", "p"}},
		{"long word after short one", "ab cdefghij", 4, []string{"ab", "cdef", "ghij"}},
		{"blank lines kept", "one\n\n\ntwo", 10, []string{"one", "", "", "two"}},
		{"trailing newline", "one\n", 10, []string{"one", ""}},
		{"empty", "", 10, []string{""}},
		{"CJK is two cells", "你好世界你好世界", 5, []string{"你好", "世界", "你好", "世界"}},
		{"CJK and words", "hello 世界 and 你好", 8, []string{"hello", "世界 and", "你好"}},
		{"wide rune wider than width", "你好", 1, []string{"你", "好"}},
		{"tabs become four spaces", "a\tb", 20, []string{"a    b"}},
		{"escape sequences take no room", "\x1b[1mbold\x1b[m text", 9, []string{"\x1b[1mbold\x1b[m text"}},
		{"combining mark stays", "cafe\u0301 bar", 5, []string{"cafe\u0301", "bar"}},
		{"no width: lines only", "a b c\nd", 0, []string{"a b c", "d"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Wrap(tt.in, tt.width); !slices.Equal(got, tt.want) {
				t.Errorf("Wrap(%q, %d)\n got %q\nwant %q", tt.in, tt.width, got, tt.want)
			}
		})
	}
}

// FuzzWrap checks the promises: no row is wider than the width unless it is
// a single cluster, and wrapping only ever removes spaces.
func FuzzWrap(f *testing.F) {
	f.Add("the quick brown fox", 7)
	f.Add("你好 world\n\n  indented  text", 3)
	f.Add("a\tb  c\u0301 😀😀", 2)
	f.Fuzz(func(t *testing.T, text string, width int) {
		if !utf8.ValidString(text) || width < 1 || width > 200 {
			return
		}
		text = termsafe.Text(text)
		rows := Wrap(text, width)
		for _, r := range rows {
			if w := ansi.StringWidth(r); w > width && !single(r) {
				t.Fatalf("Wrap(%q, %d): row %q is %d cells", text, width, r, w)
			}
		}
		squash := func(s string) string {
			return strings.NewReplacer(" ", "", "\n", "", "\t", "").Replace(s)
		}
		if got, want := squash(strings.Join(rows, "")), squash(text); got != want {
			t.Fatalf("Wrap(%q, %d) lost text: %q", text, width, rows)
		}
	})
}

// single reports a row that is one cluster, allowed to overflow a width of 1.
func single(s string) bool {
	n, _ := step(s, 0)
	return n == len(s)
}
