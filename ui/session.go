// Package ui is the workbench: a bubbletea program that lists a server's
// tools, edits their arguments as forms, calls them and shows results, the
// protocol log and the connection's state, and answers what the server asks
// (elicitation and sampling in modals, roots from its roots screen). It is
// the only package that draws; it reaches the server through the Session
// interface declared here, so model tests use a fake and the program uses
// the real client.
package ui

import (
	"context"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/tool"
)

// Session is what the workbench needs of a live connection; the rest
// (frames, the end of the connection) reaches it as events through the
// Connector's onEvent. *client.Session implements it. The workbench calls
// every method from commands, never from the UI goroutine, except Info,
// Transport and StderrTail, which must not block.
type Session interface {
	// Info is what the server said about itself.
	Info() client.ServerInfo
	// Transport is the transport the session uses.
	Transport() target.Transport
	// ListTools lists the server's tools, each with its raw JSON.
	ListTools(ctx context.Context) ([]tool.Tool, error)
	// CallTool calls a tool with arguments as JSON, reporting progress to
	// onProgress until it returns; cancelling ctx tells the server.
	CallTool(ctx context.Context, name string, args []byte, onProgress func(client.ProgressEvent)) (*client.CallResult, error)
	// RootsChanged tells the server that the workbench's roots changed
	// (notifications/roots/list_changed on a legacy server; nothing on
	// 2026-07-28, where roots are asked for per request).
	RootsChanged(ctx context.Context) error
	// SetLogLevel asks the server for log messages at level and above.
	SetLogLevel(ctx context.Context, level string) error
	// StderrTail is the last n lines a stdio server wrote to stderr (none
	// for HTTP servers).
	StderrTail(n int) []string
	// Close ends the session; it may be called more than once.
	Close() error
}

// Connector opens a session, delivering the connection's events to
// onEvent and what the server asks of the client to answer (the session's
// client.Options.Answer). The workbench calls it to connect and to
// reconnect; answer belongs to that one connection.
type Connector func(ctx context.Context, onEvent func(client.Event), answer client.Answerer) (Session, error)

var _ Session = (*client.Session)(nil)
