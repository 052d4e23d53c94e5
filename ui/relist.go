package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// relistDelay is how long a burst of notifications/tools/list_changed
// settles before the tools are listed again: a server that registers six
// tools at start-up sends six notifications, which are one change.
const relistDelay = 50 * time.Millisecond

// relistMsg lists the tools again once a burst of changes has settled.
type relistMsg struct{ gen int }

// toolsChanged takes a list_changed: the tools are listed once when the
// burst settles, and once more after a tools/list already on its way,
// which may have been answered before the change.
func (m *Model) toolsChanged() tea.Cmd {
	m.setStatus(levelInfo, "the server changed its tools; reloading")
	if m.conn.listDue {
		return nil
	}
	m.conn.listDue = true
	return m.timer(relistDelay, relistMsg{gen: m.conn.gen})
}

func (m *Model) handleRelist(msg relistMsg) tea.Cmd {
	m.conn.listDue = false
	if msg.gen != m.conn.gen {
		return nil
	}
	if m.conn.listing {
		m.conn.relist = true
		return nil
	}
	return m.loadTools()
}

// relistIfChanged lists the tools again when they changed while the last
// tools/list was on its way.
func (m *Model) relistIfChanged() tea.Cmd {
	if !m.conn.relist {
		return nil
	}
	m.conn.relist = false
	return m.loadTools()
}
