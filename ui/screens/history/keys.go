package history

import (
	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/widget"
)

// Keys are the screen's keys: the list's (navigation and the filter),
// and its own.
type Keys struct {
	List widget.ListKeys
	// Rerun calls the selected call's tool again with its arguments; Edit
	// loads them into the tool's form.
	Rerun, Edit key.Binding
	// Detail scrolls the selected call's detail.
	Detail widget.DetailKeys
	// Back closes the screen.
	Back key.Binding
}

// newKeys words the list's keys for calls, newest first, and makes the
// screen's own.
func newKeys(l *widget.List) Keys {
	nav := &l.Keys.Nav
	nav.Up.SetHelp("↑/k", "newer call")
	nav.Down.SetHelp("↓/j", "older call")
	nav.Home.SetHelp("home/g", "newest call")
	nav.End.SetHelp("end/G", "oldest call")
	l.Keys.Filter.SetHelp("/", "filter by tool name (fuzzy, word starts first; a fresh filter each time)")
	return Keys{List: l.Keys,
		Rerun:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "call the tool again with the recorded arguments")),
		Edit:   key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "load the recorded arguments into the tool's form")),
		Detail: widget.NewDetailKeys("the call's detail"),
		Back:   key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc/q", "close the history")),
	}
}

// Keys lists the screen's keys, the filter's first while it is typed.
func (s *Screen) Keys() []screen.Group {
	k := s.keys
	l := k.List
	calls := screen.Group{Title: "History", Bindings: append(l.Bindings(), l.Filter, k.Rerun, k.Edit, k.Detail.Up, k.Detail.Down, k.Back)}
	filter := screen.Group{Title: "Filtering the history", Bindings: []key.Binding{l.Done, l.Clear}}
	if s.list.Filtering() {
		return screen.Lead([]screen.Group{calls, filter}, filter.Title)
	}
	return []screen.Group{calls, filter}
}

// Hints are the keys that matter now, the filter's while it is typed.
func (s *Screen) Hints() [][2]string {
	k := s.keys
	if s.list.Filtering() {
		return [][2]string{screen.Hint(k.List.Done, "keep filter"), screen.Hint(k.List.Clear, "clear")}
	}
	return [][2]string{screen.HintPair(k.List.Up, k.List.Down, "select"), screen.Hint(k.List.Filter, "filter"),
		screen.Hint(k.Rerun, "re-run"), screen.Hint(k.Edit, "edit in form"),
		screen.HintPair(k.Detail.Up, k.Detail.Down, "scroll detail"), screen.Hint(k.Back, "back")}
}
