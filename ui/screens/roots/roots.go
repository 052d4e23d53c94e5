// Package roots is the screen of the directories the server may use
// (roots/list): it lists them with their file: URIs, adds a directory
// once it is checked, removes one, and tells the server after each
// change. The list itself is the root model's (a Store): the client
// answers roots/list from it on its own goroutine, screen shown or not.
package roots

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"charm.land/bubbles/v2/cursor"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// ID names the screen.
const ID screen.ID = "roots"

// Store is the directories the server is told of. The client reads it
// from its own goroutine to answer roots/list, so it is safe for
// concurrent use.
type Store interface {
	// List returns the directories, in order, as a copy the caller may
	// keep.
	List() []string
	// Add appends dir unless it is there already, and reports whether it
	// was added.
	Add(dir string) bool
	// Remove drops the i-th directory; an i out of range does nothing.
	Remove(i int)
}

// Session is what the screen needs of the live session.
type Session interface {
	// RootsChanged tells the server that the roots changed, so it asks
	// for them again (nothing to send on 2026-07-28, where every request
	// carries them).
	RootsChanged(ctx context.Context) error
}

// Deps are what the screen is given.
type Deps struct {
	// Styles draw it.
	Styles *theme.Styles
	// Store holds the roots; the screen is the only one to change it.
	Store Store
	// Session is the live session and its generation, or nil when none is
	// ready: a change made meanwhile reaches the server with the next
	// session's first roots/list.
	Session func() (Session, int)
}

// Keys are the screen's keys.
type Keys struct {
	widget.Nav
	// Add starts typing a directory; Remove drops the selected root; Back
	// closes the screen.
	Add, Remove, Back key.Binding
	// Done checks and adds the directory typed; Cancel stops typing it.
	Done, Cancel key.Binding
}

// Screen is the roots screen.
type Screen struct {
	st      *theme.Styles
	store   Store
	session func() (Session, int)
	keys    Keys
	list    widget.List
	// dirs and uris are the store's roots as last read (reload), at the
	// start of every message: the screen may be made before the store
	// is filled.
	dirs, uris []string
	adding     bool
	input      textinput.Model
	// checking is set while a directory to add is checked; notifying
	// counts the RootsChanged on their way.
	checking  bool
	notifying int
}

var _ screen.Screen = (*Screen)(nil)
var _ screen.Typer = (*Screen)(nil)

// checkedMsg is the outcome of checking a directory to add.
type checkedMsg struct {
	dir string
	err error
}

// notifiedMsg is the outcome of telling session gen the roots changed.
type notifiedMsg struct {
	gen int
	err error
}

// prompt leads the input of a directory to add.
const prompt = "add: "

// New returns the screen, listing the store's roots.
func New(d Deps) *Screen {
	ti := textinput.New()
	ti.Prompt = prompt
	ti.Placeholder = "a directory (absolute, or relative to where toolbench started)"
	s := &Screen{st: d.Styles, store: d.Store, session: d.Session, input: ti, list: widget.NewList("root", "")}
	s.keys = Keys{Nav: widget.NewNav("root"),
		Add:    key.NewBinding(key.WithKeys("a", "+"), key.WithHelp("a/+", "add a directory")),
		Remove: key.NewBinding(key.WithKeys("d", "delete", "-"), key.WithHelp("d/delete/-", "remove the root")),
		Back:   key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc/q", "back")),
		Done:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "add the directory")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "do not add")),
	}
	s.list.Keys.Nav = s.keys.Nav
	// A handful of directories the person typed needs no filter, and `/`
	// starts most of the paths they type.
	s.list.Keys.Filter.SetEnabled(false)
	s.reload(0)
	return s
}

// reload reads the store again and selects root sel (clamped).
func (s *Screen) reload(sel int) {
	s.read(s.store.List(), sel)
}

// read lists dirs and selects root sel (clamped).
func (s *Screen) read(dirs []string, sel int) {
	s.dirs, s.uris = dirs, nil
	for _, r := range answer.RootsOf(s.dirs) {
		s.uris = append(s.uris, r.URI)
	}
	sel = max(0, min(sel, len(s.dirs)-1))
	s.list.Set(s.dirs, func(i int) bool { return i == sel })
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title names the screen.
func (s *Screen) Title() string { return "Roots" }

// Typing reports whether a directory is being typed.
func (s *Screen) Typing() bool { return s.adding }

// Busy reports a directory being checked or the server being told of a
// change: work whose answer is still to come.
func (s *Screen) Busy() bool { return s.checking || s.notifying > 0 }

// Update takes the screen's keys, the wheel and clicks, and the answers
// of its checks and notifications.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	if dirs := s.store.List(); !slices.Equal(dirs, s.dirs) {
		s.read(dirs, s.list.Selected())
	}
	switch msg := msg.(type) {
	case checkedMsg:
		return s.handleChecked(msg)
	case notifiedMsg:
		return s.handleNotified(msg)
	case tea.WindowSizeMsg:
		s.resize(msg.Width, msg.Height)
		return screen.Done(nil)
	case tea.MouseClickMsg:
		// The heading takes the body's first row, then each root two.
		if !s.adding && msg.Y >= 1 {
			s.list.Click((msg.Y - 1) / 2)
		}
		return screen.Done(nil)
	case tea.PasteMsg:
		if s.adding {
			return s.typed(msg)
		}
		return screen.Done(nil)
	case cursor.BlinkMsg:
		// Only the input's own blink asks for the next one; another
		// screen's goes on to it.
		if !s.adding {
			return screen.Unhandled()
		}
		if r := s.typed(msg); r.Cmd != nil {
			return r
		}
		return screen.Unhandled()
	case tea.KeyPressMsg:
		if s.adding {
			return s.addKey(msg)
		}
		return s.listKey(msg)
	}
	if ok, cmd := s.list.Update(msg); ok {
		return screen.Done(cmd)
	}
	return screen.Unhandled()
}

// resize fits the list and the input to the body.
func (s *Screen) resize(width, height int) {
	s.input.SetWidth(max(1, width-len(prompt)-1))
	s.list.Resize(width, (height-render.RootsChromeRows(s.st, width))/2)
}

// listKey takes a key on the list of roots.
func (s *Screen) listKey(msg tea.KeyPressMsg) screen.Result {
	k := s.keys
	switch {
	case key.Matches(msg, k.Add):
		s.adding = true
		s.input.SetValue("")
		return screen.Done(s.input.Focus())
	case key.Matches(msg, k.Remove):
		sel := s.list.Selected()
		if sel < 0 {
			return screen.Done(nil)
		}
		dir := s.dirs[sel]
		s.store.Remove(sel)
		s.reload(sel)
		return screen.Done(s.notify(), screen.Status{Level: render.LevelInfo, Text: "removed the root " + dir})
	case key.Matches(msg, k.Back):
		return screen.Done(nil, screen.Pop{})
	}
	if ok, cmd := s.list.Update(msg); ok {
		return screen.Done(cmd)
	}
	return screen.Unhandled()
}

// addKey takes a key while a directory is typed. Alt chords are no
// text: they go on to the keys that work everywhere.
func (s *Screen) addKey(msg tea.KeyPressMsg) screen.Result {
	switch {
	case key.Matches(msg, s.keys.Done):
		s.checking = true
		return screen.Done(check(s.input.Value()))
	case key.Matches(msg, s.keys.Cancel):
		s.adding = false
		s.input.Blur()
		return screen.Done(nil)
	case msg.Mod&tea.ModAlt != 0:
		return screen.Unhandled()
	}
	return s.typed(msg)
}

// typed hands msg to the input.
func (s *Screen) typed(msg tea.Msg) screen.Result {
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	return screen.Done(cmd)
}

// check makes dir absolute and checks that it is a directory, in a
// command: a stat on a network mount can take a while.
func check(dir string) tea.Cmd {
	return func() tea.Msg {
		if dir == "" {
			return checkedMsg{err: errors.New("type a directory to add")}
		}
		abs, err := answer.CheckRoot(dir)
		if err != nil {
			return checkedMsg{dir: dir, err: fmt.Errorf("cannot add the root %w", err)}
		}
		return checkedMsg{dir: abs}
	}
}

// handleChecked adds a checked directory, or says why not.
func (s *Screen) handleChecked(msg checkedMsg) screen.Result {
	s.checking = false
	if msg.err != nil {
		return screen.Done(nil, screen.Status{Level: render.LevelError, Text: msg.err.Error()})
	}
	s.adding = false
	s.input.Blur()
	if !s.store.Add(msg.dir) {
		return screen.Done(nil, screen.Status{Level: render.LevelInfo, Text: msg.dir + " is a root already"})
	}
	s.reload(len(s.dirs))
	return screen.Done(s.notify(), screen.Status{Level: render.LevelOK, Text: "added the root " + msg.dir})
}

// notify tells the server the roots changed, so it asks again.
func (s *Screen) notify() tea.Cmd {
	sess, gen := s.session()
	if sess == nil {
		return nil
	}
	s.notifying++
	return func() tea.Msg { return notifiedMsg{gen: gen, err: sess.RootsChanged(context.Background())} }
}

func (s *Screen) handleNotified(msg notifiedMsg) screen.Result {
	s.notifying--
	if _, gen := s.session(); msg.err == nil || msg.gen != gen {
		return screen.Done(nil)
	}
	return screen.Done(nil, screen.Status{Level: render.LevelError, Text: "tell the server the roots changed: " + msg.err.Error()})
}

// View draws the roots in view.
func (s *Screen) View(width, height int) []string {
	entries, row := s.list.Window()
	v := render.RootsView{Cursor: row, Adding: s.adding}
	for _, i := range entries {
		v.Roots, v.URIs = append(v.Roots, s.dirs[i]), append(v.URIs, s.uris[i])
	}
	if v.Adding {
		v.Input = s.input.View()
	}
	return render.RootsScreen(s.st, v, width)
}

// Keys lists the screen's keys, those of typing a directory first while
// one is typed.
func (s *Screen) Keys() []screen.Group {
	k := s.keys
	list := screen.Group{Title: "Roots", Bindings: append(k.Bindings(), k.Add, k.Remove, k.Back)}
	add := screen.Group{Title: "Adding a root", Bindings: []key.Binding{k.Done, k.Cancel}}
	if s.adding {
		return screen.Lead([]screen.Group{list, add}, add.Title)
	}
	return []screen.Group{list, add}
}

// Hints are the keys that matter now.
func (s *Screen) Hints() [][2]string {
	k := s.keys
	if s.adding {
		return [][2]string{screen.Hint(k.Done, "add"), screen.Hint(k.Cancel, "cancel")}
	}
	return [][2]string{screen.HintPair(k.Up, k.Down, "select"), screen.Hint(k.Add, "add"), screen.Hint(k.Remove, "remove"),
		screen.Hint(k.Back, "back")}
}
