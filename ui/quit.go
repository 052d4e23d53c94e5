package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
)

// quitKeys answer the question quitting asks while a call runs; any other
// key stays.
type quitKeys struct {
	Yes key.Binding
}

// titleQuitting titles the help section of quitKeys, the only one the
// help and the palette show while the question is asked.
const titleQuitting = "Quitting while a call runs (any other key stays)"

func newQuitKeys() quitKeys {
	return quitKeys{Yes: bind([]string{"y", "Y"}, "y/Y", "quit while a call runs: the call is cancelled (the server is told)")}
}

// requestQuit quits, or, while a call runs, asks first: a stray q or
// ctrl+c must not throw away a call that takes minutes.
func (m *Model) requestQuit() tea.Cmd {
	if _, _, running := m.tools.Running(); !running {
		return m.quit()
	}
	m.quitting = true
	return nil
}

// quitKey answers the question: Yes quits, cancelling the call; every
// other key only closes the question, so nothing else acts on it.
func (m *Model) quitKey(msg tea.KeyPressMsg) tea.Cmd {
	m.quitting = false
	if key.Matches(msg, m.keys.Quit.Yes) {
		return m.quit()
	}
	m.setStatus(levelInfo, "not quitting")
	return nil
}

// quitQuestion is the status line's question while it is asked.
func (m *Model) quitQuestion() render.Status {
	text := "quit?"
	if tool, _, running := m.tools.Running(); running {
		text = "quit? the call to " + tool + " is still running and would be cancelled"
	}
	return render.Status{Text: text, Level: render.LevelWarn, Answers: 1}
}

// quitHints are the question's keys: the first is the answer the status
// line keeps, the second its pin.
func (m *Model) quitHints() [][2]string {
	return [][2]string{hint(m.keys.Quit.Yes, "quit"), {"any other key", "stay"}}
}
