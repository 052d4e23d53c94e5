package form

import (
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// freshStatus tells the person that the JSON shown is selected as a whole.
const freshStatus = "typing or pasting replaces this JSON; an arrow key keeps it to edit"

// fieldUpdate passes msg to the focused field, typing over its text while
// it is fresh (see typeOver).
func (m *Model) fieldUpdate(msg tea.Msg) tea.Cmd {
	e := m.edit
	return typeOver(e.field, &e.text, &e.fresh, msg)
}

// typeOver passes msg to a field bound to text. While the text is fresh
// (all of it selected, as a JSON editor starts), a key or paste that would
// change it replaces all of it instead, as typing over a selection does:
// ctrl+r on a string and typing {"a":1} gives {"a":1}, not ""{"a":1}. A
// key that changes nothing, such as a movement, keeps the text and ends the
// selection. huh's text area has no selection of its own, so the editor
// keeps this state.
func typeOver(field huh.Field, text *string, fresh *bool, msg tea.Msg) tea.Cmd {
	_, isKey := msg.(tea.KeyPressMsg)
	_, isPaste := msg.(tea.PasteMsg)
	if !*fresh || (!isKey && !isPaste) {
		_, cmd := field.Update(msg)
		return cmd
	}
	*fresh = false
	before := *text
	_, cmd := field.Update(msg)
	area, ok := field.(*huh.Text)
	if *text == before || !ok {
		return cmd
	}
	*text = ""
	area.Value(text)
	_, again := field.Update(msg)
	return tea.Batch(cmd, again)
}

// markFresh selects the whole text of the JSON editor just opened on a
// value, so that what is typed replaces it.
func (m *Model) markFresh() {
	if e := m.edit; e != nil && e.kind == editRaw && e.text != "" {
		e.fresh = true
		m.status = freshStatus
	}
}
