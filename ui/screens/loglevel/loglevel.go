// Package loglevel is the picker of the server's log level
// (logging/setLevel): the syslog levels, the one in effect marked.
package loglevel

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// ID names the screen.
const ID screen.ID = "loglevel"

// Session is what the picker needs of the live session.
type Session interface {
	// SetLogLevel asks the server for log messages at level and above.
	SetLogLevel(ctx context.Context, level string) error
}

// Deps are what the picker is given.
type Deps struct {
	// Styles draw it.
	Styles *theme.Styles
	// Session is the live session and its generation, or nil when none is
	// ready.
	Session func() (Session, int)
	// Current is the level in effect at the start (--log-level).
	Current string
}

// Keys are the picker's keys.
type Keys struct {
	widget.Nav
	// Pick asks the server for the selected level; Back closes the picker.
	Pick, Back key.Binding
}

// Screen is the log level picker.
type Screen struct {
	st      *theme.Styles
	session func() (Session, int)
	keys    Keys
	levels  []string
	list    widget.List
	current string
	// setting is set while a level is on its way to the server.
	setting bool
}

var _ screen.Screen = (*Screen)(nil)

// setMsg is the server's answer to a level.
type setMsg struct {
	gen   int
	level string
	err   error
}

// New returns the picker.
func New(d Deps) *Screen {
	s := &Screen{st: d.Styles, session: d.Session, levels: client.LogLevels(), current: d.Current,
		list: widget.NewList("level", "")}
	s.keys = Keys{Nav: widget.NewNav("level"),
		Pick: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "ask the server for this level and above")),
		Back: key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc/q", "back")),
	}
	s.list.Keys.Nav = s.keys.Nav
	// Seven levels need no filter.
	s.list.Keys.Filter.SetEnabled(false)
	s.list.Set(s.levels, func(i int) bool { return s.levels[i] == s.current })
	return s
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title names the screen.
func (s *Screen) Title() string { return "Log level" }

// Current is the level in effect, "" when none was set.
func (s *Screen) Current() string { return s.current }

// Setting reports whether a level is on its way to the server.
func (s *Screen) Setting() bool { return s.setting }

// Forget says the level in effect was lost (a new session did not take
// it again).
func (s *Screen) Forget() { s.current = "" }

// Update takes the picker's keys and the server's answers.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	switch msg := msg.(type) {
	case setMsg:
		return s.handleSet(msg)
	case tea.WindowSizeMsg:
		s.list.Resize(msg.Width, msg.Height-1)
		return screen.Done(nil)
	case tea.MouseClickMsg:
		if i, ok := s.list.Click(msg.Y - 1); ok {
			return s.pick(s.levels[i])
		}
		return screen.Done(nil)
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, s.keys.Pick):
			if i := s.list.Selected(); i >= 0 {
				return s.pick(s.levels[i])
			}
			return screen.Done(nil)
		case key.Matches(msg, s.keys.Back):
			return screen.Done(nil, screen.Pop{})
		}
	}
	if ok, cmd := s.list.Update(msg); ok {
		return screen.Done(cmd)
	}
	return screen.Unhandled()
}

// pick closes the picker and asks the server for level.
func (s *Screen) pick(level string) screen.Result {
	sess, gen := s.session()
	if sess == nil {
		return screen.Done(nil, screen.Pop{}, screen.NotConnected{Then: "pick the level again once connected"})
	}
	s.setting = true
	cmd := func() tea.Msg {
		return setMsg{gen: gen, level: level, err: sess.SetLogLevel(context.Background(), level)}
	}
	return screen.Done(cmd, screen.Pop{},
		screen.Status{Level: render.LevelInfo, Text: "asking the server for " + level + " and above…"})
}

func (s *Screen) handleSet(msg setMsg) screen.Result {
	s.setting = false
	if _, gen := s.session(); msg.gen != gen {
		return screen.Done(nil)
	}
	if msg.err != nil {
		return screen.Done(nil, screen.Status{Level: render.LevelError, Text: "set the log level: " + msg.err.Error()})
	}
	s.current = msg.level
	return screen.Done(nil, screen.Status{Level: render.LevelOK,
		Text: "log level " + msg.level + ": the server sends messages at this level and above"})
}

// View draws the levels.
func (s *Screen) View(width, height int) []string {
	return render.LevelPicker(s.st, render.LevelView{Levels: s.levels, Cursor: s.list.Selected(), Current: s.current}, width)
}

// Keys lists the picker's keys.
func (s *Screen) Keys() []screen.Group {
	k := s.keys
	return []screen.Group{{Title: "Log level", Bindings: append(k.Bindings(), k.Pick, k.Back)}}
}

// Hints are the picker's keys that matter.
func (s *Screen) Hints() [][2]string {
	k := s.keys
	return [][2]string{screen.HintPair(k.Up, k.Down, "select"), screen.Hint(k.Pick, "set"), screen.Hint(k.Back, "back")}
}
