package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/screens/log"
)

// The protocol log's glue: the root feeds m.log (a log.Store) from the
// session's events and its own notes whether or not the log shows; the
// log screen (ui/screens/log) shows it.

// logScreen is the log screen, made at the start so it is told the
// body's size before it first shows.
func (m *Model) logScreen() *log.Screen {
	return m.screens.get(log.ID).(*log.Screen)
}

// layoutLog brings the log screen up to date with the store while it
// shows, so View draws what the store holds.
func (m *Model) layoutLog() tea.Cmd {
	if top := m.stack.Top(); top != nil && top.ID() == log.ID {
		return m.logScreen().Refresh()
	}
	return nil
}
