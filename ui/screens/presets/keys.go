package presets

import (
	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/widget"
)

// Keys are the screen's keys, by what it is doing.
type Keys struct {
	// Name ends the typing of a preset's name; the rest is typed.
	Name NameKeys
	// List moves through the presets and filters them.
	List widget.ListKeys
	// Pick acts on the preset selected.
	Pick PickKeys
	// Confirm answers "delete this preset?".
	Confirm ConfirmKeys
}

// NameKeys save the preset under the name typed, or do not.
type NameKeys struct{ Save, Cancel key.Binding }

// PickKeys load or delete the selected preset, or close the picker.
type PickKeys struct{ Load, Delete, Back key.Binding }

// ConfirmKeys say yes or no to a deletion.
type ConfirmKeys struct{ Yes, No key.Binding }

func newKeys(l *widget.List) Keys {
	return Keys{
		Name: NameKeys{
			Save:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "save the preset under this name")),
			Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "do not save")),
		},
		List: l.Keys,
		Pick: PickKeys{
			Load:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "load the preset into the form")),
			Delete: key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d/delete", "delete the preset, after a yes")),
			Back:   key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc/q", "close the presets")),
		},
		Confirm: ConfirmKeys{
			Yes: key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "yes, delete it")),
			No:  key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("n/esc", "no, keep it")),
		},
	}
}

// Keys lists the screen's keys, those of what it is doing first.
func (s *Screen) Keys() []screen.Group {
	k := s.keys
	naming := screen.Group{Title: "Naming a preset", Bindings: []key.Binding{k.Name.Save, k.Name.Cancel}}
	picking := screen.Group{Title: "Presets", Bindings: append(k.List.Bindings(), k.List.Filter, k.Pick.Load, k.Pick.Delete, k.Pick.Back)}
	filtering := screen.Group{Title: "Filtering the presets", Bindings: []key.Binding{k.List.Done, k.List.Clear}}
	deleting := screen.Group{Title: "Deleting a preset", Bindings: []key.Binding{k.Confirm.Yes, k.Confirm.No}}
	now := picking.Title
	switch {
	case s.naming:
		now = naming.Title
	case s.confirm != "":
		now = deleting.Title
	case s.list.Filtering():
		now = filtering.Title
	}
	return screen.Lead([]screen.Group{picking, filtering, deleting, naming}, now)
}

// Hints are the keys that matter now: the answer to the question asked
// first.
func (s *Screen) Hints() [][2]string {
	k := s.keys
	switch {
	case s.naming:
		return [][2]string{screen.Hint(k.Name.Save, "save"), screen.Hint(k.Name.Cancel, "cancel")}
	case s.confirm != "":
		return [][2]string{screen.Hint(k.Confirm.Yes, "delete"), screen.Hint(k.Confirm.No, "keep")}
	case s.list.Filtering():
		return [][2]string{screen.Hint(k.List.Done, "keep filter"), screen.Hint(k.List.Clear, "clear")}
	}
	return [][2]string{screen.HintPair(k.List.Up, k.List.Down, "select"), screen.Hint(k.Pick.Load, "load"),
		screen.Hint(k.Pick.Delete, "delete"), screen.Hint(k.List.Filter, "filter"), screen.Hint(k.Pick.Back, "close")}
}
