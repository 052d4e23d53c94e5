package tools

import (
	"encoding/json"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
)

// Listed gives the screen the tools the server listed: the list keeps
// the selected tool when it is still there, and forms whose schema
// changed are rebuilt with the values typed so far.
type Listed struct{ Tools []tool.Tool }

// Call calls the server's tool Tool with Args. Open shows the tool's
// Result tab first (a call made again from the history); without it the
// call is made where the person is (a call retried after a URL
// elicitation), and Why says so on the status line.
type Call struct {
	Tool string
	Args json.RawMessage
	Open bool
	Why  string
}

// Load puts Args into the form of tool Tool and shows the form; What
// names the arguments on the status line ("preset oslo"). The Result is
// handled only when the form took them.
type Load struct {
	Tool string
	Args json.RawMessage
	What string
}

// TaskResult puts the result of a task tool Tool ran in its Result tab,
// judged against its outputSchema; Show shows the tab, else the status
// line says where the result is.
type TaskResult struct {
	Tool   string
	Result *client.CallResult
	Show   bool
}

// Cancel cancels the running call, saying so on the status line; the
// server is told with notifications/cancelled.
type Cancel struct{}

// Messages of the screen's own commands and of the session's callbacks.
// Each carries the request it belongs to, so replies that arrive after a
// newer call are dropped instead of shown.

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
	// notes are the host rules the result breaks.
	notes  []host.Finding
	lines  []string
	width  int
	judged bool
}

// clockMsg moves the clock of running call req on.
type clockMsg struct{ req int }

// taskStateMsg is a task's state as call req saw it (created, polled,
// notified), from CallOptions.OnTask.
type taskStateMsg struct {
	req  int
	task client.Task
}

// Forward gives the part that has focus (the form, the list's filter) a
// message no screen took: a paste, a cursor's blink. Other messages the
// screen takes only when they are its own, so it can be offered every
// reply without taking another screen's.
type Forward struct{ Msg tea.Msg }

// ShowList gives the keys to the tool list: the header's Tools tab was
// clicked.
type ShowList struct{}
