package ui

import (
	"strings"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
)

// render draws the screen: header, panes (or the log, or the help),
// status line. It reads the model and changes nothing.
func (m *Model) render() string {
	if m.tooSmall() {
		return m.smallScreen()
	}
	body := m.bodyHeight()
	var middle []string
	switch {
	case m.overlay() != nil:
		middle = m.stackView(body)
	case m.asks.modal != nil:
		middle = m.stackView(body)
	case m.asks.waiting != nil:
		middle = m.waitingLines()
	case m.stack.Len() > 0:
		middle = m.stackView(body)
	default:
		middle = m.tools.View(m.width, body)
	}
	lines := m.withBanner(append([]string{m.header()}, render.Fit(middle, body)...))
	lines = append(lines, m.statusLine())
	return strings.Join(lines, "\n")
}

// connection is the header's account of the connection.
func (m *Model) connection() render.Connection {
	info := m.conn.info
	auth, authLevel := m.authHeader()
	return render.Connection{Server: info.Name, Version: info.Version, Target: m.target,
		Transport: string(m.conn.tport), Protocol: info.ProtocolVersion, Era: info.Era,
		Phase: m.conn.phase.String(), Level: m.conn.phase.level(), Auth: auth, AuthLevel: authLevel}
}

// statusLine shows the running call, or the last message, and key hints.
func (m *Model) statusLine() string {
	if m.quitting {
		// The question takes every key, ? included: its pin is the answer
		// that keeps the workbench open.
		h := m.quitHints()
		return render.StatusLine(m.st, m.quitQuestion(), h[:1], h[1], m.width)
	}
	s := render.Status{Running: m.progress(), Text: m.status.text, Level: m.status.level, Repeats: m.status.repeats}
	switch top := m.stack.Top(); {
	case m.overlay() != nil:
	case top != nil:
		if q, ok := top.(screen.Question); ok {
			s.Answers = q.Answers()
		}
	}
	return render.StatusLine(m.st, s, m.keyHints(), m.helpHint(), m.width)
}

// progress is the running call for the status line, or nil.
func (m *Model) progress() *render.Progress { return m.tools.Progress(m.cancelKey()) }
