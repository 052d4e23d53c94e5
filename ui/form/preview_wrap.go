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
		for col+w > width && width-col > 0 {
			head, rest := splitUnit(unit, width-col)
			if len(head) == 0 {
				break
			}
			writeTokens(&out, head)
			out.WriteString("\n" + cont)
			unit, col, w = rest, len(cont), unitWidth(rest)
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
		w += ansi.StringWidth(t.text)
	}
	return w
}

func writeTokens(b *strings.Builder, unit []token) {
	for _, t := range unit {
		b.WriteString(t.render())
	}
}

// splitUnit takes the first room cells of a unit too wide for its line.
// Inside a string it breaks after the last space that fits, if any; it
// never leaves the unit's closing punctuation to start a line alone.
func splitUnit(unit []token, room int) (head, rest []token) {
	for i, t := range unit {
		w := ansi.StringWidth(t.text)
		if w <= room {
			head = append(head, t)
			room -= w
			continue
		}
		cut := cutAt(t.text, room, t.kind == tokValue)
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

// cutAt is the byte offset of a break at most room cells into s: after
// the last space when words is set and there is one in the second half,
// else at room cells.
func cutAt(s string, room int, words bool) int {
	cut, space, w := 0, 0, 0
	for i, r := range s {
		rw := ansi.StringWidth(string(r))
		if w+rw > room {
			break
		}
		w += rw
		cut = i + len(string(r))
		if r == ' ' && words {
			space = cut
		}
	}
	// A break after a space near the start would leave a line all but
	// empty: break at the room instead.
	if space > 0 && 2*space >= cut {
		return space
	}
	return cut
}

func onlyPunct(toks []token) bool {
	for _, t := range toks {
		if t.kind != tokPunct {
			return false
		}
	}
	return true
}
