package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// copy puts the last result ("y"), its arguments ("a") or a toolbench call
// command line that repeats it ("c") on the clipboard with OSC 52, which
// works over SSH and in tmux.
func (m *Model) copy(what string) tea.Cmd {
	t := m.detail.tool
	tr := m.calls.results[t.Name]
	if tr == nil {
		m.status.set(m.now(), levelInfo, "nothing to copy yet: call the tool first")
		return nil
	}
	var text, label string
	switch what {
	case "y":
		if tr.result == nil {
			m.status.set(m.now(), levelInfo, "the call failed; there is no result to copy")
			return nil
		}
		text, label = string(tr.result.Raw), "result"
	case "a":
		text, label = string(tr.args), "arguments"
	case "c":
		text, label = callCommand(t.Name, tr.args, m.target), "command line"
	}
	m.status.set(m.now(), levelOK, "copied the "+label+" to the clipboard")
	return tea.SetClipboard(text)
}

// callCommand is the `toolbench call` that repeats a call from a shell.
func callCommand(tool string, args []byte, target string) string {
	return "toolbench call " + shellQuote(tool) + " --args " + shellQuote(string(args)) + " " + target
}

// shellQuote quotes s for POSIX shells when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '-' || r == '_' || r == '.' || r == '/' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
