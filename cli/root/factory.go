package root

import (
	"context"
	"os"

	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/config"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/ui"
)

// factory holds what every command is built from: how to reach and how to
// name a server (reach.Factory: the streams, Connect, the target parser,
// OAuth, -v), and what the commands still here need besides.
type factory struct {
	reach.Factory
	Workbench func(ctx context.Context, connect ui.Connector, opts ui.Options, st *streams) error
	// Signals delivers the signals that interrupt a command (see
	// signal.go); nil means nothing interrupts it but its context.
	Signals <-chan os.Signal
	// Exit ends the process at once, for an interrupted command that does
	// not stop in time; nil leaves every command to stop on its own.
	Exit func(code int)
	// History opens the store of what toolbench remembers (calls,
	// presets, snapshots); tests point it at a directory of their own.
	History func() (*history.Store, error)
}

// newFactory is the product's factory on the given streams.
func newFactory(st *streams) *factory {
	return &factory{
		Factory: reach.Factory{
			IO:            st,
			Connect:       client.Connect,
			Targets:       target.Parser{ConfigPaths: config.DefaultPaths, Demo: demoTarget, LookupEnv: os.LookupEnv},
			Auth:          reach.ProductAuth(),
			OpenURL:       reach.OpenInBrowser,
			ClientVersion: version,
		},
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
