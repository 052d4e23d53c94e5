package termsafe

import (
	"unicode"
	"unicode/utf8"
)

// Hidden is one character that shows as nothing on a terminal, found in
// a string by Find.
type Hidden struct {
	// Offset is the character's byte offset in the string.
	Offset int
	// Rune is the character.
	Rune rune
}

// Tag reports a Unicode tag character (U+E0000 to U+E007F): invisible
// ASCII, the shape in which instructions are smuggled to a model.
func (h Hidden) Tag() bool { return isTag(h.Rune) }

// Find lists the characters of s that a terminal draws as nothing, in
// order: the ones Text and Line show as ⟨U+XXXX⟩ (see Visible) and the
// bidirectional controls, which they show as \u escapes.
func Find(s string) []Hidden {
	var found []Hidden
	prev := rune(-1)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if invisible(prev, r, s[i+size:]) {
			found = append(found, Hidden{Offset: i, Rune: r})
		}
		prev = r
		i += size
	}
	return found
}

// Visible is how Text and Line show a hidden character: ⟨U+200B⟩. Its
// cells are the ones a terminal draws, so widths measured after it agree
// with the screen (a zero-width space or soft hyphen is measured as 0
// cells by some and drawn in 1 by others).
func Visible(r rune) string { return "⟨" + codePoint(r) + "⟩" }

func codePoint(r rune) string {
	const hex = "0123456789ABCDEF"
	digits := 4
	if r > 0xffff {
		digits = 5
		if r > 0xfffff {
			digits = 6
		}
	}
	b := []byte("U+")
	for d := digits - 1; d >= 0; d-- {
		b = append(b, hex[(r>>(4*d))&0xf])
	}
	return string(b)
}

// invisible reports a character that draws as nothing and so hides what
// is written: the format characters (zero-width spaces and joiners, word
// joiners, the soft hyphen, the byte-order mark, invisible operators, tag
// characters), the line and paragraph separators, and the other
// default-ignorable characters (Hangul fillers among them). prev is the
// character before (-1 at the start) and rest the text after, because two
// are kept where they join what shows: a variation selector right after a
// visible character (❤️ is U+2764 U+FE0F), and a zero-width joiner between
// two pictographs (the family emoji). A second selector in a row is shown:
// runs of them are how bytes are hidden after one emoji. The bidirectional
// controls are not here: needsEscape escapes them first.
func invisible(prev, r rune, rest string) bool {
	next := rune(-1)
	if r == zwj {
		next, _ = utf8.DecodeRuneInString(rest)
	}
	return hides(prev, r, next)
}

// invisibleBytes is invisible for text held as bytes.
func invisibleBytes(prev, r rune, rest []byte) bool {
	next := rune(-1)
	if r == zwj {
		next, _ = utf8.DecodeRune(rest)
	}
	return hides(prev, r, next)
}

// zwj is the zero-width joiner.
const zwj = 0x200d

// hides is invisible given the characters on either side (-1 for none;
// next is only needed for a joiner).
func hides(prev, r, next rune) bool {
	switch {
	case r < 0xad:
		return false
	case isVariationSelector(r):
		return prev < 0 || isVariationSelector(prev) || invisibleAlone(prev)
	case r == zwj:
		return !(pictograph(prev) || isVariationSelector(prev)) || !pictograph(next)
	}
	return invisibleAlone(r)
}

// invisibleAlone is invisible for characters whose context does not
// matter.
func invisibleAlone(r rune) bool {
	if r < 0xad {
		return false
	}
	return r == 0x2028 || r == 0x2029 || isTag(r) ||
		unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r)
}

func isTag(r rune) bool { return r >= 0xe0000 && r <= 0xe007f }

func isVariationSelector(r rune) bool {
	return r >= 0xfe00 && r <= 0xfe0f || r >= 0xe0100 && r <= 0xe01ef
}

// pictograph approximates Extended_Pictographic, which the unicode package
// lacks: other symbols (emoji are So) and modifiers (skin tones are Sk).
func pictograph(r rune) bool {
	return r >= 0x80 && r != utf8.RuneError && (unicode.Is(unicode.So, r) || unicode.Is(unicode.Sk, r))
}
