// Package workbench is the commands that open the workbench, toolbench's
// screen for one server: connect (any server) and demo (the built-in one).
// They name the server as every command does (cli/reach) and hand the
// screen a connector whose sessions all end with it.
package workbench

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/ui"
)

// RunFunc opens the screen on st with the connector and options: ui.Run
// in the product, on the terminal itself; tests see what it was given.
type RunFunc func(ctx context.Context, connect ui.Connector, opts ui.Options, st *iostreams.Streams) error

// Factory is what the workbench commands are built from: how to reach a
// server, as for every command, and what only the workbench needs. cli/root
// fills it.
type Factory struct {
	// Reach names and reaches the server.
	Reach *reach.Factory
	// Run opens the screen.
	Run RunFunc
	// History opens the store the workbench remembers the server in.
	History func() (*history.Store, error)
}

// Options are what `connect` and `demo` run the workbench with.
type Options struct {
	// IO are the streams; the screen needs stdout to be a terminal.
	IO *iostreams.Streams
	// Connect opens each session the screen asks for (reach.Factory's).
	Connect reach.ConnectFunc
	// Run opens the screen (Factory.Run).
	Run RunFunc
	// Server is what the TARGET words named, and how to reach it.
	Server reach.Server
	// History opens the store the workbench remembers the server in.
	History func() (*history.Store, error)
	// Command writes the `toolbench call` that repeats a call of the
	// workbench (see reach.CallLine).
	Command func(tool string, args []byte) (line string, vars []string)
}

// NewCmdConnect is `toolbench connect`: the workbench on the server the
// TARGET names. runF, when a test gives one, gets the parsed options
// instead of the workbench opening.
func NewCmdConnect(f Factory, runF func(*Options) error) *cobra.Command {
	return workbenchCmd(f, runF, reach.TargetCommand(&cobra.Command{
		Use:     "connect [flags] TARGET",
		Short:   "Open the workbench on a server: browse tools, fill forms, call, judge",
		Example: exampleConnect,
	}), func(args []string) []string { return args })
}

// NewCmdDemo is `toolbench demo`: the workbench on the built-in demo
// server, every feature with nothing else installed. runF is as for
// NewCmdConnect.
func NewCmdDemo(f Factory, runF func(*Options) error) *cobra.Command {
	return workbenchCmd(f, runF, &cobra.Command{
		Use:     "demo",
		Short:   "Open the workbench on toolbench's built-in demo server",
		Args:    cobra.NoArgs,
		Example: exampleDemo,
	}, func([]string) []string { return []string{target.DemoWord} })
}

// workbenchCmd makes cmd open the workbench on the server that targetOf
// names from its arguments, with the connection flags.
func workbenchCmd(f Factory, runF func(*Options) error, cmd *cobra.Command, targetOf func([]string) []string) *cobra.Command {
	opts := &Options{Run: f.Run, History: f.History}
	var conn reach.ConnFlags
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		srv, err := conn.Resolve(f.Reach, targetOf(args))
		if err != nil {
			return err
		}
		// Read now, not when the command was made: root may have
		// changed them since (reach.Factory).
		opts.IO, opts.Connect, opts.Server = f.Reach.IO, f.Reach.Connect, srv
		opts.Command = reach.NewCallLine(&conn, cmd.Flags(), srv.Target).Command
		return reach.RunWith(cmd.Context(), opts, runF, workbenchRun)
	}
	conn.AddFlags(cmd.Flags())
	return cmd
}

// workbenchRun opens the TUI on the server. Every session it opens is
// closed before it returns, whether the person quit, a signal came, or a
// connect was still under way: a stdio server must not outlive toolbench.
func workbenchRun(ctx context.Context, opts *Options) error {
	if !opts.IO.OutTTY {
		return usage.Errorf("the workbench needs a terminal; for scripts use 'toolbench tools' and 'toolbench call'")
	}
	// Before the screen takes over the terminal.
	reach.Announce(opts.IO, opts.Server, false)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sessions := newSessionSet(ctx)
	t, base := opts.Server.Target, opts.Server.Options
	// The workbench shows what the server says in its own log; -v output
	// on stderr would draw over the screen.
	base.Logf = nil
	connector := func(uctx context.Context, onEvent func(client.Event), answer client.Answerer) (ui.Session, error) {
		o := base
		o.OnEvent, o.Listen, o.Answer = onEvent, true, answer
		s, err := sessions.open(uctx, func(ctx context.Context) (*client.Session, error) { return opts.Connect(ctx, t, o) })
		if err != nil {
			// A nil *session inside the interface would not be nil.
			return nil, err
		}
		return s, nil
	}
	uo := ui.Options{Target: workbenchLabel(t), ServerName: t.Name, Command: opts.Command, Roots: opts.Server.Roots, LogLevel: base.LogLevel}
	// Before the screen takes over, so a warning can still be read.
	if mem := workbenchMemory(opts); mem != nil {
		uo.Memory = mem
	}
	if ao := opts.Server.Auth; ao != nil {
		// The screen is the terminal now: the flow's steps and the
		// person's answers go through the auth screen, not stderr and stdin.
		uo.Auth = ui.NewAuthBridge(opts.Server.Browser)
		ao.Observe, ao.Agent = uo.Auth.Observe, uo.Auth.Agent()
	}
	err := opts.Run(ctx, connector, uo, opts.IO)
	cancel()
	sessions.closeAll()
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// workbenchMemory is what the workbench remembers the server in; nil,
// after a warning, when the store cannot be opened: the workbench still
// runs, remembering nothing.
func workbenchMemory(opts *Options) *Memory {
	if opts.History == nil {
		return nil
	}
	store, err := opts.History()
	if err != nil {
		fmt.Fprintf(opts.IO.Err, "toolbench: warning: the workbench will remember nothing of this session: %v\n", err)
		return nil
	}
	return NewMemory(store, opts.Server.Target, opts.Server.Secrets)
}

// workbenchLabel is how the header names the server: the config name, or
// the target with its URL's secrets redacted.
func workbenchLabel(t target.Target) string {
	if t.Name != "" {
		return t.Name
	}
	return t.String()
}
