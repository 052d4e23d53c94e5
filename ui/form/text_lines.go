package form

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"

	"github.com/toolbench/toolbench/schemaform"
)

// One line or many: whether a string is edited in an input or a text area
// is first the schema's guess (schemaform's Multiline) or the text itself
// (a value with a newline needs a text area); the person can switch it
// with the Lines key, and pasting text with newlines switches it too.

// isText reports a string field, which may be edited on one line or many.
func isText(n *schemaform.Node) bool {
	return n != nil && !n.Raw() && n.Shape.Kind == schemaform.KindString
}

// linesOf applies the person's choice of one line or many to the kind a
// string field would be edited in. A value with a newline stays in a text
// area: an input would flatten it.
func (m *Model) linesOf(n *schemaform.Node, kind editKind) editKind {
	many, chosen := m.lines[n]
	if !chosen || !isText(n) || (kind != editInput && kind != editText) {
		return kind
	}
	if many || strings.Contains(n.Text(), "\n") {
		return editText
	}
	return editInput
}

// manyLines reports whether the string field n is edited in a text area.
func (m *Model) manyLines(n *schemaform.Node) bool {
	kind, ok := editKindOf(n)
	return ok && m.linesOf(n, kind) == editText
}

// setLines records one line or many for n.
func (m *Model) setLines(n *schemaform.Node, many bool) {
	if m.lines == nil {
		m.lines = map[*schemaform.Node]bool{}
	}
	m.lines[n] = many
}

// toggleLines switches the string field n between one line and many; a
// field being edited is reopened in the other widget with its text.
func (m *Model) toggleLines(n *schemaform.Node) tea.Cmd {
	if !isText(n) {
		return nil
	}
	many := !m.manyLines(n)
	if !many && strings.Contains(n.Text(), "\n") {
		m.status = "this text has several lines; it stays a text area (ctrl+u clears it)"
		return nil
	}
	m.setLines(n, many)
	if m.edit == nil || m.edit.node != n {
		return nil
	}
	m.endEdit(true)
	return m.startEdit(n)
}

// pasteLines takes a paste with newlines into a one-line string input: the
// field becomes a text area holding the text with its newlines where the
// input had them, instead of flattened to spaces, and its cursor after
// the paste. It reports false when the paste is the input's own.
func (m *Model) pasteLines(content string) (tea.Cmd, bool) {
	e := m.edit
	if e.kind != editInput || !isText(e.node) || !strings.ContainsAny(content, "\r\n") {
		return nil, false
	}
	content = normalizeNewlines(content)
	before := []rune(e.text)
	// The input inserts the paste at its cursor, newlines turned to
	// spaces; a character the text does not hold marks where they were.
	mark := newlineMark(e.text + content)
	m.forward(tea.PasteMsg{Content: strings.ReplaceAll(content, "\n", string(mark))})
	after := []rune(e.text)
	back := 0 // how far the cursor is from the end
	if at := slices.Index(after, mark); at >= 0 {
		start := at - strings.Index(content, "\n")
		if start >= 0 && start <= len(before) && string(after[:start]) == string(before[:start]) {
			back = len(before) - start
		}
	} else {
		after = append(after, []rune(strings.ReplaceAll(content, "\n", string(mark)))...)
	}
	n := e.node
	m.writeText(n, strings.ReplaceAll(string(after), string(mark), "\n"))
	m.setLines(n, true)
	m.endEdit(true)
	cmd := m.startEdit(n)
	for range back {
		m.forward(tea.KeyPressMsg{Code: tea.KeyLeft})
	}
	return cmd, true
}

// newlineMark is a private-use character that s does not contain.
func newlineMark(s string) rune {
	r := '\ue000'
	for strings.ContainsRune(s, r) {
		r++
	}
	return r
}

// normalizeNewlines turns the CR and CRLF line ends terminals paste into
// LF: the text area would make two lines of CRLF.
func normalizeNewlines(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// setText replaces the text of an input or text area being edited.
func (e *editor) setText(s string) {
	e.text = s
	switch f := e.field.(type) {
	case *huh.Input:
		f.Value(&e.text)
	case *huh.Text:
		f.Value(&e.text)
	}
}

// replaceDefault clears a default the field was opened with when the
// first key types something, so typing replaces it as it would selected
// text (quantity 1, typing 0, is 0, not 10). Any other first key (an
// arrow, backspace) edits the default in place.
func (m *Model) replaceDefault(typed bool) {
	e := m.edit
	if !e.fromDefault {
		return
	}
	e.fromDefault = false
	if typed {
		e.setText("")
	}
}

// typedText reports a key that types text, not a command.
func typedText(msg tea.KeyPressMsg) bool {
	return msg.Text != "" && msg.Mod&^tea.ModShift == 0
}
