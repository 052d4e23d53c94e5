// Package presets is the modal over a tool's form that keeps its
// arguments under a name, and the picker of the tool's presets that loads
// one back (through the root's screen.LoadArgs: the form is not this
// screen's) or deletes it after a yes.
package presets

import (
	"encoding/json"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// ID names the screen.
const ID screen.ID = "presets"

// Store is what the screen needs of the workbench's memory. Its methods
// do IO: the screen calls them from commands, never on the UI goroutine.
type Store interface {
	// Presets are the saved arguments of tool on this server, by name.
	Presets(tool string) ([]history.Preset, error)
	// SavePreset saves args as tool's preset name, replacing one of the
	// same name.
	SavePreset(tool, name string, args json.RawMessage) error
	// DeletePreset removes tool's preset name; removing one that is not
	// there is not an error.
	DeletePreset(tool, name string) error
}

// Deps are what the screen is given.
type Deps struct {
	// Styles draw it.
	Styles *theme.Styles
	// Store is the memory, or nil when the workbench remembers nothing.
	Store func() Store
	// SaveKey names the form's key that saves a preset, for the picker
	// of a tool that has none.
	SaveKey string
}

// Screen is the naming modal or the picker, whichever was opened last.
type Screen struct {
	st      *theme.Styles
	store   func() Store
	saveKey string
	keys    Keys

	tool string
	// naming is set while the name of the preset to save is typed; args
	// are the arguments it saves; err says why the last save failed, and
	// the modal stays.
	naming bool
	args   json.RawMessage
	input  textinput.Model
	err    string
	// last is the name used last per tool, offered the next time.
	last map[string]string

	// loading is set until the tool's presets arrive in presets (or
	// listErr); confirm is the name whose deletion waits for a yes.
	loading bool
	presets []history.Preset
	listErr error
	list    widget.List
	confirm string

	// busy counts the commands on their way.
	busy int
	// width and height are the body's.
	width, height int
}

var (
	_ screen.Screen = (*Screen)(nil)
	_ screen.Typer  = (*Screen)(nil)
)

// savedMsg, listedMsg and deletedMsg end the presets' IO.
type savedMsg struct {
	tool, name string
	err        error
}

type listedMsg struct {
	tool    string
	presets []history.Preset
	err     error
}

type deletedMsg struct {
	tool, name string
	err        error
}

// New returns the screen.
func New(d Deps) *Screen {
	ti := textinput.New()
	ti.Prompt = "name: "
	ti.Placeholder = "what these arguments are for"
	// Without a width the input shows one character of its placeholder.
	ti.SetWidth(history.MaxPresetName)
	s := &Screen{st: d.Styles, store: d.Store, saveKey: d.SaveKey, input: ti, last: map[string]string{},
		list: widget.NewList("preset", "part of a preset's name")}
	s.keys = newKeys(&s.list)
	s.width, s.height = 80, 20
	s.layout()
	return s
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title names the screen.
func (s *Screen) Title() string { return "Presets" }

// Typing reports whether a name or the filter is being typed.
func (s *Screen) Typing() bool { return s.naming || s.list.Filtering() }

// Busy reports whether a read, save or delete is on its way.
func (s *Screen) Busy() bool { return s.busy > 0 }

// Save starts naming a preset of tool holding args, offering the name
// used last for tool; the command focuses the name's input.
func (s *Screen) Save(tool string, args json.RawMessage) tea.Cmd {
	s.tool, s.args, s.err, s.naming = tool, args, "", true
	s.input.SetValue(s.last[tool])
	s.input.CursorEnd()
	return s.input.Focus()
}

// Browse opens the picker of tool's presets; the command reads them.
func (s *Screen) Browse(tool string) tea.Cmd {
	s.tool, s.err, s.naming = tool, "", false
	s.input.Blur()
	s.presets, s.listErr, s.confirm = nil, nil, ""
	s.list.SetFilter("")
	s.list.StopFilter()
	s.list.Set(nil, nil)
	return s.read()
}

// read reads the tool's presets in a command.
func (s *Screen) read() tea.Cmd {
	store := s.current()
	if store == nil {
		return nil
	}
	s.loading = true
	s.busy++
	tool := s.tool
	return func() tea.Msg {
		ps, err := store.Presets(tool)
		return listedMsg{tool: tool, presets: ps, err: err}
	}
}

// current is the store, or nil when there is none.
func (s *Screen) current() Store {
	if s.store == nil {
		return nil
	}
	return s.store()
}

// Update takes the modal's keys and the answers of its IO. It takes every
// key: a modal over the form leaves nothing to the keys under it.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	r := s.update(msg)
	if r.Handled {
		s.layout()
	}
	return r
}

// layout gives the list the rows under the heading and the filter,
// keeping two for the question of a deletion.
func (s *Screen) layout() { s.list.Resize(s.width, max(1, s.height-s.list.HeadRows()-2)) }

func (s *Screen) update(msg tea.Msg) screen.Result {
	switch msg := msg.(type) {
	case savedMsg:
		s.busy--
		return s.handleSaved(msg)
	case listedMsg:
		s.busy--
		s.handleListed(msg)
		return screen.Done(nil)
	case deletedMsg:
		s.busy--
		return s.handleDeleted(msg)
	case tea.WindowSizeMsg:
		s.width, s.height = msg.Width, msg.Height
		return screen.Done(nil)
	case tea.MouseClickMsg:
		return s.click(msg)
	case tea.MouseWheelMsg:
		if !s.naming {
			s.list.Update(msg)
		}
		return screen.Done(nil)
	case tea.KeyPressMsg:
		if s.naming {
			return s.nameKey(msg)
		}
		return s.pickKey(msg)
	}
	return screen.Unhandled()
}

// click selects the preset clicked; a click on the selected one loads it.
func (s *Screen) click(msg tea.MouseClickMsg) screen.Result {
	if s.naming || s.confirm != "" || s.loading || msg.Button != tea.MouseLeft {
		return screen.Done(nil)
	}
	if i, _, again := s.list.ClickAgain(msg.Y - s.list.HeadRows()); again {
		return s.load(i)
	}
	return screen.Done(nil)
}

// nameKey takes a key while a preset's name is typed.
func (s *Screen) nameKey(msg tea.KeyPressMsg) screen.Result {
	k := s.keys.Name
	switch {
	case key.Matches(msg, k.Save):
		name := strings.TrimSpace(s.input.Value())
		if name == "" {
			s.err = "type a name for the preset, or esc"
			return screen.Done(nil)
		}
		store := s.current()
		if store == nil {
			return screen.Done(nil)
		}
		s.busy++
		tool, args := s.tool, s.args
		return screen.Done(func() tea.Msg {
			return savedMsg{tool: tool, name: name, err: store.SavePreset(tool, name, args)}
		})
	case key.Matches(msg, k.Cancel):
		s.naming = false
		s.input.Blur()
		return screen.Done(nil, screen.Pop{})
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	return screen.Done(cmd)
}

// pickKey takes a key in the picker.
func (s *Screen) pickKey(msg tea.KeyPressMsg) screen.Result {
	if s.confirm != "" {
		return s.confirmKey(msg)
	}
	k := s.keys.Pick
	if !s.list.Filtering() {
		switch {
		case key.Matches(msg, k.Load):
			return s.load(s.list.Selected())
		case key.Matches(msg, k.Delete):
			if i := s.list.Selected(); i >= 0 {
				s.confirm = s.presets[i].Name
			}
			return screen.Done(nil)
		case key.Matches(msg, k.Back):
			return screen.Done(nil, screen.Pop{})
		}
	}
	_, cmd := s.list.Update(msg)
	return screen.Done(cmd)
}

// confirmKey answers "delete this preset?".
func (s *Screen) confirmKey(msg tea.KeyPressMsg) screen.Result {
	c := s.keys.Confirm
	switch {
	case key.Matches(msg, c.Yes):
		name, tool, store := s.confirm, s.tool, s.current()
		s.confirm = ""
		if store == nil {
			return screen.Done(nil)
		}
		s.busy++
		return screen.Done(func() tea.Msg {
			return deletedMsg{tool: tool, name: name, err: store.DeletePreset(tool, name)}
		})
	case key.Matches(msg, c.No):
		s.confirm = ""
	}
	return screen.Done(nil)
}

// load asks the root to put preset i's arguments into the tool's form.
func (s *Screen) load(i int) screen.Result {
	if i < 0 || i >= len(s.presets) {
		return screen.Done(nil)
	}
	p := s.presets[i]
	s.last[s.tool] = p.Name
	return screen.Done(nil, screen.LoadArgs{Tool: s.tool, Args: p.Arguments, What: "preset " + termsafe.Line(p.Name)})
}

func (s *Screen) handleSaved(msg savedMsg) screen.Result {
	if msg.err != nil {
		s.err = "not saved: " + msg.err.Error()
		return screen.Done(nil)
	}
	s.naming, s.err = false, ""
	s.input.Blur()
	s.last[msg.tool] = msg.name
	return screen.Done(nil, screen.Pop{}, screen.Status{Level: render.LevelOK,
		Text: "saved the arguments of " + termsafe.Line(msg.tool) + " as preset " + termsafe.Line(msg.name)})
}

func (s *Screen) handleListed(msg listedMsg) {
	if s.naming || msg.tool != s.tool {
		return
	}
	s.loading, s.presets, s.listErr = false, msg.presets, msg.err
	sel := s.list.Selected()
	names := make([]string, len(s.presets))
	for i, p := range s.presets {
		names[i] = p.Name
	}
	s.list.Set(names, nil)
	s.list.Select(min(sel, len(names)-1))
}

func (s *Screen) handleDeleted(msg deletedMsg) screen.Result {
	st := screen.Status{Level: render.LevelOK, Text: "deleted preset " + termsafe.Line(msg.name) + " of " + termsafe.Line(msg.tool)}
	if msg.err != nil {
		st = screen.Status{Level: render.LevelError,
			Text: "preset " + termsafe.Line(msg.name) + " was not deleted: " + msg.err.Error()}
	}
	var cmd tea.Cmd
	if !s.naming && s.tool == msg.tool {
		cmd = s.read()
	}
	return screen.Done(cmd, st)
}
