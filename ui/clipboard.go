package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/screen"
)

// copyText puts text on the clipboard and says where it went: OSC 52
// always (it works over SSH and in tmux, when the terminal allows it),
// and the system's clipboard tool when one is on the PATH, the only way
// to be sure. noun names the text ("the result"); then follows the
// message.
func (m *Model) copyText(text, noun, then string) tea.Cmd {
	osc := tea.SetClipboard(text)
	t := m.clip
	if t == nil {
		m.setStatus(levelInfo, "sent "+noun+" with OSC 52"+then+" (no wl-copy, xclip, xsel or pbcopy on PATH: "+
			"whether it reached the clipboard is the terminal's choice)")
		return osc
	}
	m.setStatus(levelInfo, "copying "+noun+" with "+t.Name+"…")
	return tea.Batch(osc, func() tea.Msg {
		if err := t.Copy(text); err != nil {
			return screen.Batch{screen.Status{Level: levelError, Text: "sent " + noun + " with OSC 52 only: " + err.Error()}}
		}
		return screen.Batch{screen.Status{Level: levelOK, Text: "copied " + noun + " with " + t.Name + then}}
	})
}
