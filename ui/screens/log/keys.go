package log

import (
	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/widget"
)

// filterHelp is the filter key's help: it is where the syntax is told.
const filterHelp = "filter the log afresh: words that all match; in/← or out/→ for a direction, " +
	"#4 for an id, any other word in method, tool or kind (frames), or source and text"

// Keys are the log screen's keys, by what is on screen: the list of
// entries, the filter being typed, an entry opened.
type Keys struct {
	// List moves through the entries.
	List widget.Nav
	// Back closes the log; Filter starts a fresh filter; Open opens the
	// selected entry; Pair selects a frame's request or response; Show
	// steps through all, frames only, stderr only.
	Back, Filter, Open, Pair, Show key.Binding
	// FilterDone keeps the filter, FilterClear drops it, FilterDelete
	// deletes its last character; other printable keys are typed.
	FilterDone, FilterClear, FilterDelete key.Binding
	// EntryNav scrolls the opened entry; EntryBack goes back to the list;
	// EntryPair opens the frame's request or response instead.
	EntryNav             widget.Nav
	EntryBack, EntryPair key.Binding
}

func newKeys() Keys {
	nav := widget.NewNav("entry")
	nav.Up.SetHelp("↑/k", "older entry")
	nav.Down.SetHelp("↓/j", "newer entry")
	nav.Home.SetHelp("home/g", "oldest entry")
	nav.End.SetHelp("end/G", "newest entry")
	return Keys{
		List:         nav,
		Back:         bind([]string{"esc", "q"}, "esc/q", "back"),
		Filter:       bind([]string{"/"}, "/", filterHelp),
		Open:         bind([]string{"enter"}, "enter", "open the entry: the whole frame, pretty-printed"),
		Pair:         bind([]string{"p"}, "p", "go to the frame's request or response"),
		Show:         bind([]string{"s"}, "s", "show all, frames only, stderr only"),
		FilterDone:   bind([]string{"enter"}, "enter", "keep the filter, back to the log"),
		FilterClear:  bind([]string{"esc"}, "esc", "clear the filter"),
		FilterDelete: bind([]string{"backspace"}, "backspace", "delete the last character"),
		EntryBack:    bind([]string{"esc", "q"}, "esc/q", "back to the log"),
		EntryPair:    bind([]string{"p"}, "p", "open the frame's request or response instead"),
		EntryNav:     widget.NewNav("line"),
	}
}

func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// groups are the screen's keys as the help shows them, in order.
func (k Keys) groups() (list, filter, entry screen.Group) {
	listKeys := append([]key.Binding{k.Back, k.Filter}, k.List.Bindings()...)
	list = screen.Group{Title: "Log", Bindings: append(listKeys, k.Open, k.Pair, k.Show)}
	filter = screen.Group{Title: "Filtering the log", Bindings: []key.Binding{k.FilterDone, k.FilterClear, k.FilterDelete}}
	entryKeys := append([]key.Binding{k.EntryBack}, k.EntryNav.Bindings()...)
	entry = screen.Group{Title: "An entry of the log", Bindings: append(entryKeys, k.EntryPair)}
	return list, filter, entry
}
