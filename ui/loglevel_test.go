package ui

import (
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
