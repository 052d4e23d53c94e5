// Package history is the screen of this server's recorded calls, newest
// first, filtered by tool name with the list's fuzzy filter, the selected
// call's arguments and result under the list. A call is made again, or
// its arguments loaded into the tool's form, through the root's
// screen.CallTool and screen.LoadArgs actions: the form is not this
// screen's.
package history

import (
	"slices"
	"strconv"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	callhistory "github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// ID names the screen.
const ID screen.ID = "history"

// Store is what the screen needs of the workbench's memory.
type Store interface {
	// Calls are this server's recorded calls, oldest first, and a warning
	// for each line of the log that was skipped. It does IO: the screen
	// calls it from a command, never on the UI goroutine.
	Calls() ([]callhistory.Record, []callhistory.Warning, error)
}

// Deps are what the screen is given.
type Deps struct {
	// Styles draw it.
	Styles *theme.Styles
	// Store is the memory, or nil when the workbench remembers nothing.
	Store func() Store
	// Now is the clock the rows' times are read against; nil is the
	// system's.
	Now func() time.Time
}

// Screen is the call history.
type Screen struct {
	st    *theme.Styles
	store func() Store
	now   func() time.Time
	keys  Keys
	list  widget.List
	// detail scrolls the selected call's detail.
	detail widget.Viewport

	// loading is the reading on its way (seq tells the newest); loaded
	// says one arrived.
	loading, loaded bool
	seq             int
	records         []callhistory.Record // newest first
	err             error
	// warned says the warnings of skipped lines were shown: once.
	warned bool

	width, height int
	// lines are the detail of record detailOf drawn at detailWidth.
	lines       []string
	detailOf    int
	detailWidth int
}

var (
	_ screen.Screen = (*Screen)(nil)
	_ screen.Typer  = (*Screen)(nil)
)

// loadedMsg brings the history, newest first.
type loadedMsg struct {
	seq      int
	records  []callhistory.Record
	warnings []callhistory.Warning
	err      error
}

// New returns the screen, empty until Reload.
func New(d Deps) *Screen {
	if d.Now == nil {
		d.Now = time.Now
	}
	s := &Screen{st: d.Styles, store: d.Store, now: d.Now, list: widget.NewList("call", "part of a tool's name"),
		detail: widget.NewViewport(), detailOf: -1, width: 80, height: 20}
	s.keys = newKeys(&s.list)
	s.layout()
	return s
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title names the screen.
func (s *Screen) Title() string { return "History" }

// Typing reports whether the filter is being typed.
func (s *Screen) Typing() bool { return s.list.Filtering() }

// Busy reports whether a reading of the history is on its way.
func (s *Screen) Busy() bool { return s.loading }

// Reload reads the history afresh (it grows with every call): the
// command to run as the screen opens.
func (s *Screen) Reload() tea.Cmd {
	var store Store
	if s.store != nil {
		store = s.store()
	}
	if store == nil {
		return nil
	}
	s.loading = true
	s.seq++
	seq := s.seq
	return func() tea.Msg {
		recs, warns, err := store.Calls()
		// Newest first, reversed here and not on the UI goroutine.
		slices.Reverse(recs)
		return loadedMsg{seq: seq, records: recs, warnings: warns, err: err}
	}
}

// Update takes the screen's keys, the mouse, the body's size and the
// history's arrival.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	r := s.update(msg)
	if r.Handled {
		s.layout()
	}
	return r
}

func (s *Screen) update(msg tea.Msg) screen.Result {
	switch msg := msg.(type) {
	case loadedMsg:
		return s.handleLoaded(msg)
	case tea.WindowSizeMsg:
		s.width, s.height = msg.Width, msg.Height
		return screen.Done(nil)
	case tea.MouseClickMsg:
		// A click selects; it never re-runs a call by itself.
		if msg.Button == tea.MouseLeft {
			s.list.Click(msg.Y - s.list.HeadRows())
		}
		return screen.Done(nil)
	case tea.MouseWheelMsg:
		if msg.Y > s.list.HeadRows()+s.listRows() {
			s.detail.Update(msg)
		} else {
			s.list.Update(msg)
		}
		return screen.Done(nil)
	case tea.KeyPressMsg:
		return s.key(msg)
	}
	return screen.Unhandled()
}

func (s *Screen) handleLoaded(msg loadedMsg) screen.Result {
	if msg.seq != s.seq {
		return screen.Done(nil)
	}
	s.loading, s.loaded, s.records, s.err = false, true, msg.records, msg.err
	s.detailOf = -1
	tools := make([]string, len(s.records))
	for i := range s.records {
		tools[i] = s.records[i].Tool
	}
	s.list.Set(tools, nil)
	if len(msg.warnings) == 0 || s.warned {
		return screen.Done(nil)
	}
	s.warned = true
	text := msg.warnings[0].String()
	if n := len(msg.warnings); n > 1 {
		text += " (and " + strconv.Itoa(n-1) + " more lines)"
	}
	return screen.Done(nil, screen.Status{Level: render.LevelError, Text: "history: " + text})
}

func (s *Screen) key(msg tea.KeyPressMsg) screen.Result {
	if !s.list.Filtering() {
		k := s.keys
		switch {
		case key.Matches(msg, k.Rerun):
			return s.act(false)
		case key.Matches(msg, k.Edit):
			return s.act(true)
		case s.detail.ScrollDetail(msg, k.Detail):
			return screen.Done(nil)
		case key.Matches(msg, k.Back):
			return screen.Done(nil, screen.Pop{})
		}
	}
	if ok, cmd := s.list.Update(msg); ok {
		return screen.Done(cmd)
	}
	return screen.Unhandled()
}

// act asks the root to call the selected record's tool again, or to
// load its arguments into the tool's form (edit).
func (s *Screen) act(edit bool) screen.Result {
	r := s.selected()
	if r == nil {
		return screen.Done(nil)
	}
	args := argsOrEmpty(r.Arguments)
	if edit {
		return screen.Done(nil, screen.LoadArgs{Tool: r.Tool, Args: args, What: "the recorded arguments"})
	}
	return screen.Done(nil, screen.CallTool{Tool: r.Tool, Args: args})
}

// selected is the record under the cursor, or nil.
func (s *Screen) selected() *callhistory.Record {
	if i := s.list.Selected(); i >= 0 && i < len(s.records) {
		return &s.records[i]
	}
	return nil
}

// listRows is how many calls the list shows: half of what is left under
// the heading, the detail taking the rest.
func (s *Screen) listRows() int { return max(3, (s.height-s.list.HeadRows())/2) }

// detailRows is the height of the detail under the list and its rule.
func (s *Screen) detailRows() int { return max(1, s.height-s.list.HeadRows()-s.listRows()-1) }

// layout sizes the list and draws the selected call's detail when the
// selection or the width changed; only then, so a screen of 10,000 calls
// formats the rows it shows and one detail.
func (s *Screen) layout() {
	s.list.Resize(s.width, s.listRows())
	if idx := s.list.Selected(); idx != s.detailOf || s.width != s.detailWidth {
		s.detailOf, s.detailWidth, s.lines = idx, s.width, nil
		s.detail.ScrollTo(0)
		if idx >= 0 {
			s.lines = recordDetail(s.st, &s.records[idx], s.now(), s.width)
		}
	}
	s.detail.SetSize(len(s.lines), s.detailRows())
}

// argsOrEmpty is args, or {} for a call sent with none.
func argsOrEmpty(args []byte) []byte {
	if len(args) == 0 {
		return []byte(`{}`)
	}
	return args
}
