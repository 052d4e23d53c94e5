package form

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// minSplitRoom is the least room left on a line worth starting a token
// that has to be broken anyway.
const minSplitRoom = 8

// minWrapRoom is the least room a continuation line keeps after its
// indent.
const minWrapRoom = 12

// wrapTokens wraps one line of JSON tokens to width. Lines break only
// between tokens, where json.Indent put a space, and punctuation stays
// with the token before it, so no line starts with a lone "," or ":".
// Continuation lines are indented two more than the line. A token wider
// than the room is broken (never cut): a string after one of its own
// spaces where it can be.
func wrapTokens(toks []token, width int) string {
	indent := ""
	if len(toks) > 0 && toks[0].kind == tokSpace {
		indent, toks = toks[0].text, toks[1:]
	}
	// Narrow panes keep the room for the tokens rather than the indent.
	cont := indent + "  "
	if width-len(cont) < minWrapRoom {
		cont = ""
	}
	var out strings.Builder
	out.WriteString(indent)
	col, first := len(indent), true
	for _, unit := range units(toks) {
		w := unitWidth(unit)
		switch {
		case first:
		case col+1+w <= width || (w > width-len(cont) && width-col-1 >= minSplitRoom):
			// It fits here, or it is broken wherever it goes: go on on
			// this line.
			out.WriteByte(' ')
			col++
		default:
			out.WriteString("\n" + cont)
			col = len(cont)
		}
		first = false
		if col+w > width {
			for i := range unit {
				unit[i].affix()
			}
		}
		for col+w > width && width-col > 0 {
			head, rest := splitUnit(unit, width-col)
			if len(head) == 0 {
				break
			}
			writeTokens(&out, head)
			out.WriteString("\n" + cont)
			// Measuring only what was taken keeps a megabyte string linear.
			unit, col, w = rest, len(cont), w-unitWidth(head)
		}
		writeTokens(&out, unit)
		col += w
	}
	return out.String()
}

// units groups tokens into what a line may not break inside: a value with
// the punctuation that follows it ("key":, "value",), or punctuation
// alone ({, }, ],).
func units(toks []token) [][]token {
	var out [][]token
	var cur []token
	for _, t := range toks {
		if t.kind == tokSpace {
			if len(cur) > 0 {
				out = append(out, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, t)
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

func unitWidth(unit []token) int {
	w := 0
	for _, t := range unit {
		w += cells(t.text)
	}
	return w
}

// cells is the width of terminal-safe text: its length when it is ASCII,
// which a long JSON value mostly is, measured without grapheme lookups.
func cells(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}

func writeTokens(b *strings.Builder, unit []token) {
	for _, t := range unit {
		b.WriteString(t.render())
	}
}

// splitUnit takes the first room cells of a unit too wide for its line.
// Inside a string it breaks after the last space that fits, if any; it
// never leaves the unit's closing punctuation to start a line alone. It
// reads no more of the unit than fits in room.
func splitUnit(unit []token, room int) (head, rest []token) {
	for i, t := range unit {
		cut, used := cutAt(t.text, room, false)
		if cut == len(t.text) {
			head = append(head, t)
			room -= used
			continue
		}
		if t.kind == tokValue {
			cut, _ = cutAt(t.text, room, true)
		}
		if cut == 0 && len(head) > 0 && onlyPunct(unit[i:]) {
			// The punctuation would start the next line alone: take the
			// token before it along.
			return splitUnit(unit, unitWidth(head)-1)
		}
		if cut > 0 && cut == len(t.text)-1 {
			// Only the closing quote would be left: take a rune less.
			for cut--; cut > 0 && !utf8.RuneStart(t.text[cut]); cut-- {
			}
		}
		if cut > 0 {
			a, b := t, t
			a.text, b.text = t.text[:cut], t.text[cut:]
			head = append(head, a)
			return head, append([]token{b}, unit[i+1:]...)
		}
		return head, unit[i:]
	}
	return head, nil
}

// cutAt is the byte offset of a break at most room cells into s, and the
// cells before it: after the last space when words is set and there is
// one in the second half, else at room cells.
func cutAt(s string, room int, words bool) (cut, cells int) {
	space, spaceCells := 0, 0
	for i, r := range s {
		rw := 1
		if r >= utf8.RuneSelf {
			// Text here is made terminal-safe already: ASCII is one cell.
			rw = ansi.StringWidth(string(r))
		}
		if cells+rw > room {
			break
		}
		cells += rw
		cut = i + utf8.RuneLen(r)
		if r == ' ' && words {
			space, spaceCells = cut, cells
		}
	}
	// A break after a space near the start would leave a line all but
	// empty: break at the room instead.
	if space > 0 && 2*space >= cut {
		return space, spaceCells
	}
	return cut, cells
}

func onlyPunct(toks []token) bool {
	for _, t := range toks {
		if t.kind != tokPunct {
			return false
		}
	}
	return true
}
