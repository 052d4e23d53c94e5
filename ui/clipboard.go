package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/screen"
)

// copyKind is what a copy key puts on the clipboard.
type copyKind int

const (
	copyResult copyKind = iota
	copyArgs
	copyCommand
)

// copy puts the last result, its arguments or a toolbench call command
// line that repeats it on the clipboard.
func (m *Model) copy(what copyKind) tea.Cmd {
	t := m.detail.tool
	tr := m.calls.results[t.Name]
	if tr == nil {
		m.setStatus(levelInfo, "nothing to copy yet: call the tool first")
		return nil
	}
	var text, noun, then string
	switch what {
	case copyResult:
		if tr.result == nil {
			m.setStatus(levelInfo, "the call failed; there is no result to copy")
			return nil
		}
		text, noun = string(tr.result.Raw), "the result"
	case copyArgs:
		text, noun = string(tr.args), "the arguments"
	case copyCommand:
		if m.command == nil {
			m.setStatus(levelInfo, "this workbench cannot write a command line for its server")
			return nil
		}
		var vars []string
		text, vars = m.command(t.Name, tr.args)
		noun = "the command line"
		if len(vars) > 0 {
			then = "; set " + joinWords(vars) + " in the shell before running it"
		}
	}
	return m.copyText(text, noun, then)
}

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

// joinWords lists words as a sentence does: "A", "A and B", "A, B and C".
func joinWords(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
