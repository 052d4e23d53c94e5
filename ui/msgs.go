package ui

import (
	"github.com/toolbench/toolbench/check"
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
	err   error
}

// eventMsg is an event from the connection of generation gen.
type eventMsg struct {
	gen   int
	event client.Event
}

// callDoneMsg is the outcome of a tool call.
type callDoneMsg struct {
	req    int
	tool   string
	args   []byte
	result *client.CallResult
	err    error
}

// progressMsg is a progress notification for call req.
type progressMsg struct {
	req int
	ev  client.ProgressEvent
}

// resultReadyMsg carries a result's verdict and lines, made off the UI
// goroutine because results can be tens of megabytes. judged is set for
// the first rendering, which brings the verdict; later ones only follow
// the pane's width.
type resultReadyMsg struct {
	req     int
	tool    string
	verdict check.OutputVerdict
	lines   []string
	width   int
	judged  bool
}

// clockMsg moves the clock of running call req on.
type clockMsg struct{ req int }
