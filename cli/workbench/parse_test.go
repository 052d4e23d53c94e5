package workbench

import (
	"context"
	"reflect"
	"testing"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/reach/reachtest"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/ui"
)

// parse runs the command build makes on args with its run replaced by one
// that keeps the options: what the flags and the target parsed to, with
// no server started and no screen opened. Stdout is a terminal, as the
// workbench needs one.
func parse(t *testing.T, build func(Factory, func(*Options) error) *cobra.Command, args ...string) (*Options, error) {
	t.Helper()
	f := reachtest.Factory(t, "")
	f.IO.OutTTY = true
	return reachtest.Parse(t, f, func(r *reach.Factory, runF func(*Options) error) *cobra.Command {
		return build(Factory{Reach: r}, runF)
	}, args...)
}

// TestWorkbenchParse: connect and demo hand the workbench the target's
// redacted form for its header and copy command, never its secrets.
func TestWorkbenchParse(t *testing.T) {
	t.Parallel()
	got, err := parse(t, NewCmdConnect, "-H", "X-A: 1", "http://user:pw@127.0.0.1:1/mcp?api_key=K")
	if err != nil {
		t.Fatal(err)
	}
	var label string
	got.Run = func(_ context.Context, _ ui.Connector, opts ui.Options, _ *iostreams.Streams) error {
		label = opts.Target
		return nil
	}
	if err := workbenchRun(context.Background(), got); err != nil || label != "http://***:***@127.0.0.1:1/mcp?api_key=***" {
		t.Errorf("the workbench got %q, %v", label, err)
	}
	demo, err := parse(t, NewCmdDemo, "-e", "A=1")
	if err != nil || demo.Server.Target.Name != target.DemoWord || !reflect.DeepEqual(demo.Server.Target.Env, []string{"A=1"}) {
		t.Errorf("demo: %+v, %v", demo, err)
	}
}

// TestWorkbenchAuthBridge: the workbench owns the terminal, so its flow
// reports to the auth screen's bridge and takes the person there, not to
// stderr and stdin; a stdio server gets no bridge.
func TestWorkbenchAuthBridge(t *testing.T) {
	t.Parallel()
	got, err := parse(t, NewCmdConnect, "--browser", "none", "http://127.0.0.1:1/mcp")
	if err != nil {
		t.Fatal(err)
	}
	var bridge *ui.AuthBridge
	got.Run = func(_ context.Context, _ ui.Connector, opts ui.Options, _ *iostreams.Streams) error {
		bridge = opts.Auth
		return nil
	}
	if err := workbenchRun(context.Background(), got); err != nil || bridge == nil {
		t.Fatalf("bridge %v, %v", bridge, err)
	}
	if _, isCLI := got.Server.Auth.Agent.(*reach.CLIAgent); isCLI || got.Server.Auth.Agent == nil || got.Server.Auth.Observe == nil {
		t.Errorf("the flow still talks to the terminal: agent %T", got.Server.Auth.Agent)
	}
	stdio, err := parse(t, NewCmdConnect, "node", "s.js")
	if err != nil {
		t.Fatal(err)
	}
	stdio.Run = func(_ context.Context, _ ui.Connector, opts ui.Options, _ *iostreams.Streams) error {
		bridge = opts.Auth
		return nil
	}
	if err := workbenchRun(context.Background(), stdio); err != nil || bridge != nil {
		t.Errorf("stdio: bridge %v, %v", bridge, err)
	}
}
