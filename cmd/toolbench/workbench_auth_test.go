package main

import (
	"context"
	"testing"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/ui"
)

// TestWorkbenchBridge: the workbench has an auth screen for servers over
// HTTP whose auth is not off, and its observer and agent come from it.
func TestWorkbenchBridge(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		t    target.Target
		mode auth.Mode
		want bool
	}{
		{"stdio", target.Target{Transport: target.Stdio, Command: "srv"}, auth.Auto, false},
		{"http", target.Target{Transport: target.StreamableHTTP, URL: "http://127.0.0.1:1/mcp"}, auth.Auto, true},
		{"bare URL", target.Target{Transport: target.Auto, URL: "http://127.0.0.1:1/mcp"}, auth.StoredOnly, true},
		{"sse, auth off", target.Target{Transport: target.SSE, URL: "http://127.0.0.1:1/sse"}, auth.Off, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b := workbenchBridge(tt.t, tt.mode, "none")
			if (b != nil) != tt.want {
				t.Fatalf("bridge = %v, want one: %t", b, tt.want)
			}
			observe, agent := workbenchAuth(b)
			if (observe != nil) != tt.want || (agent != nil) != tt.want {
				t.Errorf("observe set %t, agent set %t, want %t", observe != nil, agent != nil, tt.want)
			}
		})
	}
}

// TestWorkbenchGetsTheBridge: connect on an HTTP server hands the
// workbench an auth bridge; the demo (stdio) gets none.
func TestWorkbenchGetsTheBridge(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		args []string
		want bool
	}{
		{"http", []string{"connect", "http://127.0.0.1:1/mcp"}, true},
		{"stdio", []string{"connect", "--", "srv", "--flag"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := parsed(t, newCmdConnect, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			var bridge *ui.AuthBridge
			got.Workbench = func(_ context.Context, _ ui.Connector, opts ui.Options, _ *streams) error {
				bridge = opts.Auth
				return nil
			}
			if err := workbenchRun(context.Background(), got); err != nil {
				t.Fatal(err)
			}
			if (bridge != nil) != tt.want {
				t.Errorf("the workbench got bridge %v, want one: %t", bridge, tt.want)
			}
		})
	}
}
