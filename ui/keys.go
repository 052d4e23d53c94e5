package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	hostsscreen "github.com/toolbench/toolbench/ui/screens/hosts"
	"github.com/toolbench/toolbench/ui/screens/log"
	"github.com/toolbench/toolbench/ui/screens/loglevel"
	"github.com/toolbench/toolbench/ui/screens/roots"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// handleKey routes a key: first the keys that work everywhere, then the
// help, the log screen, or the focused pane.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	g := m.keys.Global
	switch {
	case m.quitting:
		return m.quitKey(msg)
	case m.tooSmall():
		return m.smallKey(msg)
	case key.Matches(msg, g.Quit):
		return m.requestQuit()
	case key.Matches(msg, g.Palette):
		return m.openPalette()
	case m.overlay() != nil:
		// The palette and the help take every key: they open over the
		// server's questions, which must not see keys meant for them.
		return m.apply(m.overlay().Update(msg))
	case m.helpOpens(msg):
		return m.openHelp()
	}
	if m.asks.waiting != nil && !m.asks.open() {
		if cmd, ok := m.waitingKey(msg); ok {
			return cmd
		}
	}
	if cmd, ok := m.stackKey(msg); ok {
		return cmd
	}
	if cmd, ok := m.openKey(msg); ok {
		return cmd
	}
	if cmd, ok := m.globalKey(msg); ok {
		return cmd
	}
	if cmd, ok := m.memoryKey(msg); ok {
		return cmd
	}
	// After the screens over the panes: their esc closes them first.
	if _, _, running := m.tools.Running(); running && key.Matches(msg, g.Cancel) {
		return m.toTools(tools.Cancel{})
	}
	return m.toTools(msg)
}

// forwardToFocus passes other messages (paste, blink) to what has focus:
// the question on screen, else the tools screen's form or filter.
func (m *Model) forwardToFocus(msg tea.Msg) tea.Cmd {
	if _, paste := msg.(tea.PasteMsg); paste && m.tooSmall() {
		// What has focus is hidden behind the notice (smallKey).
		return nil
	}
	if md := m.asks.modal; md != nil {
		return m.apply(md.Update(msg))
	}
	return m.toTools(tools.Forward{Msg: msg})
}

// keyHints are the keys that matter right now, from the key map.
func (m *Model) keyHints() [][2]string {
	g := m.keys.Global
	switch {
	case m.quitting:
		return m.quitHints()
	case m.overlay() != nil:
		return m.stackHints()
	case m.asks.modal != nil:
		return m.stackHints()
	case m.asks.waiting != nil:
		return [][2]string{hint(m.keys.Ask.Dismiss, "stop waiting"), hint(m.keys.Ask.CancelCall, "cancel the call")}
	case m.stack.Len() > 0:
		return m.stackHints()
	}
	if _, _, running := m.tools.Running(); running {
		return [][2]string{hint(g.Cancel, "cancel call"), hint(g.Quit, "quit")}
	}
	if m.conn.phase == phaseError || m.conn.phase == phaseLost {
		return [][2]string{hint(g.Reconnect, "reconnect"), hint(g.Log, "log"), hint(g.Quit, "quit")}
	}
	return m.withMemoryHints(m.tools.Hints())
}

// globalKey acts on the keys that work on every screen but the help and
// the modals: reconnecting, and showing or hiding the screens.
func (m *Model) globalKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	g := m.keys.Global
	switch {
	case key.Matches(msg, g.Reconnect):
		return m.reconnect(), true
	case key.Matches(msg, g.Log):
		return m.openScreen(log.ID), true
	case key.Matches(msg, g.Roots):
		return m.openScreen(roots.ID), true
	case key.Matches(msg, g.LogLevel):
		return m.openScreen(loglevel.ID), true
	case key.Matches(msg, g.Auth):
		return m.toggleAuth(), true
	case key.Matches(msg, g.Tasks):
		return m.openTasks(), true
	case key.Matches(msg, g.Resources):
		return m.toggleResources(), true
	case key.Matches(msg, g.Prompts):
		return m.togglePrompts(), true
	case key.Matches(msg, g.Hosts):
		return m.openScreen(hostsscreen.ID), true
	}
	return nil, false
}
