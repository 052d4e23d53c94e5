// Package ui is the workbench's root: the bubbletea program that holds
// the screen contract's wiring and nothing of a screen's own. It keeps the
// stack of screens (the tools screen, ui/screens/tools, at its base), the
// registry that makes them, the connection's lifecycle, the status line,
// the header and its screen row, and the questions the server asks; it
// routes every message to the screen it belongs to and carries out the
// Actions screens return. It reaches the server through the Session
// interface declared here and hands each screen the slice of it that
// screen declares, so model tests use a fake and the program uses the
// real client.
package ui

import (
	"context"
	"encoding/json"

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
	// ListToolsPages lists the server's tools, each with its raw JSON,
	// and returns every tools/list result as sent, from the same
	// requests: the host rules judge the pages themselves.
	ListToolsPages(ctx context.Context) ([]tool.Tool, []json.RawMessage, error)
	// ListOtherPages lists the resources, resource templates and prompts
	// the server declares, as a host does when it connects, and returns
	// every page as sent.
	ListOtherPages(ctx context.Context) ([]client.ListPage, error)
	// CallTool calls a tool with arguments as JSON, reporting progress to
	// onProgress until it returns; cancelling ctx tells the server.
	CallTool(ctx context.Context, name string, args []byte, onProgress func(client.ProgressEvent)) (*client.CallResult, error)
	// CallToolWith calls a tool that may run as a task; opts.OnTask
	// reports the task's state while it runs.
	CallToolWith(ctx context.Context, name string, args []byte, opts client.CallOptions) (*client.CallResult, error)
	// ListResources is resources/list, every page.
	ListResources(ctx context.Context) ([]client.Resource, error)
	// ListResourceTemplates is resources/templates/list, every page.
	ListResourceTemplates(ctx context.Context) ([]client.ResourceTemplate, error)
	// ReadResource is resources/read of uri.
	ReadResource(ctx context.Context, uri string) (*client.ReadResult, error)
	// ListPrompts is prompts/list, every page.
	ListPrompts(ctx context.Context) ([]client.Prompt, error)
	// GetPrompt is prompts/get of the prompt name with args.
	GetPrompt(ctx context.Context, name string, args map[string]string) (*client.PromptResult, error)
	// Offers says whether the server declared a capability ("resources",
	// "prompts"), so a feature it lacks is not asked for; it must not
	// block.
	Offers(capability string) bool
	// CanComplete says whether Complete may be asked; it must not block.
	CanComplete() bool
	// Complete is completion/complete for an argument of a prompt or a
	// resource template.
	Complete(ctx context.Context, ref client.CompletionRef, arg, value string, filled map[string]string) (*client.Completion, error)
	// CanSubscribe says whether Subscribe may be asked; it must not block.
	CanSubscribe() bool
	// Subscribe starts the updates of a resource, which arrive as
	// client.ResourceUpdatedEvent.
	Subscribe(ctx context.Context, uri string) error
	// Unsubscribe stops them.
	Unsubscribe(ctx context.Context, uri string) error
	// ListTasks is the tasks the server holds: listed, or those seen
	// where there is no tasks/list.
	ListTasks(ctx context.Context) (client.TaskList, error)
	// GetTask looks a task up by id.
	GetTask(ctx context.Context, id string) (client.Task, error)
	// CancelTask asks the server to cancel a task, returning its state.
	CancelTask(ctx context.Context, id string) (client.Task, error)
	// TaskResult waits for a task's result.
	TaskResult(ctx context.Context, id string) (*client.CallResult, error)
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
