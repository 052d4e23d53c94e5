package root

import (
	"strings"
)

// wordPart is a stretch of a shell word: literal text, or a reference to
// the shell variable ref, which the shell fills in when the line runs.
type wordPart struct {
	lit, ref string
}

// word is one word of a command line for a person to paste.
type word []wordPart

// lit is a word of literal text only.
func lit(s string) word { return word{{lit: s}} }

// refersTo reports whether w holds a variable reference.
func (w word) refersTo() bool {
	for _, p := range w {
		if p.ref != "" {
			return true
		}
	}
	return false
}

// text is the word's literal text, as it reads without its references.
func (w word) text() string {
	var b strings.Builder
	for _, p := range w {
		b.WriteString(p.lit)
	}
	return b.String()
}

// quote writes w the way a POSIX shell reads it back as one word: bare when
// it can be, in single quotes when it holds no reference, else in double
// quotes with the references left for the shell to expand. Literal text
// holding '!' goes in single quotes even then: interactive bash expands it
// inside double quotes.
func (w word) quote() string {
	if !w.refersTo() {
		s := w.text()
		if bareWord.MatchString(s) {
			return s
		}
		return singleQuote(s)
	}
	mixed := false
	for _, p := range w {
		mixed = mixed || strings.Contains(p.lit, "!")
	}
	var b strings.Builder
	if !mixed {
		b.WriteByte('"')
	}
	for i, p := range w {
		switch {
		case p.ref != "":
			if mixed {
				b.WriteByte('"')
			}
			b.WriteString(refText(p.ref, w[i+1:]))
			if mixed {
				b.WriteByte('"')
			}
		case mixed:
			if p.lit != "" {
				b.WriteString(singleQuote(p.lit))
			}
		default:
			b.WriteString(escapeInDouble(p.lit))
		}
	}
	if !mixed {
		b.WriteByte('"')
	}
	return b.String()
}

// refText is the reference to name: $NAME, or ${NAME} where the text after
// it would otherwise read as part of the name.
func refText(name string, after word) string {
	for _, p := range after {
		if p.ref != "" {
			break
		}
		if p.lit != "" {
			if isNameByte(p.lit[0]) {
				return "${" + name + "}"
			}
			break
		}
	}
	return "$" + name
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// singleQuote quotes s whole; a single quote inside ends the quotes, is
// escaped, and opens them again.
func singleQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// escapeInDouble escapes everything a POSIX shell acts on inside double
// quotes, so literal text stays literal.
func escapeInDouble(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`", `$`, `\$`).Replace(s)
}

// joinLine quotes each word and joins them with spaces.
func joinLine(words []word) string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = w.quote()
	}
	return strings.Join(out, " ")
}
