package ui

import (
	"encoding/json"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
)

// Messages from commands and from the connection. Each carries the
// generation or request it belongs to, so replies that arrive after a
// reconnect or a newer call are dropped instead of shown.

// connectedMsg is the outcome of a connect attempt.
type connectedMsg struct {
	gen  int
	sess Session
	err  error
}

// toolsLoadedMsg is the outcome of listing tools.
type toolsLoadedMsg struct {
	gen   int
	tools []tool.Tool
	// pages are the tools/list results the tools came from, as sent.
	pages []json.RawMessage
	err   error
}

// eventMsg is an event from the connection of generation gen.
type eventMsg struct {
	gen   int
	event client.Event
}
