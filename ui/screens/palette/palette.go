// Package palette is the command palette: every screen and action with
// its key, fuzzy-filtered as you type, those of the screen the person is
// on first. It is the one place a newcomer finds everything, and the way
// to reach any key a terminal cannot send (alt chords on macOS).
package palette

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// ID names the screen.
const ID screen.ID = "palette"

// Command is one line of the palette: what it does, the key that does it
// anywhere it applies, where it comes from, and the Action it runs.
type Command struct {
	// Title says what the command does ("Resources", "copy the result").
	Title string
	// Key names its key ("alt+e", "y"); empty for none.
	Key string
	// Section is where it applies ("Tool list", "Anywhere").
	Section string
	// Action is what choosing it does.
	Action screen.Action
}

// Keys are the palette's keys; everything else is typed into its filter.
type Keys struct {
	// Up and Down move through the commands, with the wheel; PageUp and
	// PageDown by a page.
	Up, Down, PageUp, PageDown key.Binding
	// Run runs the selected command; Close closes the palette.
	Run, Close key.Binding
}

// Screen is the palette.
type Screen struct {
	st       *theme.Styles
	keys     Keys
	title    string
	commands []Command
	list     widget.List
}

var _ screen.Screen = (*Screen)(nil)

// New returns the palette titled title over commands, in the order
// given: the current screen's first. The same list picks among a result's
// resource links.
func New(st *theme.Styles, title string, commands []Command) *Screen {
	s := &Screen{st: st, title: title, commands: commands, list: widget.NewList("command", "type to filter: a screen, an action, a key")}
	s.keys = Keys{
		Up:       key.NewBinding(key.WithKeys("up", "ctrl+k"), key.WithHelp("↑/ctrl+k", "previous command")),
		Down:     key.NewBinding(key.WithKeys("down", "ctrl+j"), key.WithHelp("↓/ctrl+j", "next command")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdown", "page down")),
		Run:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "run the command")),
		Close:    key.NewBinding(key.WithKeys("esc", "ctrl+p"), key.WithHelp("esc/ctrl+p", "close the palette")),
	}
	hay := make([]string, len(commands))
	for i, c := range commands {
		hay[i] = c.Title + " " + c.Key + " " + c.Section
	}
	s.list.Set(hay, nil)
	s.list.Keys.Nav = widget.Nav{Up: s.keys.Up, Down: s.keys.Down, PageUp: s.keys.PageUp, PageDown: s.keys.PageDown}
	return s
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title names the screen.
func (s *Screen) Title() string { return s.title }

// Typing is always true: every printable key filters.
func (s *Screen) Typing() bool { return true }

// Init focuses the filter; the root runs it when the palette opens.
func (s *Screen) Init() tea.Cmd { return s.list.StartFilter() }

// Update filters, moves and runs.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.list.Resize(msg.Width, msg.Height-2)
		return screen.Done(nil)
	case tea.MouseClickMsg:
		if i, ok := s.list.Click(msg.Y - 2); ok {
			return s.run(i)
		}
		return screen.Done(nil)
	case tea.MouseWheelMsg:
		s.list.Update(msg)
		return screen.Done(nil)
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, s.keys.Close):
			return screen.Done(nil, screen.Pop{})
		case key.Matches(msg, s.keys.Run):
			if i := s.list.Selected(); i >= 0 {
				return s.run(i)
			}
			return screen.Done(nil)
		case s.list.Navigate(msg):
			return screen.Done(nil)
		}
	}
	if _, ok := msg.(tea.KeyPressMsg); !ok {
		if _, paste := msg.(tea.PasteMsg); !paste {
			return screen.Unhandled()
		}
	}
	if !s.list.Filtering() {
		s.list.StartFilter()
	}
	_, cmd := s.list.Update(msg)
	if !s.list.Filtering() {
		// The filter's own esc and enter end it; in the palette they
		// close it and run the command, matched above.
		s.list.StartFilter()
	}
	return screen.Done(cmd)
}

// run closes the palette and runs command i.
func (s *Screen) run(i int) screen.Result {
	return screen.Done(nil, screen.Pop{}, s.commands[i].Action)
}

// View draws the filter and the commands.
func (s *Screen) View(width, height int) []string {
	entries, cursor := s.list.Window()
	rows := make([]render.PaletteRow, len(entries))
	for i, e := range entries {
		c := s.commands[e]
		rows[i] = render.PaletteRow{Title: c.Title, Key: c.Key, Section: c.Section}
	}
	return render.Palette(s.st, render.PaletteView{Title: s.title, Filter: s.list.FilterLine(), Rows: rows, Cursor: cursor,
		Shown: s.list.Count(), Total: s.list.Total()}, width, height)
}

// Keys lists the palette's keys.
func (s *Screen) Keys() []screen.Group {
	k := s.keys
	return []screen.Group{{Title: "Command palette (type to filter)", Bindings: []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Run, k.Close}}}
}

// Hints are the palette's keys.
func (s *Screen) Hints() [][2]string {
	k := s.keys
	return [][2]string{screen.Hint(k.Run, "run"), screen.HintPair(k.Up, k.Down, "select"), screen.Hint(k.Close, "close")}
}
