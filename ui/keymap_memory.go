package ui

import (
	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/ui/render"
)

// memoryKeys open what the workbench remembers of the server: the
// history screen and the changes since the last connect anywhere, presets
// in the form, saving a call as a test on the Result tab. The form types
// letters, so its keys are alt chords no form or huh key uses. The keys
// on those screens are their packages' (ui/screens/history, changes,
// presets, savetest).
type memoryKeys struct {
	// History and Diff work on every screen, like the global keys.
	History, Diff key.Binding
	// SavePreset and Presets work in a tool's form.
	SavePreset, Presets key.Binding
	// SaveTest works on the Result tab.
	SaveTest key.Binding
}

// memoryKeyMap gathers the keys that open the memory's screens, so
// keyMap gains one field.
type memoryKeyMap struct {
	Memory memoryKeys
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
	}
}

// titleMemory titles the help section of the keys of what the workbench
// remembers; the tools screen names it where those keys apply.
const titleMemory = "What the workbench remembers"

// memoryHelp is the help section of the keys that open the memory's
// screens.
func (k memoryKeyMap) memoryHelp() []render.HelpSection {
	mk := k.Memory
	return []render.HelpSection{
		{Title: titleMemory, Rows: helpRows(mk.History, mk.Diff, mk.SavePreset, mk.Presets, mk.SaveTest)},
	}
}
