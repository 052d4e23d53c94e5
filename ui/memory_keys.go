package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// memoryModalKey gives a key to the memory modal open, if any: it takes
// every key but quitting.
func (m *Model) memoryModalKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	switch {
	case m.mem.test != nil:
		return m.saveTestKey(msg), true
	case m.mem.presets.open():
		return m.presetKey(msg), true
	}
	return nil, false
}

// memoryKey takes the memory's global keys, the keys of its screens, and
// its keys in the form and on the Result tab.
func (m *Model) memoryKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.keys.Mem.Memory
	switch {
	case key.Matches(msg, k.History):
		return m.toggleHistory(), true
	case key.Matches(msg, k.Diff):
		m.toggleDiff()
		return nil, true
	case m.stack.Len() > 0:
		// The pickers open over the screens and take their keys.
		return nil, false
	case m.mem.history.shown:
		return m.historyKey(msg), true
	case m.mem.diff.shown:
		m.diffKey(msg)
		return nil, true
	case m.fullScreenShown() || m.showLog || m.focus != focusDetail || m.detail.tool == nil:
		return nil, false
	case m.detail.tab == tabForm:
		return m.formMemoryKey(msg)
	case m.detail.tab == tabResult && key.Matches(msg, k.SaveTest):
		return m.openSaveTest(), true
	}
	return nil, false
}

// withMemoryHints adds the memory's keys of the tab shown (the presets in
// the form, saving a test on the Result tab) after the first hint, when
// there is a store to use them with.
func (m *Model) withMemoryHints(hints [][2]string) [][2]string {
	k := m.keys.Mem.Memory
	var more [][2]string
	switch {
	case m.mem.store == nil || len(hints) == 0:
		return hints
	case m.detail.tab == tabForm:
		more = [][2]string{hint(k.SavePreset, "save preset"), hint(k.Presets, "presets")}
	case m.detail.tab == tabResult:
		more = [][2]string{hint(k.SaveTest, "save as test")}
	default:
		return hints
	}
	return append(append(append([][2]string{}, hints[0]), more...), hints[1:]...)
}

// memoryHints are the keys of the memory modal or screen shown; nil for
// none.
func (m *Model) memoryHints() [][2]string {
	switch {
	case m.mem.test != nil:
		return m.saveTestHints()
	case m.mem.presets.open():
		return m.presetHints()
	case m.stack.Len() > 0:
		return nil
	case m.mem.history.shown:
		return m.historyHints()
	case m.mem.diff.shown:
		return m.diffHints()
	}
	return nil
}
