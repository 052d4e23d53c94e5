package form

import (
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// freshStatus tells the person that the JSON shown is selected as a whole.
const freshStatus = "typing or pasting replaces this JSON; an arrow key keeps it to edit"

// fieldUpdate passes msg to the focused field. While its text is fresh
// (all of it selected, as the JSON editor starts), a key or paste that
// would change the text replaces all of it instead, as typing over a
// selection does: ctrl+r on a string and typing {"a":1} gives {"a":1},
// not ""{"a":1}. A key that changes nothing, such as a movement, keeps the
// text and ends the selection. huh's text area has no selection of its
// own, so the editor keeps this state.
func (m *Model) fieldUpdate(msg tea.Msg) tea.Cmd {
	e := m.edit
	_, isKey := msg.(tea.KeyPressMsg)
	_, isPaste := msg.(tea.PasteMsg)
	if !e.fresh || (!isKey && !isPaste) {
		_, cmd := e.field.Update(msg)
		return cmd
	}
	e.fresh = false
	before := e.text
	_, cmd := e.field.Update(msg)
	area, ok := e.field.(*huh.Text)
	if e.text == before || !ok {
		return cmd
	}
	e.text = ""
	area.Value(&e.text)
	_, again := e.field.Update(msg)
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
