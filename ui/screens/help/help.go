// Package help is the help screen: the keys of the screen the person is
// on first, then everything else, searchable with `/`. Its contents come
// from the same bindings the screens match keys against, so what it says
// is what works.
package help

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// ID names the screen.
const ID screen.ID = "help"

// Keys are the help's own keys.
type Keys struct {
	widget.Nav
	// Search starts typing a search of every row; Close closes the help.
	Search, Close key.Binding
	// Done keeps the search and goes back to scrolling; Clear drops it.
	Done, Clear key.Binding
}

// NewKeys returns the help's keys.
func NewKeys() Keys {
	return Keys{
		Nav:    widget.NewNav("line"),
		Search: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search every screen's keys")),
		Close:  key.NewBinding(key.WithKeys("esc", "q", "?", "f1", "enter"), key.WithHelp("esc/q/?/f1/enter", "close the help")),
		Done:   key.NewBinding(key.WithKeys("enter", "down"), key.WithHelp("enter/↓", "keep the search, scroll the rows found")),
		Clear:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear the search")),
	}
}

// Screen is the help.
type Screen struct {
	st   *theme.Styles
	keys Keys
	// here is the title of the screen the help was opened on; sections
	// are its keys first, then the rest.
	here     string
	sections []render.HelpSection
	shown    []render.HelpSection
	body     []string
	width    int
	height   int
	view     widget.Viewport
	query    widget.Query
}

var _ screen.Screen = (*Screen)(nil)

// New returns the help over sections, those of the screen titled here
// first.
func New(st *theme.Styles, here string, sections []render.HelpSection) *Screen {
	s := &Screen{st: st, keys: NewKeys(), here: here, sections: sections, shown: sections, view: widget.NewViewport(),
		query: widget.NewQuery("keys or what they do, on every screen")}
	s.view.Keys = s.keys.Nav
	return s
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title names the screen.
func (s *Screen) Title() string { return "Help" }

// Typing reports whether a search is typed.
func (s *Screen) Typing() bool { return s.query.Typing() }

// Update scrolls, searches and closes.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.width, s.height = msg.Width, msg.Height
		s.layout()
		return screen.Done(nil)
	case tea.KeyPressMsg:
		if s.query.Typing() {
			return s.searchKey(msg)
		}
		switch {
		case key.Matches(msg, s.keys.Search):
			// Typing first: the body's height under the search line
			// depends on it.
			cmd := s.query.Start()
			s.query.SetValue("")
			s.search()
			return screen.Done(cmd)
		case key.Matches(msg, s.keys.Close):
			return screen.Done(nil, screen.Pop{})
		}
	case tea.PasteMsg:
		if s.query.Typing() {
			return s.searchKey(msg)
		}
	}
	if s.view.Update(msg) {
		return screen.Done(nil)
	}
	return screen.Unhandled()
}

// searchKey takes a key while the search is typed.
func (s *Screen) searchKey(msg tea.Msg) screen.Result {
	changed, cmd := s.query.Update(msg, s.keys.Done, s.keys.Clear)
	if changed {
		s.search()
	}
	if !s.query.Typing() {
		s.layout()
		return screen.Done(nil)
	}
	return screen.Done(cmd)
}

// search keeps the rows whose keys or words hold every word typed.
func (s *Screen) search() {
	words := strings.Fields(strings.ToLower(s.query.Value()))
	if len(words) == 0 {
		s.shown = s.sections
	} else {
		s.shown = nil
		for _, sec := range s.sections {
			var rows []render.HelpRow
			for _, r := range sec.Rows {
				if all(strings.ToLower(sec.Title+" "+r.Keys+" "+r.Desc), words) {
					rows = append(rows, r)
				}
			}
			if len(rows) > 0 {
				s.shown = append(s.shown, render.HelpSection{Title: sec.Title, Rows: rows})
			}
		}
	}
	s.view.ScrollTo(0)
	s.layout()
}

func all(text string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}

// layout wraps the rows for the width and fits them in the body's
// height under the heading.
func (s *Screen) layout() {
	s.body = render.HelpBody(s.st, s.shown, s.width)
	s.view.SetSize(len(s.body), s.height-s.headRows())
}

// headRows are the rows above the body: the title, and the search line
// while there is one.
func (s *Screen) headRows() int {
	if s.query.Shows() {
		return 2
	}
	return 1
}

// View draws the title with the rows shown, the search, and the rows.
func (s *Screen) View(width, height int) []string {
	from, to := s.view.Window()
	pos := fmt.Sprintf(" · %d–%d of %d", min(from+1, to), to, len(s.body))
	note := " · " + render.FirstKey(s.keys.Search.Help().Key) + " search · " + render.FirstKey(s.keys.Close.Help().Key) + " closes"
	head := []string{render.Clip(s.st.Title.Render("Keys")+s.st.Muted.Render(pos+" · on "+s.here+note), width)}
	if s.query.Shows() {
		head = append(head, render.Clip(s.query.Line(), width))
	}
	if len(s.body) == 0 {
		return append(head, s.st.Muted.Render(render.Clip("no key matches the search: esc clears it", width)))
	}
	return append(head, s.body[from:to]...)
}

// Keys lists the help's keys.
func (s *Screen) Keys() []screen.Group {
	k := s.keys
	return []screen.Group{{Title: "This help", Bindings: append(k.Bindings(), k.Search, k.Close)},
		{Title: "Searching the help", Bindings: []key.Binding{k.Done, k.Clear}}}
}

// Hints are the help's keys that matter.
func (s *Screen) Hints() [][2]string {
	k := s.keys
	if s.query.Typing() {
		return [][2]string{screen.Hint(k.Done, "keep"), screen.Hint(k.Clear, "clear")}
	}
	return [][2]string{screen.HintPair(k.Up, k.Down, "scroll"), screen.Hint(k.Search, "search"),
		{render.FirstKey(k.Home.Help().Key) + "/" + render.FirstKey(k.End.Help().Key), "top/bottom"}}
}
