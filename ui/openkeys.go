package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/screen"
)

// openKey acts on the chord-free keys that open screens, where no text is
// typed: each stands for an alt chord, which it replays, so the two cannot
// do different things.
func (m *Model) openKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if m.takesText() {
		return nil, false
	}
	if key.Matches(msg, m.keys.Global.Open.Palette) {
		return m.openPalette(), true
	}
	for _, p := range m.chordFree() {
		if key.Matches(msg, p[0]) {
			if press, ok := screen.Press(render1(p[1])); ok {
				return m.handleKey(press), true
			}
		}
	}
	return nil, false
}

// chordFree pairs each chord-free key with the chord it stands for.
func (m *Model) chordFree() [][2]key.Binding {
	g, o, mem := m.keys.Global, m.keys.Global.Open, m.keys.Mem
	return [][2]key.Binding{{o.Resources, g.Resources}, {o.Prompts, g.Prompts}, {o.Tasks, g.Tasks}, {o.Log, g.Log},
		{o.History, mem.Memory.History}, {o.Changes, mem.Memory.Diff}, {o.Roots, g.Roots}, {o.LogLevel, g.LogLevel}, {o.Auth, g.Auth},
		{o.Hosts, g.Hosts}}
}

// render1 is a binding's first key.
func render1(b key.Binding) string {
	if ks := b.Keys(); len(ks) > 0 {
		return ks[0]
	}
	return ""
}

// openURL opens url in the browser, or copies it where none can.
func (m *Model) openURL(url string) tea.Cmd {
	b := m.browser
	if b == nil {
		m.setStatus(levelInfo, "no browser opener (xdg-open, open) on PATH: copied the URL to the clipboard")
		return tea.SetClipboard(url)
	}
	return func() tea.Msg {
		if err := b.Open(url); err != nil {
			return screen.Batch{screen.Status{Level: levelError, Text: "open " + url + ": " + err.Error()}}
		}
		return nil
	}
}
