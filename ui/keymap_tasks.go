package ui

import "charm.land/bubbles/v2/key"

// appKeys act on the MCP App section of the Meta tab.
type appKeys struct {
	Read key.Binding
}

func newAppKeys() appKeys {
	return appKeys{Read: bind([]string{"r"}, "r", "read the tool's ui:// app resource (resources/read)")}
}

// asTaskHelp is the help of the list's and the detail pane's AsTask.
const asTaskHelp = "call a task-optional tool as a task, or not (toggle)"
