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
	case m.mem.history.shown:
		return m.historyKey(msg), true
	case m.mem.diff.shown:
		m.diffKey(msg)
		return nil, true
	case m.fullScreenShown() || m.showRoots || m.showLevel || m.showLog || m.focus != focusDetail || m.detail.tool == nil:
		return nil, false
	case m.detail.tab == tabForm:
		return m.formMemoryKey(msg)
	case m.detail.tab == tabResult && key.Matches(msg, k.SaveTest):
		return m.openSaveTest(), true
	}
	return nil, false
}

// memoryHints are the keys of the memory modal or screen shown; nil for
// none.
func (m *Model) memoryHints() [][2]string {
	switch {
	case m.mem.test != nil:
		return m.saveTestHints()
	case m.mem.presets.open():
		return m.presetHints()
	case m.mem.history.shown:
		return m.historyHints()
	case m.mem.diff.shown:
		return m.diffHints()
	}
	return nil
}
