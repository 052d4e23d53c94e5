package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// memoryKey takes the keys that open the memory's screens: the history
// and the changes anywhere, the presets in the form, saving a test on the
// Result tab.
func (m *Model) memoryKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.keys.Mem.Memory
	switch {
	case key.Matches(msg, k.History):
		return m.openHistory(), true
	case key.Matches(msg, k.Diff):
		return m.openChanges(), true
	case m.fullScreenShown():
		return nil, false
	case m.tools.OnForm() && key.Matches(msg, k.SavePreset):
		return m.openPresets(true), true
	case m.tools.OnForm() && key.Matches(msg, k.Presets):
		return m.openPresets(false), true
	case m.tools.OnResult() && key.Matches(msg, k.SaveTest):
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
	case m.tools.OnForm():
		more = [][2]string{hint(k.SavePreset, "save preset"), hint(k.Presets, "presets")}
	case m.tools.OnResult():
		more = [][2]string{hint(k.SaveTest, "save as test")}
	default:
		return hints
	}
	return append(append(append([][2]string{}, hints[0]), more...), hints[1:]...)
}
