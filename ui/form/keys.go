package form

import (
	"charm.land/bubbles/v2/key"
	"charm.land/huh/v2"

	"github.com/toolbench/toolbench/ui/widget"
)

// KeyMap is every key the editor acts on, by mode. Update matches keys
// against it, and the hint line and the workbench's help screen are drawn
// from it, so what is shown is what works.
type KeyMap struct {
	Nav     NavKeys
	Edit    EditKeys
	Options OptionKeys
	Ask     AskKeys
	Prompt  PromptKeys
	Whole   WholeKeys
}

// NavKeys move around a level and act on its selected row.
type NavKeys struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
	// Back leaves a level; at the top it gives focus back to the parent.
	Back key.Binding
	// Open opens a container or variant, or starts editing a value.
	Open key.Binding
	// Next and Prev step through an enum's choices or a union's variants;
	// Next opens other rows. Toggle flips a boolean or ticks a multi-select.
	Next, Prev, Toggle key.Binding
	// Unset leaves the field out, Null sends null, Default fills in the
	// schema's default, Raw switches between the form and the JSON text.
	Unset, Null, Default, Raw key.Binding
	// Lines switches a string field between one line and many.
	Lines key.Binding
	// Add, Delete, MoveUp and MoveDown edit a list or map level.
	Add, Delete, MoveUp, MoveDown key.Binding
	// Submit validates and asks to call; Example and Minimal fill the
	// whole form with an example, every field or the required ones.
	Submit, Example, Minimal key.Binding
	// Whole edits all the arguments as one JSON text.
	Whole key.Binding
}

// nav is the keys that move the cursor as the one navigation set.
func (k NavKeys) nav() widget.Nav {
	return widget.Nav{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Home: k.Home, End: k.End}
}

// EditKeys are the editor's own keys while a field is focused; every other
// key goes to the field.
type EditKeys struct {
	// Done ends the edit of a one-line input or an option list.
	Done key.Binding
	// NewLine is the field's own: enter in a text area starts a new line.
	NewLine key.Binding
	// Leave ends the edit; an untouched field without a value stays
	// unset.
	Leave key.Binding
	// Next and Prev end the edit and move to the next or previous row, as
	// do Down and Up in a one-line input.
	Next, Prev, Down, Up key.Binding
	Raw, Submit          key.Binding
	// Lines switches a string field between an input and a text area.
	Lines key.Binding
}

// OptionKeys are the keys of an open option list (an enum's select, a
// multi-select's ticks). The huh fields are given these very bindings.
type OptionKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	Filter, Tick, All                       key.Binding
}

// AskKeys answer "send anyway?" after a failed validation, under which
// the problems are listed by their JSON pointers.
type AskKeys struct {
	// Send sends the arguments as they are; Stay keeps editing.
	Send, Stay key.Binding
	// Up and Down choose a problem; Jump closes the question and moves the
	// focus to the chosen problem's field.
	Up, Down, Jump key.Binding
}

// WholeKeys end the editing of all the arguments as one JSON text; the
// rest is typed into it.
type WholeKeys struct {
	// Apply loads the text into the form; text that is not a JSON
	// object stays, with the reason.
	Apply key.Binding
	// Discard leaves the form as it was.
	Discard key.Binding
	// Submit applies, then validates and asks to call.
	Submit key.Binding
}

// PromptKeys end the prompt for a new map entry's key; the rest is typed
// into it.
type PromptKeys struct {
	Add, Cancel key.Binding
}

func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// DefaultKeyMap returns the editor's keys.
func DefaultKeyMap() KeyMap {
	h := huh.NewDefaultKeyMap()
	return KeyMap{
		Nav: NavKeys{
			Up:       bind([]string{"up", "shift+tab"}, "↑/shift+tab", "previous field"),
			Down:     bind([]string{"down", "tab"}, "↓/tab", "next field"),
			PageUp:   bind([]string{"pgup"}, "pgup", "page up"),
			PageDown: bind([]string{"pgdown"}, "pgdown", "page down"),
			Home:     bind([]string{"home"}, "home", "first field"),
			End:      bind([]string{"end"}, "end", "last field"),
			Back:     bind([]string{"esc"}, "esc", "up a level; at the top, back to the tools"),
			Open:     bind([]string{"enter"}, "enter", "open a subform, list or variant, or edit the value"),
			Next:     bind([]string{"right"}, "→", "next choice or variant; opens other fields"),
			Prev:     bind([]string{"left"}, "←", "previous choice or variant"),
			Toggle:   bind([]string{"space"}, "space", "flip a boolean, tick a multi-select"),
			Unset:    bind([]string{"ctrl+u"}, "ctrl+u", "unset: leave the field out"),
			Null:     bind([]string{"ctrl+n"}, "ctrl+n", "send null"),
			Default:  bind([]string{"ctrl+f"}, "ctrl+f", "fill in the default"),
			Raw:      bind([]string{"ctrl+r"}, "ctrl+r", "edit as JSON, and back"),
			Lines:    bind([]string{"ctrl+l"}, "ctrl+l", "text on one line or many"),
			Add:      bind([]string{"ctrl+a"}, "ctrl+a", "add a list item or map entry"),
			Delete:   bind([]string{"ctrl+d"}, "ctrl+d", "delete the list item or map entry"),
			MoveUp:   bind([]string{"alt+up"}, "alt+↑", "move the list item up"),
			MoveDown: bind([]string{"alt+down"}, "alt+↓", "move the list item down"),
			Submit:   bind([]string{"ctrl+s"}, "ctrl+s", "call (asks before sending invalid arguments)"),
			Example:  bind([]string{"ctrl+e"}, "ctrl+e", "fill every field with an example"),
			Minimal:  bind([]string{"ctrl+o"}, "ctrl+o", "fill the required fields with an example"),
			Whole:    bind([]string{"ctrl+g"}, "ctrl+g", "edit all the arguments as JSON"),
		},
		Edit: EditKeys{
			Done:    bind([]string{"enter"}, "enter", "done (one-line fields and lists)"),
			NewLine: bind([]string{"enter"}, "enter", "new line (text areas and JSON)"),
			Leave:   bind([]string{"esc"}, "esc", "leave the field"),
			Next:    bind([]string{"tab"}, "tab", "next field"),
			Prev:    bind([]string{"shift+tab"}, "shift+tab", "previous field"),
			Down:    bind([]string{"down"}, "↓", "next field (one-line fields)"),
			Up:      bind([]string{"up"}, "↑", "previous field (one-line fields)"),
			Raw:     bind([]string{"ctrl+r"}, "ctrl+r", "switch to JSON, and back"),
			Submit:  bind([]string{"ctrl+s"}, "ctrl+s", "send"),
			Lines:   bind([]string{"ctrl+l"}, "ctrl+l", "text on one line or many"),
		},
		Options: optionKeys(h),
		Ask: AskKeys{
			Send: bind([]string{"y", "Y"}, "y/Y", "send anyway"),
			Stay: bind([]string{"n", "N", "esc"}, "n/N/esc", "keep editing"),
			Up:   bind([]string{"up", "shift+tab"}, "↑/shift+tab", "previous problem"),
			Down: bind([]string{"down", "tab"}, "↓/tab", "next problem"),
			Jump: bind([]string{"enter"}, "enter", "go to the chosen problem's field"),
		},
		Prompt: PromptKeys{
			Add:    bind([]string{"enter"}, "enter", "add the entry"),
			Cancel: bind([]string{"esc"}, "esc", "cancel"),
		},
		Whole: WholeKeys{
			Apply:   bind([]string{"esc", "ctrl+g"}, "esc/ctrl+g", "apply the JSON to the form"),
			Discard: bind([]string{"ctrl+x"}, "ctrl+x", "discard the JSON, keep the form as it was"),
			Submit:  bind([]string{"ctrl+s"}, "ctrl+s", "apply and send"),
		},
	}
}

// optionKeys takes huh's list keys, described for the hint line.
func optionKeys(h *huh.KeyMap) OptionKeys {
	k := OptionKeys{Up: h.Select.Up, Down: h.Select.Down, PageUp: h.Select.HalfPageUp, PageDown: h.Select.HalfPageDown,
		Top: h.Select.GotoTop, Bottom: h.Select.GotoBottom, Filter: h.Select.Filter,
		Tick: h.MultiSelect.Toggle, All: h.MultiSelect.SelectAll}
	k.Up.SetHelp("↑/k/ctrl+k/ctrl+p", "previous option")
	k.Down.SetHelp("↓/j/ctrl+j/ctrl+n", "next option")
	k.PageUp.SetHelp("ctrl+u", "half a page up")
	k.PageDown.SetHelp("ctrl+d", "half a page down")
	k.Top.SetHelp("home/g", "first option")
	k.Bottom.SetHelp("end/G", "last option")
	k.Filter.SetHelp("/", "filter the options")
	k.Tick.SetHelp("space/x", "tick")
	k.All.SetHelp("ctrl+a", "tick all")
	return k
}

// huhKeys is huh's key map with the option lists' keys taken from k, so
// the lists act on the keys the hints name.
func (k KeyMap) huhKeys() *huh.KeyMap {
	h := huh.NewDefaultKeyMap()
	o := k.Options
	h.Select.Up, h.Select.Down, h.Select.Filter = o.Up, o.Down, o.Filter
	h.Select.HalfPageUp, h.Select.HalfPageDown, h.Select.GotoTop, h.Select.GotoBottom = o.PageUp, o.PageDown, o.Top, o.Bottom
	h.MultiSelect.Up, h.MultiSelect.Down, h.MultiSelect.Filter = o.Up, o.Down, o.Filter
	h.MultiSelect.HalfPageUp, h.MultiSelect.HalfPageDown = o.PageUp, o.PageDown
	h.MultiSelect.GotoTop, h.MultiSelect.GotoBottom = o.Top, o.Bottom
	h.MultiSelect.Toggle, h.MultiSelect.SelectAll = o.Tick, o.All
	return h
}

// HelpGroup is a titled list of bindings for a help screen.
type HelpGroup struct {
	Title    string
	Bindings []key.Binding
}

// FullHelp lists every binding of the map, by mode, for a help screen.
func (k KeyMap) FullHelp() []HelpGroup {
	n, e, o, a, p, w := k.Nav, k.Edit, k.Options, k.Ask, k.Prompt, k.Whole
	return []HelpGroup{
		{"Form", []key.Binding{n.Up, n.Down, n.PageUp, n.PageDown, n.Home, n.End, n.Open, n.Back, n.Next, n.Prev, n.Toggle}},
		{"Form values", []key.Binding{n.Unset, n.Null, n.Default, n.Raw, n.Lines, n.Add, n.Delete, n.MoveUp, n.MoveDown,
			n.Submit, n.Example, n.Minimal, n.Whole}},
		{"Editing a field", []key.Binding{e.Done, e.NewLine, e.Leave, e.Next, e.Prev, e.Down, e.Up, e.Raw, e.Lines, e.Submit}},
		{"Option lists", []key.Binding{o.Up, o.Down, o.PageUp, o.PageDown, o.Top, o.Bottom, o.Filter, o.Tick, o.All}},
		{"Send anyway?", []key.Binding{a.Send, a.Stay, a.Up, a.Down, a.Jump}},
		{"New map entry", []key.Binding{p.Add, p.Cancel}},
		{"All arguments as JSON", []key.Binding{w.Apply, w.Discard, w.Submit}},
	}
}
