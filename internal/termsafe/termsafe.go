// Package termsafe neutralises untrusted text before it reaches a terminal.
// Tool names, descriptions, results and stderr come from servers nobody
// vetted; an escape sequence in them could recolour the screen, move the
// cursor, set the clipboard (OSC 52) or retitle the window. Every control
// character is shown escaped instead, so the person sees what was sent.
// Characters that draw as nothing (zero-width spaces, word joiners, soft
// hyphens, tag characters: see invisible) are shown as ⟨U+200B⟩: hidden
// instructions and look-alike names are seen, and no terminal disagrees
// with the program about how wide the text is.
package termsafe

import (
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Text escapes controls but keeps newlines and tabs, for multi-line text.
func Text(s string) string { return escape(s, true) }

// Line escapes every control, newlines included, for one-line fields.
func Line(s string) string { return escape(s, false) }

func escape(s string, multiline bool) string {
	if isSafe(s, multiline) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	prev := rune(-1)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case multiline && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case needsEscape(r):
			writeEscaped(&b, r)
		case invisible(prev, r, s[i+size:]):
			b.WriteString(Visible(r))
		default:
			b.WriteString(s[i : i+size])
		}
		prev = r
		i += size
	}
	return b.String()
}

// isSafe is the fast path: most text has nothing to escape.
func isSafe(s string, multiline bool) bool {
	prev := rune(-1)
	for i, r := range s {
		switch {
		case r == utf8.RuneError:
			return false
		case multiline && (r == '\n' || r == '\t'):
		case needsEscape(r), invisible(prev, r, s[i+utf8.RuneLen(r):]):
			return false
		}
		prev = r
	}
	return true
}

// JSON makes JSON text safe for a terminal without changing what it means:
// inside strings, DEL, C1 controls, bidirectional controls and characters
// that draw as nothing (see invisible) become \u escapes, which every
// decoder reads back as the same characters, and bytes
// that are not UTF-8 become \ufffd, as decoders read them. encoding/json
// leaves all of these raw. Raw C0 controls cannot occur in valid JSON; any
// found are escaped too, except the whitespace newline and tab. A carriage
// return between tokens, which JSON allows, is dropped: it means nothing
// there, and on a terminal it lets what follows overwrite the line.
func JSON(b []byte) []byte {
	if isSafeJSON(b) {
		return b
	}
	out := make([]byte, 0, len(b)+64)
	inString := false
	prev := rune(-1)
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case inString && c == '\\' && i+1 < len(b) && b[i+1] >= 0x20 && b[i+1] < 0x7f:
			// An escape pair (\" \\ \n \u...) passes whole, so its quote
			// does not end the string; a control after the backslash is
			// invalid JSON and is escaped like any other.
			out = append(out, c, b[i+1])
			i += 2
			prev = rune(b[i-1])
			continue
		case c == '"':
			inString = !inString
		case c == '\r' && !inString:
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = append(out, `\ufffd`...)
		case r != '\n' && r != '\t' && needsEscape(r), invisibleBytes(prev, r, b[i+size:]):
			out = appendJSONEscape(out, r)
		default:
			out = append(out, b[i:i+size]...)
		}
		prev = r
		i += size
	}
	return out
}

// appendJSONEscape writes r as a \u escape: a pair of surrogates beyond
// the Basic Multilingual Plane (tag characters), as JSON spells those.
func appendJSONEscape(out []byte, r rune) []byte {
	if r1, r2 := utf16.EncodeRune(r); r1 != utf8.RuneError {
		return fmt.Appendf(out, `\u%04x\u%04x`, r1, r2)
	}
	return fmt.Appendf(out, `\u%04x`, r)
}

// isSafeJSON is JSON's fast path: printable ASCII, newlines and tabs, and
// UTF-8 that needs no escape.
func isSafeJSON(b []byte) bool {
	prev := rune(-1)
	for i := 0; i < len(b); {
		c := b[i]
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\t' {
			prev = rune(c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError || needsEscape(r) || invisibleBytes(prev, r, b[i+size:]) {
			return false
		}
		prev = r
		i += size
	}
	return true
}

// needsEscape reports C0 and C1 controls, DEL, and the bidirectional
// overrides and isolates that can make text read differently than it is.
func needsEscape(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return false
}

func writeEscaped(b *strings.Builder, r rune) {
	switch r {
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case '\t':
		b.WriteString(`\t`)
	case 0x1b:
		b.WriteString(`\e`)
	default:
		if r < 0x100 {
			fmt.Fprintf(b, `\x%02x`, r)
		} else {
			fmt.Fprintf(b, `\u%04x`, r)
		}
	}
}
