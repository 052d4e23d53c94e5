package resources

import (
	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/widget"
)

// Keys are the screen's keys, by what it shows.
type Keys struct {
	// List acts on the list; Filter ends its filter; Read on a resource
	// read; Save on the question where to save it; Form is the
	// suggestions under a template's field.
	List   ListKeys
	Filter widget.ListKeys
	Read   ReadKeys
	Save   SaveKeys
	Form   form.ArgKeys
}

// ListKeys act on the list of resources and templates.
type ListKeys struct {
	widget.Nav
	// Filter starts a fresh filter; Open reads a resource or opens a
	// template's form; Subscribe starts or stops a resource's updates;
	// Relist lists again; Back closes the screen.
	Filter, Open, Subscribe, Relist, Back key.Binding
}

// ReadKeys act on a resource read.
type ReadKeys struct {
	widget.Nav
	// Subscribe starts or stops its updates; Reread reads it again; Save
	// writes its content to a file; Back returns to the list or the
	// template's form.
	Subscribe, Reread, Save, Back key.Binding
}

// SaveKeys end the typing of a path to save to, and answer whether to
// overwrite a file that is there.
type SaveKeys struct {
	Save, Cancel, Overwrite key.Binding
}

func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

func newKeys() Keys {
	subscribe := bind([]string{"s"}, "s", "subscribe to the resource's updates, or unsubscribe")
	back := bind([]string{"esc", "q"}, "esc/q", "back")
	filter := widget.NewList("resource", "").Keys
	filter.Filter = bind([]string{"/"}, "/", "filter resources and templates (fuzzy; word starts first)")
	return Keys{
		List: ListKeys{Nav: widget.NewNav("resource"), Filter: filter.Filter,
			Open:      bind([]string{"enter"}, "enter", "read the resource, or fill in the template"),
			Subscribe: subscribe,
			Relist:    bind([]string{"r"}, "r", "list the resources and templates again"),
			Back:      back},
		Filter: filter,
		Read: ReadKeys{Nav: widget.NewNav("line"), Subscribe: subscribe,
			Reread: bind([]string{"r"}, "r", "read the resource again"),
			Save:   bind([]string{"w"}, "w", "save the content to a file"),
			Back:   bind([]string{"esc", "q"}, "esc/q", "back to the list, or to the template's form")},
		Save: SaveKeys{
			Save:      bind([]string{"enter"}, "enter", "save to the path"),
			Cancel:    bind([]string{"esc"}, "esc", "do not save"),
			Overwrite: bind([]string{"y"}, "y", "overwrite the file that is there"),
		},
		Form: form.DefaultArgKeys(),
	}
}

// Group titles, as the help shows them.
const (
	titleList    = "Resources"
	titleFilter  = "Filtering the resources"
	titleRead    = "A resource read"
	titleSave    = "Saving a resource"
	titleSuggest = "Suggestions (completion/complete) under a field"
)

// groups are the keys grouped, in the help's order.
func (k Keys) groups() []screen.Group {
	l, r, sv := k.List, k.Read, k.Save
	return []screen.Group{
		{Title: titleList, Bindings: append(l.Bindings(), l.Filter, l.Open, l.Subscribe, l.Relist, l.Back)},
		{Title: titleFilter, Bindings: []key.Binding{k.Filter.Done, k.Filter.Clear}},
		{Title: titleRead, Bindings: append(r.Bindings(), r.Subscribe, r.Reread, r.Save, r.Back)},
		{Title: titleSave, Bindings: []key.Binding{sv.Save, sv.Cancel, sv.Overwrite}},
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
	case s.save.active():
		first = titleSave
	case s.mode == modeForm:
		first = titleSuggest
	case s.mode == modeRead:
		first = titleRead
	case s.list.Filtering():
		first = titleFilter
	}
	return screen.Lead(s.keys.groups(), first)
}

// Hints are the keys that matter for what the screen shows.
func (s *Screen) Hints() [][2]string {
	k := s.keys
	switch {
	case s.save.exists != "":
		return [][2]string{screen.Hint(k.Save.Overwrite, "overwrite"), screen.Hint(k.Save.Cancel, "keep")}
	case s.save.typing:
		return [][2]string{screen.Hint(k.Save.Save, "save"), screen.Hint(k.Save.Cancel, "cancel")}
	case s.mode == modeForm && s.form != nil:
		return [][2]string{screen.Hint(s.form.SubmitKey(), "read"), screen.HintPair(k.Form.Prev, k.Form.Next, "suggestion"),
			screen.Hint(k.Form.Accept, "take"), screen.Hint(s.form.BackKey(), "back")}
	case s.mode == modeRead:
		r := k.Read
		hints := [][2]string{screen.HintPair(r.Up, r.Down, "scroll"), screen.Hint(r.Save, "save"), screen.Hint(r.Reread, "read again")}
		switch {
		case !s.canSubscribe():
		case s.read != nil && s.subscribed[s.read.uri]:
			hints = append(hints, screen.Hint(r.Subscribe, "unsubscribe"))
		default:
			hints = append(hints, screen.Hint(r.Subscribe, "subscribe"))
		}
		return append(hints, screen.Hint(r.Back, "back"))
	case s.list.Filtering():
		return [][2]string{screen.Hint(k.Filter.Done, "keep filter"), screen.Hint(k.Filter.Clear, "clear")}
	}
	l := k.List
	hints := [][2]string{screen.HintPair(l.Up, l.Down, "select"), screen.Hint(l.Filter, "filter"), screen.Hint(l.Open, "read")}
	if s.canSubscribe() {
		hints = append(hints, screen.Hint(l.Subscribe, "subscribe"))
	}
	return append(hints, screen.Hint(l.Relist, "list again"), screen.Hint(l.Back, "back"))
}

// canSubscribe reports a live session whose server offers subscriptions.
func (s *Screen) canSubscribe() bool {
	sess, _ := s.deps.Session()
	return sess != nil && sess.CanSubscribe()
}
