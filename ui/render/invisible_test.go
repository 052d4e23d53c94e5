package render

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// A pane's line holding invisible characters is cut and padded to exactly
// its width, and every character left in it takes a cell: a terminal that
// draws a zero-width space or soft hyphen in one cell (where the program
// counted none) would push the rest of the line into the next pane.
func TestInvisibleCutAndPadded(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		"get\u200bdata",
		"a\u200bb\u00adc" + strings.Repeat("\u200b", 50) + "tail",
		"x\u2060\ufeff\u2028\U000E0041\U000E0042y",
	} {
		for _, width := range []int{6, 20} {
			out := Pad(safeLine(in, width), width)
			if got := ansi.StringWidth(out); got != width {
				t.Errorf("Pad(safeLine(%q, %d)) = %q: %d cells, want %d", in, width, out, got, width)
			}
			if n := utf8.RuneCountInString(out); n != width {
				t.Errorf("Pad(safeLine(%q, %d)) = %q holds %d characters in %d cells: some take none", in, width, out, n, width)
			}
		}
	}
	if got := safeLine("get\u200bdata", 0); got != "get⟨U+200B⟩data" {
		t.Errorf("safeLine = %q, want the zero-width space shown", got)
	}
}
