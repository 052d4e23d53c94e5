package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// copyKind is what a copy key puts on the clipboard.
type copyKind int

const (
	copyResult copyKind = iota
	copyArgs
	copyCommand
)

// copy puts the last result, its arguments or a toolbench call command
// line that repeats it on the clipboard with OSC 52, which works over SSH
// and in tmux.
func (m *Model) copy(what copyKind) tea.Cmd {
	t := m.detail.tool
	tr := m.calls.results[t.Name]
	if tr == nil {
		m.setStatus(levelInfo, "nothing to copy yet: call the tool first")
		return nil
	}
	var text, done string
	switch what {
	case copyResult:
		if tr.result == nil {
			m.setStatus(levelInfo, "the call failed; there is no result to copy")
			return nil
		}
		text, done = string(tr.result.Raw), "copied the result to the clipboard"
	case copyArgs:
		text, done = string(tr.args), "copied the arguments to the clipboard"
	case copyCommand:
		if m.command == nil {
			m.setStatus(levelInfo, "this workbench cannot write a command line for its server")
			return nil
		}
		var vars []string
		text, vars = m.command(t.Name, tr.args)
		done = "copied the command line to the clipboard"
		if len(vars) > 0 {
			done += "; set " + joinWords(vars) + " in the shell before running it"
		}
	}
	m.setStatus(levelOK, done)
	return tea.SetClipboard(text)
}

// joinWords lists words as a sentence does: "A", "A and B", "A, B and C".
func joinWords(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
