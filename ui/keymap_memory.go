package ui

import (
	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/ui/render"
)

// memoryKeys open what the workbench remembers of the server: the
// history screen and the diff since the last connect anywhere, presets in
// the form, saving a call as a test on the Result tab. The form types
// letters, so its keys are alt chords no form or huh key uses.
type memoryKeys struct {
	// History and Diff work on every screen, like the global keys.
	History, Diff key.Binding
	// SavePreset and Presets work in a tool's form.
	SavePreset, Presets key.Binding
	// SaveTest works on the Result tab.
	SaveTest key.Binding
}

// historyKeys act on the history screen.
type historyKeys struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
	Filter, Rerun, Edit                   key.Binding
	// DetailUp and DetailDown scroll the detail pane.
	DetailUp, DetailDown key.Binding
	Back                 key.Binding
}

// historyFilterKeys end the typing of the tool filter.
type historyFilterKeys struct {
	Done, Clear key.Binding
}

// nameKeys end the typing of a name (a preset's); the rest is typed.
type nameKeys struct {
	Save, Cancel key.Binding
}

// presetKeys act on the tool's preset picker.
type presetKeys struct {
	Up, Down, Load, Delete, Back key.Binding
}

// confirmKeys answer "delete this preset?".
type confirmKeys struct {
	Yes, No key.Binding
}

// saveTestKeys act on the save-as-test modal: tab moves between the
// name, the path and the checks; space ticks a check.
type saveTestKeys struct {
	Next, Prev, Toggle, Save, Cancel key.Binding
}

// diffKeys scroll the diff screen.
type diffKeys struct {
	Up, Down, PageUp, PageDown, Home, End, Back key.Binding
}

// memoryKeyMap gathers the keys of the memory screens, so keyMap gains
// one field.
type memoryKeyMap struct {
	Memory        memoryKeys
	History       historyKeys
	HistoryFilter historyFilterKeys
	Name          nameKeys
	Preset        presetKeys
	Confirm       confirmKeys
	SaveTest      saveTestKeys
	Diff          diffKeys
}

func newMemoryKeyMap() memoryKeyMap {
	return memoryKeyMap{
		Memory: memoryKeys{
			History:    bind([]string{"alt+h"}, "alt+h", "show or hide this server's call history: re-run a call or load its arguments"),
			Diff:       bind([]string{"alt+c"}, "alt+c", "show or hide what changed in the server's tools since the last connect"),
			SavePreset: bind([]string{"alt+s"}, "alt+s", "in the form: save the arguments as a named preset"),
			Presets:    bind([]string{"alt+b"}, "alt+b", "in the form: browse the tool's presets, load or delete one"),
			SaveTest:   bind([]string{"t"}, "t", "on the Result tab: save the call as a test expecting what it shows"),
		},
		History: newHistoryKeys(),
		HistoryFilter: historyFilterKeys{
			Done:  bind([]string{"enter"}, "enter", "keep the filter"),
			Clear: bind([]string{"esc"}, "esc", "clear the filter"),
		},
		Name: nameKeys{
			Save:   bind([]string{"enter"}, "enter", "save the preset under this name"),
			Cancel: bind([]string{"esc"}, "esc", "do not save"),
		},
		Preset: presetKeys{
			Up:     bind([]string{"up", "k"}, "↑/k", "previous preset"),
			Down:   bind([]string{"down", "j"}, "↓/j", "next preset"),
			Load:   bind([]string{"enter"}, "enter", "load the preset into the form"),
			Delete: bind([]string{"d", "delete"}, "d/delete", "delete the preset, after a yes"),
			Back:   bind([]string{"esc", "q"}, "esc/q", "close the presets"),
		},
		Confirm: confirmKeys{
			Yes: bind([]string{"y"}, "y", "yes, delete it"),
			No:  bind([]string{"n", "esc"}, "n/esc", "no, keep it"),
		},
		SaveTest: saveTestKeys{
			Next:   bind([]string{"tab", "down"}, "tab/↓", "next field or check"),
			Prev:   bind([]string{"shift+tab", "up"}, "shift+tab/↑", "previous field or check"),
			Toggle: bind([]string{"space"}, "space", "keep the check, or leave it out"),
			Save:   bind([]string{"enter", "ctrl+s"}, "enter/ctrl+s", "save the test into the collection"),
			Cancel: bind([]string{"esc"}, "esc", "do not save"),
		},
		Diff: diffKeys{
			Up:       bind([]string{"up", "k"}, "↑/k", "scroll up"),
			Down:     bind([]string{"down", "j"}, "↓/j", "scroll down"),
			PageUp:   bind([]string{"pgup"}, "pgup", "page up"),
			PageDown: bind([]string{"pgdown", "space"}, "pgdown/space", "page down"),
			Home:     bind([]string{"home", "g"}, "home/g", "top"),
			End:      bind([]string{"end", "G"}, "end/G", "bottom"),
			Back:     bind([]string{"esc", "q"}, "esc/q", "close the diff"),
		},
	}
}

func newHistoryKeys() historyKeys {
	return historyKeys{
		Up:         bind([]string{"up", "k"}, "↑/k", "newer call"),
		Down:       bind([]string{"down", "j"}, "↓/j", "older call"),
		PageUp:     bind([]string{"pgup"}, "pgup", "page up"),
		PageDown:   bind([]string{"pgdown"}, "pgdown", "page down"),
		Home:       bind([]string{"home", "g"}, "home/g", "newest call"),
		End:        bind([]string{"end", "G"}, "end/G", "oldest call"),
		Filter:     bind([]string{"/"}, "/", "filter by tool name (a fresh filter each time)"),
		Rerun:      bind([]string{"enter"}, "enter", "call the tool again with the recorded arguments"),
		Edit:       bind([]string{"e"}, "e", "load the recorded arguments into the tool's form"),
		DetailUp:   bind([]string{"alt+k"}, "alt+k", "scroll the call's detail up"),
		DetailDown: bind([]string{"alt+j"}, "alt+j", "scroll the call's detail down"),
		Back:       bind([]string{"esc", "q"}, "esc/q", "close the history"),
	}
}

// memoryHelp are the help sections of the memory screens.
func (k memoryKeyMap) memoryHelp() []render.HelpSection {
	mk, h, hf, n, p, c, s, d := k.Memory, k.History, k.HistoryFilter, k.Name, k.Preset, k.Confirm, k.SaveTest, k.Diff
	return []render.HelpSection{
		{Title: "What the workbench remembers", Rows: helpRows(mk.History, mk.Diff, mk.SavePreset, mk.Presets, mk.SaveTest)},
		{Title: "History", Rows: helpRows(h.Up, h.Down, h.PageUp, h.PageDown, h.Home, h.End, h.Filter, h.Rerun, h.Edit,
			h.DetailUp, h.DetailDown, h.Back)},
		{Title: "Filtering the history", Rows: helpRows(hf.Done, hf.Clear)},
		{Title: "Naming a preset", Rows: helpRows(n.Save, n.Cancel)},
		{Title: "Presets", Rows: helpRows(p.Up, p.Down, p.Load, p.Delete, p.Back)},
		{Title: "Deleting a preset", Rows: helpRows(c.Yes, c.No)},
		{Title: "Saving a call as a test", Rows: helpRows(s.Next, s.Prev, s.Toggle, s.Save, s.Cancel)},
		{Title: "Changes since last time", Rows: helpRows(d.Up, d.Down, d.PageUp, d.PageDown, d.Home, d.End, d.Back)},
	}
}
