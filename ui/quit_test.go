package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// TestQuitAsksWhileCallRuns: q or ctrl+c quits at once when idle; while
// a call runs it asks, y quits and cancels the call, and any other key
// stays with the call still running (and does nothing else).
func TestQuitAsksWhileCallRuns(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		running bool
		keys    []string
		quit    bool
	}{
		{"idle ctrl+c", false, []string{"ctrl+c"}, true},
		{"idle q", false, []string{"q"}, true},
		{"running ctrl+c, y", true, []string{"ctrl+c", "y"}, true},
		{"running q, y", true, []string{"q", "y"}, true},
		{"running ctrl+c, n", true, []string{"ctrl+c", "n"}, false},
		{"running q, esc", true, []string{"q", "esc"}, false},
		{"running ctrl+c, ctrl+c", true, []string{"ctrl+c", "ctrl+c"}, false},
		{"running q, j", true, []string{"q", "j"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			s.call = func(ctx context.Context, _ string, _ []byte, _ func(client.ProgressEvent)) (*client.CallResult, error) {
				<-ctx.Done()
				return nil, client.ErrCancelled
			}
			h := newHarness(t, s)
			if tt.running {
				h.cursorTo("slow")
				h.leaveCalls = true
				h.key("ctrl+s")
				if !h.m.callRunning() {
					t.Fatal("the call did not start")
				}
			}
			cursor := h.m.cursorRow()
			h.key(tt.keys[0])
			if tt.running {
				v := h.view()
				if h.m.stopped || !strings.Contains(v, "quit? the call to slow is still running") || !strings.Contains(v, "y quit") {
					t.Fatalf("%s should ask first:\n%s", tt.keys[0], v)
				}
			}
			h.key(tt.keys[1:]...)
			if h.m.stopped != tt.quit {
				t.Errorf("quit = %v, want %v", h.m.stopped, tt.quit)
			}
			if tt.running && !tt.quit {
				if !h.m.callRunning() || h.m.quitting {
					t.Errorf("staying should keep the call and close the question")
				}
				if h.m.cursorRow() != cursor {
					t.Errorf("the answer %q moved the list's cursor", tt.keys[1])
				}
			}
		})
	}
}
