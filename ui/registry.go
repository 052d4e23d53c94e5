package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/screen"
	authscreen "github.com/toolbench/toolbench/ui/screens/auth"
	"github.com/toolbench/toolbench/ui/screens/changes"
	historyscreen "github.com/toolbench/toolbench/ui/screens/history"
	hostsscreen "github.com/toolbench/toolbench/ui/screens/hosts"
	"github.com/toolbench/toolbench/ui/screens/log"
	"github.com/toolbench/toolbench/ui/screens/loglevel"
	"github.com/toolbench/toolbench/ui/screens/presets"
	"github.com/toolbench/toolbench/ui/screens/prompts"
	"github.com/toolbench/toolbench/ui/screens/resources"
	"github.com/toolbench/toolbench/ui/screens/roots"
	"github.com/toolbench/toolbench/ui/screens/savetest"
	taskscreen "github.com/toolbench/toolbench/ui/screens/tasks"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// registration is a screen the workbench can open: its id, its name, the
// keys that open it from anywhere (an alt chord, and a capital letter
// where no text is typed, for terminals that send alt+letter as a
// character), and how it is made the first time it is opened.
type registration struct {
	id    screen.ID
	title string
	keys  []key.Binding
	make  func() screen.Screen
}

// screenSet is the registered screens and those made so far; a screen
// is made once and keeps its state while closed.
type screenSet struct {
	regs  []registration
	made  map[screen.ID]screen.Screen
	order []screen.ID
	// sized tells a screen just made the body's size, which it would
	// otherwise learn only at the next resize.
	sized func(screen.Screen)
}

// get returns screen id, made now if it was not yet; nil when id is not
// registered.
func (s *screenSet) get(id screen.ID) screen.Screen {
	if sc, ok := s.made[id]; ok {
		return sc
	}
	for _, r := range s.regs {
		if r.id == id {
			sc := r.make()
			s.made[id] = sc
			s.order = append(s.order, id)
			if s.sized != nil {
				s.sized(sc)
			}
			return sc
		}
	}
	return nil
}

// register lists the workbench's screens. Adding a screen is one line
// here and its package under ui/screens/.
func (m *Model) register(opts Options) {
	g := m.keys.Global
	m.screens = screenSet{made: map[screen.ID]screen.Screen{}, sized: func(sc screen.Screen) {
		m.apply(sc.Update(tea.WindowSizeMsg{Width: m.width, Height: m.bodyHeight()}))
	}}
	m.screens.regs = []registration{
		{tools.ID, "Tools", nil, m.newTools},
		{loglevel.ID, "Log level", []key.Binding{g.LogLevel, g.Open.LogLevel}, func() screen.Screen {
			return loglevel.New(loglevel.Deps{Styles: m.st, Session: m.levelSession, Current: opts.LogLevel})
		}},
		{historyscreen.ID, "History", []key.Binding{m.keys.Mem.Memory.History, g.Open.History}, m.newHistory},
		{changes.ID, "Changes since last time", []key.Binding{m.keys.Mem.Memory.Diff, g.Open.Changes}, m.newChanges},
		{presets.ID, "Presets", []key.Binding{m.keys.Mem.Memory.SavePreset, m.keys.Mem.Memory.Presets}, m.newPresets},
		{savetest.ID, "Save as test", []key.Binding{m.keys.Mem.Memory.SaveTest}, m.newSaveTest},
		{log.ID, "Log", []key.Binding{g.Log, g.Open.Log}, func() screen.Screen {
			return log.New(log.Deps{Styles: m.st, Store: m.log})
		}},
		{taskscreen.ID, "Tasks", []key.Binding{g.Tasks, g.Open.Tasks}, m.newTasksScreen},
		{roots.ID, "Roots", []key.Binding{g.Roots, g.Open.Roots}, func() screen.Screen { return m.newRoots() }},
		{authscreen.ID, "Authorization", []key.Binding{g.Auth, g.Open.Auth}, func() screen.Screen { return m.newAuth(opts.Auth) }},
		{resources.ID, "Resources", []key.Binding{g.Resources, g.Open.Resources}, m.makeResources},
		{prompts.ID, "Prompts", []key.Binding{g.Prompts, g.Open.Prompts}, m.makePrompts},
		{hostsscreen.ID, "Hosts", []key.Binding{g.Hosts, g.Open.Hosts}, m.newHostsScreen},
	}
}

// levelSession is the live session as the log level picker needs it.
func (m *Model) levelSession() (loglevel.Session, int) {
	if s := m.liveSession(); s != nil {
		return s, m.conn.gen
	}
	return nil, m.conn.gen
}

// liveSession is the session when it is ready, else nil.
func (m *Model) liveSession() Session {
	if m.conn.sess != nil && m.conn.phase == phaseReady {
		return m.conn.sess
	}
	return nil
}

// logLevel is the picker, made at the start because a reconnect asks a
// new session for the level in effect.
func (m *Model) logLevel() *loglevel.Screen {
	return m.screens.get(loglevel.ID).(*loglevel.Screen)
}
