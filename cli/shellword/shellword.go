// Package shellword writes command lines for a person to paste into a
// POSIX shell: every line toolbench prints for a shell quotes with the one
// rule here, so a '$' means the same in each.
package shellword

import (
	"regexp"
	"strings"

	"github.com/toolbench/toolbench/target/secrets"
)

// toolbench writes command lines for a person to paste in three places: the
// workbench's copied call, the `auth login` line an auth error names, and
// the lines a misplaced flag is answered with. They all quote with
// Word.quote, so a '$' means the same in each.

// Part is a stretch of a shell word: literal text (Lit), or a reference to
// the shell variable Ref, which the shell fills in when the line runs.
type Part struct {
	Lit, Ref string
}

// Word is one word of a command line for a person to paste.
type Word []Part

// Lit is a word of literal text only.
func Lit(s string) Word { return Word{{Lit: s}} }

// refersTo reports whether w holds a variable reference.
func (w Word) refersTo() bool {
	for _, p := range w {
		if p.Ref != "" {
			return true
		}
	}
	return false
}

// text is the word's literal text, as it reads without its references.
func (w Word) text() string {
	var b strings.Builder
	for _, p := range w {
		b.WriteString(p.Lit)
	}
	return b.String()
}

// quote writes w the way a POSIX shell reads it back as one word. The rule
// for '$', the one every line toolbench writes for a shell follows: a '$'
// of literal text is always literal (single-quoted, or escaped inside
// double quotes), and only a reference part expands, as $NAME, or ${NAME}
// where the text after it would read as part of the name. Secrets are
// written as references so the line carries none; nothing else ever
// expands.
//
// The Word is bare when it can be, in single quotes when it holds no
// reference, else in double quotes. Literal text holding '!' goes in single
// quotes even then, joined to the double-quoted references: interactive
// bash expands '!' inside double quotes.
func (w Word) quote() string {
	if !w.refersTo() {
		s := w.text()
		if bareWord.MatchString(s) {
			return s
		}
		return singleQuote(s)
	}
	mixed := false
	for _, p := range w {
		mixed = mixed || strings.Contains(p.Lit, "!")
	}
	var b strings.Builder
	if !mixed {
		b.WriteByte('"')
	}
	for i, p := range w {
		switch {
		case p.Ref != "":
			if mixed {
				b.WriteByte('"')
			}
			b.WriteString(refText(p.Ref, w[i+1:]))
			if mixed {
				b.WriteByte('"')
			}
		case mixed:
			if p.Lit != "" {
				b.WriteString(singleQuote(p.Lit))
			}
		default:
			b.WriteString(escapeInDouble(p.Lit))
		}
	}
	if !mixed {
		b.WriteByte('"')
	}
	return b.String()
}

// refText is the reference to name: $NAME, or ${NAME} where the text after
// it would otherwise read as part of the name.
func refText(name string, after Word) string {
	for _, p := range after {
		if p.Ref != "" {
			break
		}
		if p.Lit != "" {
			if isNameByte(p.Lit[0]) {
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

// bareWord is what a shell reads as itself, unquoted.
var bareWord = regexp.MustCompile(`^[A-Za-z0-9_@%+=:,./-]+$`)

// Join quotes each Word and joins them with spaces.
func Join(words []Word) string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = w.quote()
	}
	return strings.Join(out, " ")
}

// Placeholder is the Word of the URL raw with its secrets as
// references (secrets.PlaceholderURL names them), each made by ref from
// the variable's name and the secret it stands for. A '$' of the URL itself
// is held as a NUL, which no command-line argument can contain, so that
// every ${ of the placeholder text is a placeholder. The text between
// placeholders is the URL's own, so each secret is what raw holds from
// where that text stops to where the next starts.
func Placeholder(raw string, ref func(name, value string) Part) Word {
	const held = "\x00"
	text, _ := secrets.PlaceholderURL(strings.ReplaceAll(raw, "$", held))
	type placeholder struct{ before, name string }
	var refs []placeholder
	for {
		start := strings.Index(text, "${")
		end := strings.Index(text[max(start, 0):], "}")
		if start < 0 || end < 0 {
			break
		}
		refs = append(refs, placeholder{strings.ReplaceAll(text[:start], held, "$"), text[start+2 : start+end]})
		text = text[start+end+1:]
	}
	tail := strings.ReplaceAll(text, held, "$")
	var w Word
	pos := 0
	for i, r := range refs {
		pos += len(r.before)
		end := len(raw) - len(tail)
		if i+1 < len(refs) {
			end = pos + max(strings.Index(raw[pos:], refs[i+1].before), 0)
		}
		w = append(w, Part{Lit: r.before}, ref(r.name, raw[pos:end]))
		pos = end
	}
	return append(w, Part{Lit: tail})
}

// VarName is the variable a secret named name is written as: the name in
// capitals, each character a shell name cannot hold made '_' (X-API-Key
// becomes X_API_KEY), as target.Secrets names them.
func VarName(name string) string {
	b := []byte(strings.ToUpper(name))
	for i, c := range b {
		if !isNameByte(c) {
			b[i] = '_'
		}
	}
	if len(b) == 0 || b[0] >= '0' && b[0] <= '9' {
		b = append([]byte("P_"), b...)
	}
	return string(b)
}
