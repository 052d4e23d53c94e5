// Package savetest is the modal that saves the call shown on a tool's
// Result tab as a test of a collection, expecting what its result shows
// now: the test's name, the collection's path, and the checks to keep.
package savetest

import (
	"encoding/json"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/collection"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// ID names the screen.
const ID screen.ID = "savetest"

// Store is what the modal needs of the workbench's memory.
type Store interface {
	// SaveTest appends t to the collection file at path, creating it when
	// missing; snap, when not nil, is stored as the test's snapshot. It
	// does IO: the modal calls it from a command.
	SaveTest(path string, t collection.Test, snap []byte) error
	// DefaultCollection is the collection path offered; it does no IO.
	DefaultCollection() string
}

// Call is the call the modal saves: the tool, the arguments sent, the
// result and its outputSchema verdict, and what the person answered the
// server with during it (kept as the test's elicit and sample; Withheld
// names the secret fields of a form answer that was not kept).
type Call struct {
	Tool           string
	Args           json.RawMessage
	Result         *client.CallResult
	Verdict        check.OutputVerdict
	Elicit, Sample json.RawMessage
	Withheld       []string
}

// Keys are the modal's keys: tab moves between the name, the path and
// the checks; space ticks a check.
type Keys struct {
	Next, Prev, Toggle, Save, Cancel key.Binding
}

// Screen is the save-as-test modal.
type Screen struct {
	st    *theme.Styles
	store func() Store
	keys  Keys

	call Call
	name textinput.Model
	path textinput.Model
	// focus is 0 for the name, 1 for the path, 2+ for the checks.
	focus int
	// checks are offered with the values they will expect; snap is what
	// the snapshot check stores.
	checks []testCheck
	snap   []byte
	// err says why the last save failed; the modal stays.
	err string
	// saved counts the tests saved per tool, for the next one's name.
	saved map[string]int
	busy  int
}

var (
	_ screen.Screen = (*Screen)(nil)
	_ screen.Typer  = (*Screen)(nil)
)

// savedMsg ends a save.
type savedMsg struct {
	name, path string
	err        error
}

// New returns the modal; store is the memory, or nil when the workbench
// remembers nothing.
func New(st *theme.Styles, store func() Store) *Screen {
	s := &Screen{st: st, store: store, saved: map[string]int{}, name: textinput.New(), path: textinput.New()}
	s.name.Prompt, s.path.Prompt = "name:       ", "collection: "
	s.keys = Keys{
		Next:   key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab/↓", "next field or check")),
		Prev:   key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab/↑", "previous field or check")),
		Toggle: key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "keep the check, or leave it out")),
		Save:   key.NewBinding(key.WithKeys("enter", "ctrl+s"), key.WithHelp("enter/ctrl+s", "save the test into the collection")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "do not save")),
	}
	return s
}

// Open fills the modal for c, its result not nil, naming the test after
// the tool and the tests saved of it before; the command focuses the
// name.
func (s *Screen) Open(c Call) tea.Cmd {
	s.call, s.err = c, ""
	s.saved[c.Tool]++
	s.name.SetValue(c.Tool + "-" + strconv.Itoa(s.saved[c.Tool]))
	if st := s.current(); st != nil {
		s.path.SetValue(st.DefaultCollection())
	}
	s.checks, s.snap = resultChecks(c.Result, c.Verdict)
	return s.focusOn(0)
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title names the screen.
func (s *Screen) Title() string { return "Save as test" }

// Typing reports that the modal types: its name and path are text.
func (s *Screen) Typing() bool { return true }

// Busy reports whether a save is on its way.
func (s *Screen) Busy() bool { return s.busy > 0 }

// current is the store, or nil.
func (s *Screen) current() Store {
	if s.store == nil {
		return nil
	}
	return s.store()
}

// Update takes every key (a modal), the mouse, and the save's answer.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	switch msg := msg.(type) {
	case savedMsg:
		s.busy--
		return s.handleSaved(msg)
	case tea.WindowSizeMsg:
		// The rows are cut to the width as they are drawn.
		return screen.Done(nil)
	case tea.MouseClickMsg:
		return screen.Done(s.click(msg.Y))
	case tea.MouseWheelMsg:
		fields := 2 + len(s.checks)
		switch msg.Button {
		case tea.MouseWheelDown:
			return screen.Done(s.focusOn(min(fields-1, s.focus+1)))
		case tea.MouseWheelUp:
			return screen.Done(s.focusOn(max(0, s.focus-1)))
		}
		return screen.Done(nil)
	case tea.KeyPressMsg:
		return s.key(msg)
	}
	return screen.Unhandled()
}

// firstCheckRow is the row of the first check: under the heading, the
// note, the name, the path and a blank row.
const firstCheckRow = 5

// click focuses the field or check on row y; a click on the check that
// has the focus ticks it.
func (s *Screen) click(y int) tea.Cmd {
	switch i := y - firstCheckRow; {
	case y == 2 || y == 3:
		return s.focusOn(y - 2)
	case i >= 0 && i < len(s.checks):
		if s.focus == i+2 {
			s.checks[i].on = !s.checks[i].on
			return nil
		}
		return s.focusOn(i + 2)
	}
	return nil
}

func (s *Screen) key(msg tea.KeyPressMsg) screen.Result {
	k := s.keys
	fields := 2 + len(s.checks)
	switch {
	case key.Matches(msg, k.Cancel):
		return screen.Done(nil, screen.Pop{})
	case key.Matches(msg, k.Save):
		return s.save()
	case key.Matches(msg, k.Next):
		return screen.Done(s.focusOn((s.focus + 1) % fields))
	case key.Matches(msg, k.Prev):
		return screen.Done(s.focusOn((s.focus + fields - 1) % fields))
	case s.focus >= 2 && key.Matches(msg, k.Toggle):
		s.checks[s.focus-2].on = !s.checks[s.focus-2].on
		return screen.Done(nil)
	}
	var cmd tea.Cmd
	switch s.focus {
	case 0:
		s.name, cmd = s.name.Update(msg)
	case 1:
		s.path, cmd = s.path.Update(msg)
	}
	return screen.Done(cmd)
}

// focusOn moves the modal's focus to field i.
func (s *Screen) focusOn(i int) tea.Cmd {
	s.focus = i
	s.name.Blur()
	s.path.Blur()
	switch i {
	case 0:
		return s.name.Focus()
	case 1:
		return s.path.Focus()
	}
	return nil
}

// save saves the test in a command, refusing an empty name or path in
// the modal.
func (s *Screen) save() screen.Result {
	t, snap := s.test()
	path := strings.TrimSpace(s.path.Value())
	switch {
	case t.Name == "":
		s.err = "the test needs a name"
		return screen.Done(nil)
	case path == "":
		s.err = "the test needs a collection file to go into"
		return screen.Done(nil)
	}
	store := s.current()
	if store == nil {
		return screen.Done(nil)
	}
	s.busy++
	return screen.Done(func() tea.Msg {
		return savedMsg{name: t.Name, path: path, err: store.SaveTest(path, t, snap)}
	})
}

func (s *Screen) handleSaved(msg savedMsg) screen.Result {
	if msg.err != nil {
		s.err = "not saved: " + msg.err.Error()
		return screen.Done(nil)
	}
	return screen.Done(nil, screen.Pop{}, screen.Status{Level: render.LevelOK,
		Text: "saved test " + termsafe.Line(msg.name) + " in " + termsafe.Line(msg.path) + "; toolbench test runs it"})
}

// Keys lists the modal's keys.
func (s *Screen) Keys() []screen.Group {
	k := s.keys
	return []screen.Group{{Title: "Saving a call as a test", Bindings: []key.Binding{k.Next, k.Prev, k.Toggle, k.Save, k.Cancel}}}
}

// Hints are the modal's keys, saving first.
func (s *Screen) Hints() [][2]string {
	k := s.keys
	return [][2]string{screen.Hint(k.Save, "save"), screen.Hint(k.Next, "next field"), screen.Hint(k.Toggle, "tick"),
		screen.Hint(k.Cancel, "cancel")}
}
