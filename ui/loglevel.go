package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
)

// logLevels are the syslog levels MCP log messages use, least severe
// first.
var logLevels = client.LogLevels()

// levelPicker is the log level picker's state.
type levelPicker struct {
	cursor  int
	current string
	// setting is set while a level is on its way to the server.
	setting bool
}

// logLevelSetMsg is the outcome of asking the server for a log level.
type logLevelSetMsg struct {
	gen   int
	level string
	err   error
}

// levelKey takes a key in the log level picker.
func (m *Model) levelKey(msg tea.KeyPressMsg) tea.Cmd {
	k, p := m.keys.Level, &m.level
	switch {
	case key.Matches(msg, k.Up):
		p.cursor = max(0, p.cursor-1)
	case key.Matches(msg, k.Down):
		p.cursor = min(len(logLevels)-1, p.cursor+1)
	case key.Matches(msg, k.Pick):
		m.showLevel = false
		return m.setLogLevel(logLevels[p.cursor])
	case key.Matches(msg, k.Back):
		m.showLevel = false
	}
	return nil
}

// setLogLevel asks the server for messages at level and above.
func (m *Model) setLogLevel(level string) tea.Cmd {
	sess, gen := m.readySession("pick the level again once connected"), m.conn.gen
	if sess == nil {
		return nil
	}
	m.setStatus(levelInfo, "asking the server for "+level+" and above…")
	m.level.setting = true
	return func() tea.Msg {
		return logLevelSetMsg{gen: gen, level: level, err: sess.SetLogLevel(background, level)}
	}
}

func (m *Model) handleLogLevelSet(msg logLevelSetMsg) tea.Cmd {
	m.level.setting = false
	if msg.gen != m.conn.gen {
		return nil
	}
	if msg.err != nil {
		m.setStatus(levelError, "set the log level: "+msg.err.Error())
		return nil
	}
	m.level.current = msg.level
	m.setStatus(levelOK, "log level "+msg.level+": the server sends messages at this level and above")
	return nil
}

// openLevelPicker shows the picker with the level in effect selected.
func (m *Model) openLevelPicker() {
	m.showLevel = true
	for i, l := range logLevels {
		if l == m.level.current {
			m.level.cursor = i
		}
	}
}

// levelShown is the picker as it stands.
func (m *Model) levelShown() render.LevelView {
	return render.LevelView{Levels: logLevels, Cursor: m.level.cursor, Current: m.level.current}
}

// levelHints are the picker's keys.
func (m *Model) levelHints() [][2]string {
	k := m.keys.Level
	return [][2]string{hintPair(k.Up, k.Down, "select"), hint(k.Pick, "set"), hint(k.Back, "back")}
}
