package form

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/schemaform"
)

// Edits of a list or map level: adding, deleting and moving its rows.

func isList(n *schemaform.Node) bool {
	return n != nil && !n.Raw() && n.Shape.Kind == schemaform.KindArray
}

// add appends an item to a list level, or asks for the key of a new entry
// in a map level.
func (m *Model) add() tea.Cmd {
	l := m.level
	switch {
	case isList(l):
		m.forget(l)
		m.keepTentative(l)
		it := l.AddItem()
		prepare(it)
		m.labelRows = -1
		return m.focusNew(it)
	case canAddEntries(l):
		m.prompt = newKeyPrompt(m.huh, m.width)
		return m.prompt.field.Focus()
	}
	m.status = "ctrl+a adds an item in a list, or an entry in a map"
	return nil
}

// addEntry adds the entry the key prompt asked for; a key already there
// keeps the prompt open with the reason.
func (m *Model) addEntry(key string) tea.Cmd {
	l := m.level
	c, err := l.AddEntry(key)
	if err != nil {
		m.prompt.err = err.Error()
		return nil
	}
	m.prompt = nil
	m.forget(l)
	m.keepTentative(l)
	prepare(c)
	m.labelRows = -1
	return m.focusNew(c)
}

// focusNew selects a new item or entry and opens it: a container's level,
// or an editor for its value, so the next keys fill it in.
func (m *Model) focusNew(n *schemaform.Node) tea.Cmd {
	m.setCursor(indexOf(m.rows(), n))
	switch {
	case isContainer(n):
		m.setLevel(n, 0)
	case isUnion(n):
		return m.openUnion(n)
	default:
		if k, ok := editKindOf(n); ok && k != editSelect && k != editMulti {
			return m.startEdit(n)
		}
	}
	return nil
}

// remove deletes the selected list item or extra map entry.
func (m *Model) remove() {
	l, n := m.level, m.selected()
	switch {
	case n == nil:
	case isList(l):
		m.forget(l)
		l.RemoveItem(m.cursor)
	case n.Extra:
		m.forget(l)
		l.RemoveEntry(n.Key)
	default:
		m.status = "only list items and extra entries can be deleted; ctrl+u leaves a field out"
		return
	}
	m.labelRows = -1
	m.setCursor(m.cursor)
}

// moveItem moves the selected list item up or down.
func (m *Model) moveItem(delta int) {
	l := m.level
	to := m.cursor + delta
	if !isList(l) || to < 0 || to >= len(l.Children()) {
		return
	}
	m.forget(l)
	l.MoveItem(m.cursor, to)
	m.setCursor(to)
}
