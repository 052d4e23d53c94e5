package hosts

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/widget"
)

// Keys are the screen's keys: the list's (the rows, and the filter), and
// its own. Update matches against them, and its help and hints come from
// them.
type Keys struct {
	List widget.ListKeys
	// Left and Right move over the hosts.
	Left, Right key.Binding
	// Open shows the selected tool's Hosts tab on the selected host.
	Open key.Binding
	// Detail scrolls the selected cell's findings.
	Detail widget.DetailKeys
	// Back closes the screen.
	Back key.Binding
}

// newKeys words the list's keys for the matrix's rows and makes the
// screen's own.
func newKeys(l *widget.List) Keys {
	nav := &l.Keys.Nav
	nav.Up.SetHelp("↑/k", "previous row")
	nav.Down.SetHelp("↓/j", "next row")
	nav.Home.SetHelp("home/g", "the server's row (the first)")
	nav.End.SetHelp("end/G", "the last tool")
	l.Keys.Filter.SetHelp("/", "filter the tools by name (fuzzy, word starts first)")
	bind := func(keys []string, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return Keys{List: l.Keys,
		Left:   bind([]string{"left", "h"}, "←/h", "previous host"),
		Right:  bind([]string{"right", "l"}, "→/l", "next host"),
		Open:   bind([]string{"enter"}, "enter", "show the tool's Hosts tab on this host"),
		Detail: widget.NewDetailKeys("the cell's findings"),
		Back:   bind([]string{"esc", "q"}, "esc/q", "close the hosts"),
	}
}

// key takes a key: the screen's own unless the filter is typed, then the
// list's.
func (s *Screen) key(msg tea.KeyPressMsg) screen.Result {
	if !s.list.Filtering() {
		k := s.keys
		switch {
		case key.Matches(msg, k.Left):
			s.moveCol(-1)
			return screen.Done(nil)
		case key.Matches(msg, k.Right):
			s.moveCol(1)
			return screen.Done(nil)
		case key.Matches(msg, k.Open):
			return s.open()
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

// Keys lists the screen's keys, the filter's first while it is typed.
func (s *Screen) Keys() []screen.Group {
	k := s.keys
	l := k.List
	matrix := screen.Group{Title: "Hosts", Bindings: append(l.Bindings(), k.Left, k.Right, l.Filter, k.Open,
		k.Detail.Up, k.Detail.Down, k.Back)}
	filter := screen.Group{Title: "Filtering the hosts matrix", Bindings: []key.Binding{l.Done, l.Clear}}
	if s.list.Filtering() {
		return screen.Lead([]screen.Group{matrix, filter}, filter.Title)
	}
	return []screen.Group{matrix, filter}
}

// Hints are the keys that matter now, the filter's while it is typed.
func (s *Screen) Hints() [][2]string {
	k := s.keys
	if s.list.Filtering() {
		return [][2]string{screen.Hint(k.List.Done, "keep filter"), screen.Hint(k.List.Clear, "clear")}
	}
	return [][2]string{screen.HintPair(k.List.Up, k.List.Down, "tool"), screen.HintPair(k.Left, k.Right, "host"),
		screen.Hint(k.Open, "open tab"), screen.Hint(k.List.Filter, "filter"),
		screen.HintPair(k.Detail.Up, k.Detail.Down, "scroll findings"), screen.Hint(k.Back, "back")}
}
