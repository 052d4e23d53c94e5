// Package ui is the workbench: a bubbletea program that lists a server's
// tools, edits their arguments as forms, calls them and shows results, the
// protocol log and the connection's state. It is the only package that
// draws; it reaches the server through the Session interface declared here,
// so model tests use a fake and the program uses the real client.
package ui

import (
	"context"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/tool"
)

// Session is what the workbench needs of a live connection. *client.Session
// implements it.
type Session interface {
	Info() client.ServerInfo
	Transport() target.Transport
	ListTools(ctx context.Context) ([]tool.Tool, error)
	CallTool(ctx context.Context, name string, args []byte, onProgress func(client.ProgressEvent)) (*client.CallResult, error)
	Frames() ([]client.Frame, int)
	StderrTail(n int) []string
	Done() <-chan struct{}
	Err() error
	Close() error
}

// Connector opens a session, delivering the connection's events to
// onEvent. The workbench calls it to connect and to reconnect.
type Connector func(ctx context.Context, onEvent func(client.Event)) (Session, error)

var _ Session = (*client.Session)(nil)
