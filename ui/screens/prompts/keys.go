package prompts

import (
	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/widget"
)

// Keys are the screen's keys, by what it shows.
type Keys struct {
	// List acts on the list (Get also in a prompt's form); Filter ends
	// its filter; Result on a conversation; Form is the suggestions under
	// an argument.
	List   ListKeys
	Filter widget.ListKeys
	Result ResultKeys
	Form   form.ArgKeys
}

// ListKeys act on the list of prompts.
type ListKeys struct {
	widget.Nav
	// Filter starts a fresh filter; Open opens the prompt's form; Get
	// gets the prompt with the form's arguments; Back closes the screen.
	Filter, Open, Get, Back key.Binding
}

// ResultKeys act on a conversation.
type ResultKeys struct {
	widget.Nav
	// Get gets the prompt again; Back returns to its form.
	Get, Back key.Binding
}

func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

func newKeys() Keys {
	filter := widget.NewList("prompt", "").Keys
	filter.Filter = bind([]string{"/"}, "/", "filter prompts (fuzzy; word starts first)")
	return Keys{
		List: ListKeys{Nav: widget.NewNav("prompt"), Filter: filter.Filter,
			Open: bind([]string{"enter"}, "enter", "fill in the prompt's arguments"),
			Get:  bind([]string{"ctrl+s"}, "ctrl+s", "get the prompt with the form's arguments"),
			Back: bind([]string{"esc", "q"}, "esc/q", "back")},
		Filter: filter,
		Result: ResultKeys{Nav: widget.NewNav("line"),
			Get:  bind([]string{"ctrl+s"}, "ctrl+s", "get the prompt again"),
			Back: bind([]string{"esc", "q"}, "esc/q", "back to the prompt's form")},
		Form: form.DefaultArgKeys(),
	}
}

// Group titles, as the help shows them.
const (
	titleList    = "Prompts"
	titleFilter  = "Filtering the prompts"
	titleResult  = "A prompt's conversation"
	titleSuggest = "Suggestions (completion/complete) under a field"
)

// groups are the keys grouped, in the help's order.
func (k Keys) groups() []screen.Group {
	l, r := k.List, k.Result
	return []screen.Group{
		{Title: titleList, Bindings: append(l.Bindings(), l.Filter, l.Open, l.Get, l.Back)},
		{Title: titleFilter, Bindings: []key.Binding{k.Filter.Done, k.Filter.Clear}},
		{Title: titleResult, Bindings: append(r.Bindings(), r.Get, r.Back)},
		{Title: titleSuggest, Bindings: k.Form.Bindings()},
	}
}

// Help is every key of the screen, grouped as the help screen lists
// them.
func Help() []screen.Group { return newKeys().groups() }

// Keys lists the screen's keys, the group of what it shows first.
func (s *Screen) Keys() []screen.Group {
	first := titleList
	switch {
	case s.mode == modeForm:
		first = titleSuggest
	case s.mode == modeResult:
		first = titleResult
	case s.list.Filtering():
		first = titleFilter
	}
	return screen.Lead(s.keys.groups(), first)
}

// Hints are the keys that matter for what the screen shows.
func (s *Screen) Hints() [][2]string {
	k := s.keys
	switch {
	case s.mode == modeForm && s.form != nil:
		return [][2]string{screen.Hint(k.List.Get, "get"), screen.HintPair(k.Form.Prev, k.Form.Next, "suggestion"),
			screen.Hint(k.Form.Accept, "take"), screen.Hint(s.form.BackKey(), "back")}
	case s.mode == modeResult:
		return [][2]string{screen.HintPair(k.Result.Up, k.Result.Down, "scroll"), screen.Hint(k.Result.Get, "get again"),
			screen.Hint(k.Result.Back, "form")}
	case s.list.Filtering():
		return [][2]string{screen.Hint(k.Filter.Done, "keep filter"), screen.Hint(k.Filter.Clear, "clear")}
	}
	l := k.List
	return [][2]string{screen.HintPair(l.Up, l.Down, "select"), screen.Hint(l.Filter, "filter"), screen.Hint(l.Open, "arguments"),
		screen.Hint(l.Get, "get"), screen.Hint(l.Back, "back")}
}
