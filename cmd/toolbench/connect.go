package main

import (
	"context"
	"errors"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui"
)

func newConnectCmd(st *streams) *cobra.Command {
	var conn targetOptions
	cmd := targetCommand(&cobra.Command{
		Use:   "connect [flags] TARGET",
		Short: "Open the workbench on a server: browse tools, fill forms, call, judge",
		RunE: func(cmd *cobra.Command, args []string) error {
			return runWorkbench(cmd.Context(), st, &conn, args)
		},
	})
	conn.addFlags(cmd.Flags())
	return cmd
}

// runWorkbench opens the TUI on the target the arguments name.
func runWorkbench(ctx context.Context, st *streams, conn *targetOptions, args []string) error {
	if !st.OutTTY {
		return usagef("the workbench needs a terminal; for scripts use 'toolbench tools' and 'toolbench call'")
	}
	t, opts, err := conn.resolve(st, args)
	if err != nil {
		return err
	}
	// The workbench shows what the server says in its own log; -v output
	// on stderr would draw over the screen.
	opts.Logf = nil
	connector := func(ctx context.Context, onEvent func(client.Event)) (ui.Session, error) {
		o := opts
		o.OnEvent, o.Listen = onEvent, true
		s, err := client.Connect(ctx, t, o)
		if err != nil {
			// A nil *client.Session inside the interface would not be nil.
			return nil, err
		}
		return s, nil
	}
	target := t.String()
	if t.Name != "" {
		target = t.Name
	}
	err = ui.Run(ctx, connector, ui.Options{Target: target}, st.In, st.Out)
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}
