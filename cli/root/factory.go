package root

import (
	"context"
	"os"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/config"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/ui"
)

// connectFunc opens a session with a server: client.Connect in the
// product. Commands get it injected, so tests of their parsing start no
// server.
type connectFunc func(ctx context.Context, t target.Target, opts client.Options) (*client.Session, error)

// factory holds what every command is built from: the streams, how to
// reach and how to name a server, and the signals that interrupt it.
type factory struct {
	IO        *streams
	Connect   connectFunc
	Targets   target.Parser
	Workbench func(ctx context.Context, connect ui.Connector, opts ui.Options, st *streams) error
	// Signals delivers the signals that interrupt a command (see
	// signal.go); nil means nothing interrupts it but its context.
	Signals <-chan os.Signal
	// Exit ends the process at once, for an interrupted command that does
	// not stop in time; nil leaves every command to stop on its own.
	Exit func(code int)
	// Auth is the OAuth flow and its token store.
	Auth authAPI
	// OpenURL opens an authorization URL in the system browser; nil
	// means there is none, and the URL is only printed.
	OpenURL func(url string) error
	// History opens the store of what toolbench remembers (calls,
	// presets, snapshots); tests point it at a directory of their own.
	History func() (*history.Store, error)
	// global holds the root's persistent flags once they are parsed.
	global globalOptions
}

// globalOptions are the flags of every command.
type globalOptions struct {
	verbose bool
}

// newFactory is the product's factory on the given streams.
func newFactory(st *streams) *factory {
	return &factory{
		IO:      st,
		Connect: client.Connect,
		Targets: target.Parser{ConfigPaths: config.DefaultPaths, Demo: demoTarget, LookupEnv: os.LookupEnv},
		Auth:    productAuth(),
		OpenURL: openInBrowser,
		History: openHistory,
		Workbench: func(ctx context.Context, connect ui.Connector, opts ui.Options, st *streams) error {
			return ui.Run(ctx, connect, opts, st.In, uncheckedOut(st.Out))
		},
	}
}

// openHistory opens the product's store under the XDG state directory.
func openHistory() (*history.Store, error) {
	dir, err := history.DefaultDir()
	if err != nil {
		return nil, err
	}
	return history.Open(dir, history.Options{})
}
