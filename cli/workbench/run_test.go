package workbench

import (
	"context"
	"errors"
	"testing"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/ui"
)

// TestWorkbenchNeedsATerminal: with stdout piped the workbench is refused
// as a usage error pointing at the scriptable commands, and no screen
// opens.
func TestWorkbenchNeedsATerminal(t *testing.T) {
	t.Parallel()
	got, err := parse(t, NewCmdConnect, "node", "s.js")
	if err != nil {
		t.Fatal(err)
	}
	got.IO.OutTTY = false
	opened := false
	got.Run = func(context.Context, ui.Connector, ui.Options, *iostreams.Streams) error { opened = true; return nil }
	err = workbenchRun(context.Background(), got)
	if !errors.As(err, new(usage.Error)) || opened {
		t.Errorf("piped stdout: %v, screen opened %v; want a usage error and no screen", err, opened)
	}
}

// TestWorkbenchEndsItsSessions: a session the screen opened is closed by
// the time the command returns, and a connect asked for after that is
// refused as cancelled rather than left running.
func TestWorkbenchEndsItsSessions(t *testing.T) {
	t.Parallel()
	url, stop, err := fixture.StartHTTP(fixture.NewServer())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	got, err := parse(t, NewCmdConnect, "--auth", "off", "http", url)
	if err != nil {
		t.Fatal(err)
	}
	got.Connect = client.Connect
	var opened *session
	var connector ui.Connector
	got.Run = func(ctx context.Context, connect ui.Connector, _ ui.Options, _ *iostreams.Streams) error {
		connector = connect
		s, err := connect(ctx, func(client.Event) {}, nil)
		if err != nil {
			return err
		}
		opened = s.(*session)
		_, _, err = s.ListToolsPages(ctx)
		return err
	}
	if err := workbenchRun(context.Background(), got); err != nil {
		t.Fatal(err)
	}
	select {
	case <-opened.Done():
	default:
		t.Error("the session the workbench opened is still open after it returned")
	}
	if _, err := connector(context.Background(), func(client.Event) {}, nil); !errors.Is(err, client.ErrCancelled) {
		t.Errorf("a connect after the workbench ended: %v, want it cancelled", err)
	}
}
