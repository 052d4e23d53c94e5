package log

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// ID names the screen.
const ID screen.ID = "log"

// Deps are what the log screen is given.
type Deps struct {
	// Styles draw it.
	Styles *theme.Styles
	// Store is the log it shows, fed by the root.
	Store *Store
}

// Screen is the protocol log: the entries of the Store, newest last,
// filtered by words, one of them opened whole.
type Screen struct {
	st    *theme.Styles
	store *Store
	keys  Keys
	list  widget.List
	// shown are the seqs that pass show and the filter, oldest first;
	// synced and hidden are the store's total and hidden count they were
	// worked out for. blank is the list's haystack (rows.go).
	shown          []int
	synced, hidden int
	blank          []string
	// follow keeps the cursor on the newest entry as entries arrive.
	follow bool
	// filter is the filter's text and query its words; editing is set
	// while it is typed. show picks the sources.
	filter  string
	query   query
	editing bool
	show    show
	// width and height are the body's; rows are the list's rows.
	width, height, rows int
	detail              detail
}

var (
	_ screen.Screen = (*Screen)(nil)
	_ screen.Typer  = (*Screen)(nil)
)

// New returns the log screen over d.Store.
func New(d Deps) *Screen {
	s := &Screen{st: d.Styles, store: d.Store, keys: newKeys(), list: widget.NewList("entry", ""), follow: true, rows: 1}
	s.list.Keys.Nav = s.keys.List
	// The log's filter is its own word syntax (filter.go).
	s.list.Keys.Filter.SetEnabled(false)
	s.detail.view = widget.NewViewport()
	s.sync()
	return s
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title names the screen.
func (s *Screen) Title() string { return "Log" }

// Typing reports whether the filter is being typed.
func (s *Screen) Typing() bool { return s.editing }

// Rendering reports whether an opened entry's rendering is on its way:
// a test waits for it before it looks.
func (s *Screen) Rendering() bool { return s.detail.rendering }

// Selected is the entry under the cursor; ok is false when no entry is
// shown.
func (s *Screen) Selected() (e render.LogEntry, ok bool) {
	if _, sel := s.selected(); sel != nil {
		return sel.LogEntry, true
	}
	return render.LogEntry{}, false
}

// Refresh brings the rows up to date with the store, and asks for the
// opened entry's rendering when it is not rendered for the width. The
// root calls it after every message while the log shows, so View draws
// what the store holds.
func (s *Screen) Refresh() tea.Cmd {
	s.sync()
	if s.detail.open && s.detail.lines != nil {
		s.sizeDetail()
	}
	return s.wantDetail()
}

// Update takes the log's keys, the mouse, the body's size and the
// rendered entries.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	switch msg := msg.(type) {
	case detailMsg:
		return s.handleDetail(msg)
	case tea.WindowSizeMsg:
		s.width, s.height, s.rows = msg.Width, msg.Height, max(1, msg.Height-1)
		s.list.Resize(msg.Width, s.rows)
		if s.detail.open && s.detail.lines != nil {
			s.sizeDetail()
		}
		return screen.Done(nil)
	case tea.KeyPressMsg:
		s.sync()
		return s.key(msg)
	case tea.MouseClickMsg:
		s.sync()
		return s.click(msg)
	case tea.MouseWheelMsg:
		s.sync()
		if s.detail.open {
			s.detail.view.Update(msg)
		} else if ok, _ := s.list.Update(msg); ok {
			s.moved()
		}
		return screen.Done(nil)
	}
	return screen.Unhandled()
}

// key takes a key: the filter's typing, the opened entry's keys, or the
// list's.
func (s *Screen) key(msg tea.KeyPressMsg) screen.Result {
	switch {
	case s.editing:
		return s.filterKey(msg)
	case s.detail.open:
		return s.detailKey(msg)
	}
	return s.listKey(msg)
}

// filterKey edits the filter, which applies as it is typed.
func (s *Screen) filterKey(msg tea.KeyPressMsg) screen.Result {
	k := s.keys
	switch {
	case key.Matches(msg, k.FilterDone):
		s.editing = false
	case key.Matches(msg, k.FilterClear):
		s.editing = false
		s.setFilter("")
	case key.Matches(msg, k.FilterDelete):
		if r := []rune(s.filter); len(r) > 0 {
			s.setFilter(string(r[:len(r)-1]))
		}
	case msg.Text != "" && msg.Mod&^tea.ModShift == 0:
		s.setFilter(s.filter + msg.Text)
	default:
		return screen.Unhandled()
	}
	return screen.Done(nil)
}

// listKey moves through the entries and opens them.
func (s *Screen) listKey(msg tea.KeyPressMsg) screen.Result {
	k := s.keys
	switch {
	case key.Matches(msg, k.Back):
		return screen.Done(nil, screen.Pop{})
	case key.Matches(msg, k.Filter):
		// A fresh filter each time: typing after / never extends an
		// old one the person may no longer see.
		s.editing = true
		s.setFilter("")
	case key.Matches(msg, k.Open):
		if seq, _ := s.selected(); seq >= 0 {
			return screen.Done(s.openDetail(seq))
		}
	case key.Matches(msg, k.Pair):
		if _, e := s.selected(); e != nil {
			s.reveal(e.pair)
		}
	case key.Matches(msg, k.Show):
		s.nextShow()
	default:
		ok, cmd := s.list.Update(msg)
		if !ok {
			return screen.Unhandled()
		}
		s.moved()
		return screen.Done(cmd)
	}
	return screen.Done(nil)
}

// detailKey scrolls the opened entry, or leaves it.
func (s *Screen) detailKey(msg tea.KeyPressMsg) screen.Result {
	k, d := s.keys, &s.detail
	switch {
	case key.Matches(msg, k.EntryBack):
		d.open = false
	case key.Matches(msg, k.EntryPair):
		if e := s.store.at(d.seq); e != nil && s.reveal(e.pair) {
			return screen.Done(s.openDetail(e.pair))
		}
	case d.view.Update(msg):
	default:
		return screen.Unhandled()
	}
	return screen.Done(nil)
}

// click selects the entry on the clicked row; a click on the selected
// entry opens it. Row 0 is the log's heading.
func (s *Screen) click(msg tea.MouseClickMsg) screen.Result {
	if s.detail.open || msg.Button != tea.MouseLeft {
		return screen.Done(nil)
	}
	i, ok, again := s.list.ClickAgain(msg.Y - 1)
	if !ok {
		return screen.Done(nil)
	}
	s.moved()
	if again {
		return screen.Done(s.openDetail(s.shown[i]))
	}
	return screen.Done(nil)
}
