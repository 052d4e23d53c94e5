package form

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

// Preview renders the arguments a call would send, exactly: the form's
// JSON, indented, coloured with the theme's JSON styles and wrapped (never
// cut) to width. Characters a terminal would act on are shown escaped.
// JSON text that does not parse, sent as a string, is pointed out above.
func (m *Model) Preview(width int) string {
	raw := m.form.JSON()
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		b.Reset()
		b.Write(raw)
	}
	out := highlightJSON(m.st, termsafe.Text(b.String()), width)
	if marks := m.previewMarks(width); len(marks) > 0 {
		return strings.Join(marks, "\n") + "\n" + out
	}
	return out
}

// highlightJSON colours indented JSON line by line.
func highlightJSON(st *theme.Styles, text string, width int) string {
	var out strings.Builder
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			out.WriteByte('\n')
		}
		styled := highlightLine(st, line)
		if width > 0 {
			styled = ansi.Hardwrap(styled, width, true)
		}
		out.WriteString(styled)
	}
	return out.String()
}

// highlightLine colours the tokens of one line of JSON: keys, strings,
// numbers, literals and punctuation.
func highlightLine(st *theme.Styles, line string) string {
	var out strings.Builder
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ':
			out.WriteByte(c)
			i++
		case c == '"':
			j := stringEnd(line, i)
			style := st.JSONString
			if rest := strings.TrimLeft(line[j:], " "); strings.HasPrefix(rest, ":") {
				style = st.JSONKey
			}
			out.WriteString(style.Render(line[i:j]))
			i = j
		case c == '-' || (c >= '0' && c <= '9'):
			j := tokenEnd(line, i)
			out.WriteString(st.JSONNumber.Render(line[i:j]))
			i = j
		case c >= 'a' && c <= 'z':
			j := tokenEnd(line, i)
			out.WriteString(st.JSONLiteral.Render(line[i:j]))
			i = j
		default:
			out.WriteString(st.JSONPunct.Render(line[i : i+1]))
			i++
		}
	}
	return out.String()
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
