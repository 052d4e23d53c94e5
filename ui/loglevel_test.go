package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// TestLogMessageShowsLevelLoggerData: a notifications/message shows its
// level, its logger and its data, structured data compacted onto its row.
func TestLogMessageShowsLevelLoggerData(t *testing.T) {
	t.Parallel()
	cases := []struct {
		data, want string
	}{
		{`"disk almost full"`, "warning fixture: disk almost full"},
		{"{\n  \"used\": 97,\n  \"unit\": \"%\"\n}", `warning fixture: {"used":97,"unit":"%"}`},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, newFakeSession(t, fixtureTools))
			h.update(eventMsg{gen: h.m.conn.gen, event: client.LogEvent{Level: "warning", Logger: "fixture", Data: []byte(c.data)}})
			h.key("alt+l")
			if v := h.view(); !strings.Contains(v, c.want) {
				t.Errorf("the log lacks %q:\n%s", c.want, v)
			}
		})
	}
}

// TestEscClosesScreensBeforeCancelling: with a call running, esc on the
// roots screen or the level picker closes it; the next esc cancels.
func TestEscClosesScreensBeforeCancelling(t *testing.T) {
	t.Parallel()
	for _, open := range []string{"alt+o", "alt+v"} {
		t.Run(open, func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			s.call = func(ctx context.Context, _ string, _ []byte, _ func(client.ProgressEvent)) (*client.CallResult, error) {
				<-ctx.Done()
				return nil, client.ErrCancelled
			}
			h := newHarness(t, s)
			h.selectTool("slow")
			h.leaveCalls = true
			h.key("ctrl+s", open, "esc")
			if h.m.stack.Len() > 0 || !h.m.callRunning() {
				t.Fatalf("esc did not just close the screen:\n%s", h.view())
			}
			h.key("esc")
			h.pumpUntil("the call is cancelled", func() bool { return !h.m.callRunning() })
		})
	}
}
