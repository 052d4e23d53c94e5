package form

import (
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/toolbench/toolbench/ui/theme"
)

// Preview renders the arguments a call would send, exactly and whole: the
// form's JSON, indented, coloured with the theme's JSON styles and wrapped
// (never cut) to width. Characters a terminal would act on are shown
// escaped. JSON text that does not parse, sent as a string, is pointed out
// above. It draws on every call; a pane beside the form wants
// PreviewView, drawn when the arguments change.
func (m *Model) Preview(width int) string {
	d := m.drawPreview(m.form.JSON(), width, nil)
	return strings.Join(append(d.marks, d.lines...), "\n")
}

// highlightJSON colours indented JSON line by line, wrapping lines wider
// than width (0: no wrapping) at token boundaries.
func highlightJSON(st *theme.Styles, text string, width int) string {
	var out strings.Builder
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			out.WriteByte('\n')
		}
		toks := lineTokens(st, line)
		if width <= 0 || cells(line) <= width {
			for _, t := range toks {
				out.WriteString(t.render())
			}
			continue
		}
		out.WriteString(wrapTokens(toks, width))
	}
	return out.String()
}

// token is one piece of a line of JSON and the style it is drawn in.
type token struct {
	text  string
	style lipgloss.Style
	kind  tokenKind
	// pre and post are the style's escapes, once a token too wide for its
	// line is broken: its pieces are drawn with them rather than each
	// through lipgloss, which a 100,000-character string would make slow.
	pre, post string
	affixed   bool
}

// tokenKind tells apart what wrapping treats differently.
type tokenKind uint8

const (
	tokSpace tokenKind = iota // a run of spaces: where a line may break
	tokValue                  // a key, string, number or literal
	tokPunct                  // , : { } [ ]
)

func (t token) render() string {
	switch {
	case t.kind == tokSpace:
		return t.text
	case t.affixed:
		return t.pre + t.text + t.post
	}
	return t.style.Render(t.text)
}

// affix fills in the escapes the token's style puts around text, taken
// from the style drawing one letter (SGR escapes contain no letter x).
func (t *token) affix() {
	if t.affixed || t.kind == tokSpace {
		return
	}
	r := t.style.Render("x")
	if i := strings.Index(r, "x"); i >= 0 {
		t.pre, t.post, t.affixed = r[:i], r[i+1:], true
	}
}

// lineTokens splits one line of indented JSON into tokens: keys, strings,
// numbers, literals, punctuation and the spaces between them.
func lineTokens(st *theme.Styles, line string) []token {
	var out []token
	for i := 0; i < len(line); {
		c := line[i]
		j := i + 1
		t := token{style: st.JSONPunct, kind: tokPunct}
		switch {
		case c == ' ':
			for j < len(line) && line[j] == ' ' {
				j++
			}
			t.kind = tokSpace
		case c == '"':
			j = stringEnd(line, i)
			t.style, t.kind = st.JSONString, tokValue
			if rest := strings.TrimLeft(line[j:], " "); strings.HasPrefix(rest, ":") {
				t.style = st.JSONKey
			}
		case c == '-' || (c >= '0' && c <= '9'):
			j = tokenEnd(line, i)
			t.style, t.kind = st.JSONNumber, tokValue
		case c >= 'a' && c <= 'z':
			j = tokenEnd(line, i)
			t.style, t.kind = st.JSONLiteral, tokValue
		}
		t.text = line[i:j]
		out = append(out, t)
		i = j
	}
	return out
}

// stringEnd returns the index just past the JSON string starting at i.
func stringEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(s)
}

// tokenEnd returns the end of a number or literal starting at i.
func tokenEnd(s string, i int) int {
	j := i
	for j < len(s) && !strings.ContainsRune(" ,]}:", rune(s[j])) {
		j++
	}
	return j
}
