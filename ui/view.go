package ui

import (
	"strings"

	"github.com/toolbench/toolbench/ui/render"
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
	case m.help:
		middle = render.Help(m.st, m.helpShown(), m.width, body)
	case m.asks.modal != nil:
		middle = m.asks.modal.view()
	case m.asks.waiting != nil:
		middle = m.waitingLines()
	case m.memoryModalLines() != nil:
		middle = m.memoryModalLines()
	case m.showRoots:
		middle = render.RootsScreen(m.st, m.rootsShown(), m.width)
	case m.stack.Len() > 0:
		middle = m.stackView(body)
	case m.auth.shown:
		middle = render.AuthScreen(m.st, m.authShown(), m.width, body)
	case m.tasks.screen.shown:
		middle = render.TasksScreen(m.st, m.tasksShown(), m.width, body)
	case m.memoryScreenShown():
		middle = m.memoryScreenLines(body)
	case m.showLog:
		middle = m.logLines(body)
	default:
		middle = m.panes(body)
	}
	lines := m.withBanner(append([]string{m.header()}, render.Fit(middle, body)...))
	lines = append(lines, m.statusLine())
	return strings.Join(lines, "\n")
}

// panes joins the tool list and the detail pane with a rule between.
func (m *Model) panes(height int) []string {
	lw, dw := m.listWidth(), m.detailWidth()
	left := render.Fit(m.list.view(m.st, lw, height, m.focus == focusList), height)
	right := render.Fit(m.detailView(dw, height), height)
	sep := m.st.Border.Render("│")
	out := make([]string, height)
	for i := range out {
		// The detail pane's rows are cut here too: a report quoting the
		// server's stderr or a banner with padding must not wrap the terminal.
		out[i] = render.Pad(left[i], lw) + sep + render.Clip(right[i], dw)
	}
	return out
}

func (m *Model) header() string {
	info := m.conn.info
	auth, authLevel := m.authHeader()
	return render.Header(m.st, render.Connection{Server: info.Name, Version: info.Version, Target: m.target,
		Transport: string(m.conn.tport), Protocol: info.ProtocolVersion, Era: info.Era,
		Phase: m.conn.phase.String(), Level: m.conn.phase.level(), Auth: auth, AuthLevel: authLevel}, m.width)
}

// statusLine shows the running call, or the last message, and key hints.
func (m *Model) statusLine() string {
	if m.quitting {
		// The question takes every key, ? included: its pin is the answer
		// that keeps the workbench open.
		h := m.quitHints()
		return render.StatusLine(m.st, m.quitQuestion(), h[:1], h[1], m.width)
	}
	return render.StatusLine(m.st, render.Status{Running: m.progress(), Text: m.status.text, Level: m.status.level},
		m.keyHints(), m.helpHint(), m.width)
}

// progress is the running call for the status line, or nil.
func (m *Model) progress() *render.Progress {
	r := m.calls.running
	if r == nil {
		return nil
	}
	// In a question's modal esc belongs to the modal; the call is
	// cancelled with its own key there.
	cancel := m.keys.Global.Cancel
	if m.asks.open() || m.asks.waiting != nil {
		cancel = m.keys.Ask.CancelCall
	}
	return &render.Progress{Tool: r.tool, Elapsed: m.now().Sub(r.start), Done: r.progress, Total: r.total, Message: r.message,
		Cancel: render.FirstKey(cancel.Help().Key)}
}

// helpShown is the help screen as scrolled.
func (m *Model) helpShown() render.HelpView {
	k := m.keys.Help
	note := render.KeyPair(k.Up.Help().Key, k.Down.Help().Key) + " " + hintEither(k.PageUp, k.PageDown, "")[0] +
		" scroll · " + render.FirstKey(k.Close.Help().Key) + " closes"
	return render.HelpView{Sections: m.helpFor, Note: note, Offset: m.helpOffset}
}

// logLines is the log screen: the opened entry, or the list.
func (m *Model) logLines(height int) []string {
	l := &m.log
	if l.detail.open {
		return render.FrameDetailScreen(m.st, l.detailShown(), m.width, height)
	}
	rows, cursor := l.window(height - 1)
	return render.LogScreen(m.st, render.LogView{Summary: l.summary(), Show: l.show.String(), Filter: l.filter,
		Editing: l.editing, Matches: len(l.shown), Rows: rows, Cursor: cursor}, m.width, height)
}
