package render

import (
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/internal/termsafe"
)

// step measures the grapheme cluster or escape sequence at s[i:]: its byte
// length and its width in cells (0 for escape sequences). Printable ASCII
// followed by ASCII (nothing that could combine with it) is one cell and
// takes the fast path;
// everything else goes to ansi, which measures as lipgloss.Width does (East
// Asian wide characters and emoji are two cells).
func step(s string, i int) (n, w int) {
	if c := s[i]; c >= 0x20 && c < 0x7f && (i+1 == len(s) || s[i+1] < utf8.RuneSelf) {
		return 1, 1
	}
	_, w, n, _ = ansi.DecodeSequence(s[i:], 0, nil)
	if n <= 0 {
		n = 1 // never stall on a byte ansi declines to consume
	}
	return n, w
}

// fit returns the longest prefix of s that fits in room cells, and its
// width. It reads only as far as the prefix, so it is cheap on huge s.
func fit(s string, room int) (head string, w int) {
	i := 0
	for i < len(s) {
		n, cw := step(s, i)
		if w+cw > room {
			break
		}
		w += cw
		i += n
	}
	return s[:i], w
}

// truncate cuts s to width cells, ending in "…" when anything was cut
// (width <= 0: no limit). It stops reading once the cut is known, so a 20 MB
// line costs no more than a short one. A style left open by the cut is not
// closed: truncate plain text, then style it.
func truncate(s string, width int) string {
	if width <= 0 {
		return s
	}
	cut, col := -1, 0
	for i := 0; i < len(s); {
		n, w := step(s, i)
		if cut < 0 && col+w > width-1 {
			cut = i
		}
		col += w
		if col > width {
			return s[:cut] + "…"
		}
		i += n
	}
	return s
}

// safeLine escapes untrusted one-line text and truncates it to width cells
// (width <= 0: no limit). Text far longer than the width is cut before it is
// escaped, so that a 20 MB stderr line costs what a screenful does.
func safeLine(s string, width int) string {
	if width <= 0 {
		return termsafe.Line(s)
	}
	// Every cell needs at least one byte; 8 per cell leaves room for
	// combining marks and emoji sequences, which are several bytes per cell.
	limit := width*8 + 64
	clipped := false
	if len(s) > limit {
		s, clipped = validPrefix(s[:limit]), true
	}
	esc := termsafe.Line(s)
	out := truncate(esc, width)
	if clipped && len(out) == len(esc) {
		// Only zero-width runs can make clipped text fit: still mark the cut.
		head, _ := fit(esc, width-1)
		out = head + "…"
	}
	return out
}

// validPrefix drops a rune cut in half at the end of s, so clipped text
// does not end in an escaped stray byte that the server never sent.
func validPrefix(s string) string {
	for j := len(s) - 1; j >= 0 && j >= len(s)-utf8.UTFMax; j-- {
		if utf8.RuneStart(s[j]) {
			if utf8.FullRuneInString(s[j:]) {
				return s
			}
			return s[:j]
		}
	}
	return s
}
