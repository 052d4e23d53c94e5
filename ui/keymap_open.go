package ui

import "charm.land/bubbles/v2/key"

// openKeys open the screens and the palette without a chord: capital
// letters and `:`, taken only where no text is typed. macOS Terminal and
// iTerm2 send alt+letter as a character by default, and Windows Terminal
// takes alt+enter, so every alt chord has one of these (or the palette)
// beside it.
type openKeys struct {
	Resources, Prompts, Tasks, Log, History, Changes, Roots, LogLevel, Auth, Hosts key.Binding
	// Palette opens the command palette.
	Palette key.Binding
}

func newOpenKeys() openKeys {
	return openKeys{
		Resources: bind([]string{"E"}, "E", "resources and resource templates"),
		Prompts:   bind([]string{"P"}, "P", "prompts"),
		Tasks:     bind([]string{"T"}, "T", "the server's tasks"),
		Log:       bind([]string{"L"}, "L", "the protocol log"),
		History:   bind([]string{"H"}, "H", "this server's call history"),
		Changes:   bind([]string{"C"}, "C", "what changed in the tools since the last connect"),
		Roots:     bind([]string{"O"}, "O", "the roots the server may use"),
		LogLevel:  bind([]string{"V"}, "V", "the server's log level"),
		Auth:      bind([]string{"A"}, "A", "the OAuth flow"),
		Hosts:     bind([]string{"W"}, "W", "where each tool works: the verdicts by MCP host"),
		Palette:   bind([]string{":"}, ":", "the command palette"),
	}
}
