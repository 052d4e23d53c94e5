package ui

import (
	"charm.land/bubbles/v2/key"

	askscreen "github.com/toolbench/toolbench/ui/screens/ask"
)

// keyMap is every key the root acts on: the keys that work on every
// screen, the questions' and the memory's. Update matches keys against
// it, and the help screen and the hint lines are drawn from it, so what
// they show is what works. The tools screen's keys, the form's among
// them, are its own (ui/screens/tools).
type keyMap struct {
	Global globalKeys
	// Ask answer the server's questions; the wait for a URL uses them too.
	Ask askscreen.Keys
	// Mem is the keys that open the memory's screens: history, presets,
	// saved tests, the changes since last time (keymap_memory.go).
	Mem memoryKeyMap
	// Quit answers whether to quit while a call runs (quit.go).
	Quit quitKeys
}

// globalKeys work on every screen.
type globalKeys struct {
	Quit, Cancel, Reconnect, Log key.Binding
	// Roots opens the roots screen; LogLevel the log level picker; Auth
	// the auth screen.
	Roots, LogLevel, Auth key.Binding
	// Tasks opens the Tasks screen.
	Tasks key.Binding
	// Resources opens the resources screen; Prompts the prompts screen.
	Resources, Prompts key.Binding
	// Hosts opens the Hosts screen: the tools' verdicts per MCP host.
	Hosts key.Binding
	// Help opens the help screen: ? where it is not typed as text, f1
	// anywhere.
	Help key.Binding
	// Palette opens the command palette from anywhere.
	Palette key.Binding
	// Open are the chord-free keys of the screens (keymap_open.go).
	Open openKeys
}

func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// newKeyMap returns the workbench's keys.
func newKeyMap() keyMap {
	return keyMap{Global: newGlobalKeys(), Ask: askscreen.NewKeys(), Mem: newMemoryKeyMap(), Quit: newQuitKeys()}
}

func newGlobalKeys() globalKeys {
	return globalKeys{
		Quit:      bind([]string{"ctrl+c"}, "ctrl+c", "quit"),
		Cancel:    bind([]string{"esc"}, "esc", "cancel the running call (the server is told)"),
		Reconnect: bind([]string{"alt+r"}, "alt+r", "reconnect, keeping forms and results"),
		Log:       bind([]string{"alt+l"}, "alt+l", "show or hide the protocol log"),
		Roots:     bind([]string{"alt+o"}, "alt+o", "show or hide the roots the server may use: list, add, remove"),
		LogLevel:  bind([]string{"alt+v"}, "alt+v", "show or hide the picker of the server's log level"),
		Auth:      bind([]string{"alt+a"}, "alt+a", "show or hide the OAuth flow: each step, its requests, its verdict"),
		Tasks:     bind([]string{"alt+t"}, "alt+t", "show or hide the Tasks screen: the server's tasks, their status and results"),
		Resources: bind([]string{"alt+e"}, "alt+e", "show or hide the resources and resource templates"),
		Prompts:   bind([]string{"alt+p"}, "alt+p", "show or hide the prompts"),
		Hosts:     bind([]string{"alt+w"}, "alt+w", "show or hide the Hosts screen: where each tool works, by MCP host"),
		Help:      bind([]string{"?", "f1"}, "?/f1", "this help (f1 where ? is typed as text)"),
		Palette:   bind([]string{"ctrl+p"}, "ctrl+p", "the command palette: every screen and action, filtered as you type"),
		Open:      newOpenKeys(),
	}
}
