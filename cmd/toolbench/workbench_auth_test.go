package main

import (
	"testing"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/target"
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
