package form

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/schemaform"
)

// wholeJSON edits all the arguments as one JSON text, in place of the
// rows. Leaving it loads the text through the form's lossless JSON tree,
// so what the schema does not describe is kept; text that cannot be loaded
// stays in the editor with the reason.
type wholeJSON struct {
	field *huh.Text
	text  string // bound to the field
	start string // the text it began with: leaving it unchanged changes nothing
	fresh bool   // the whole text is selected (see typeOver)
	err   string // why the text was not applied
}

// startWhole opens the JSON editor of all the arguments, its text
// selected so that pasting a whole arguments object replaces it.
func (m *Model) startWhole() tea.Cmd {
	var b bytes.Buffer
	raw := m.form.JSON()
	if json.Indent(&b, raw, "", "  ") != nil {
		b.Reset()
		b.Write(raw)
	}
	w := &wholeJSON{text: escapeRaw(b.String()), fresh: true}
	w.start = w.text
	w.field = huh.NewText().Value(&w.text).ExternalEditor(false).ShowLineNumbers(true)
	w.field.WithTheme(m.huh)
	m.whole = w
	m.status = freshStatus
	m.layoutWhole()
	return w.field.Focus()
}

// wholeKey handles a key while all the arguments are edited as JSON.
func (m *Model) wholeKey(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	k := m.keys.Whole
	switch {
	case key.Matches(msg, k.Apply):
		m.applyWhole()
		return ActionNone, nil
	case key.Matches(msg, k.Discard):
		m.whole = nil
		m.status = "discarded the JSON; the form is as it was"
		return ActionNone, nil
	case key.Matches(msg, k.Submit):
		if m.applyWhole() {
			return m.submit()
		}
		return ActionNone, nil
	}
	return ActionNone, m.wholeForward(msg)
}

// wholeForward passes a message to the JSON editor of all the arguments.
func (m *Model) wholeForward(msg tea.Msg) tea.Cmd {
	w := m.whole
	if _, ok := msg.(tea.KeyPressMsg); ok {
		w.err = ""
	}
	return typeOver(w.field, &w.text, &w.fresh, msg)
}

// applyWhole loads the edited text into the form and closes the editor. It
// reports false, keeping the editor open with the reason, when the text is
// not JSON or not the object a form of named fields needs.
func (m *Model) applyWhole() bool {
	w := m.whole
	if w.text == w.start {
		m.whole = nil
		return true
	}
	v, err := jsondoc.Parse([]byte(w.text))
	switch {
	case strings.TrimSpace(w.text) == "":
		w.err = "empty: type the arguments as a JSON object, or " + m.keys.Whole.Discard.Help().Key + " to keep the form as it was"
	case err != nil:
		w.err = syntaxPlace(w.text, err)
	case !v.IsObject() && m.top() != nil:
		w.err = "the arguments are a JSON object ({...}); this is not one"
	}
	if w.err != "" {
		return false
	}
	ptr := pointerOf(m.level)
	if err := m.form.SetJSON([]byte(w.text)); err != nil {
		w.err = err.Error()
		return false
	}
	m.whole = nil
	m.issues, m.tentative = map[*schemaform.Node][]string{}, nil
	m.reanchor(ptr)
	m.status = "applied the JSON to the form"
	return true
}

// syntaxPlace says where text stops being JSON, as line and column.
func syntaxPlace(text string, err error) string {
	var se *schemaform.SyntaxError
	if !errors.As(err, &se) {
		return "not valid JSON: " + err.Error()
	}
	before := text[:min(se.Offset, len(text))]
	line := strings.Count(before, "\n") + 1
	col := len(before) - strings.LastIndexByte(before, '\n')
	return fmt.Sprintf("not valid JSON at line %d, column %d: %s", line, col, se.Msg)
}

// layoutWhole sizes the JSON editor to the pane, below its heading and
// any error.
func (m *Model) layoutWhole() {
	w := m.whole
	if w == nil {
		return
	}
	w.field.WithWidth(m.width)
	w.field.WithHeight(max(1, m.bodyHeight(m.footer())-2))
}

// wholeBody draws the JSON editor of all the arguments in place of the
// rows.
func (m *Model) wholeBody(height int) []string {
	w := m.whole
	out := []string{m.st.Heading.Render("all the arguments as JSON")}
	if w.err != "" {
		out = append(out, ansi.Truncate(m.st.Error.Render("✗ "+termsafe.Line(w.err)), m.width, "…"))
	} else {
		out = append(out, "")
	}
	out = append(out, strings.Split(w.field.View(), "\n")...)
	return out[:min(len(out), height)]
}

// wholeHints are the keys of the JSON editor of all the arguments.
func (m *Model) wholeHints() []hint {
	k := m.keys.Whole
	return []hint{on(k.Apply, "apply"), on(k.Discard, "discard"), on(k.Submit, "apply and send")}
}
