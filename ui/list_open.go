package ui

// openSelected opens the tool under the list's cursor on its form, with
// the keys in the form, whatever tab was shown last: after a call that is
// the Result tab, whose single-letter copy keys would take what the
// person goes on to type for the next tool.
func (m *Model) openSelected() {
	if m.list.Tool() == nil {
		return
	}
	m.detail.tab, m.focus = tabForm, focusDetail
}
