package ui

import (
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// TestSlashStartsAFreshFilter: / starts a new filter on the tool list and
// on the log; before, typing after it extended the old one ("weath" then
// "echo" filtered by "weathecho").
func TestSlashStartsAFreshFilter(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		setup  func(h *harness)
		filter func(h *harness) string
	}{
		{"tool list", func(*harness) {}, func(h *harness) string { return h.m.toolFilter() }},
		{"log", func(h *harness) {
			h.update(eventMsg{gen: h.m.conn.gen, event: client.StderrEvent{Line: "echo"}})
			h.key("alt+l")
		}, logFilterShown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, newFakeSession(t, fixtureTools))
			tt.setup(h)
			h.key("/")
			h.typeText("weath")
			h.key("enter", "/")
			if got := tt.filter(h); got != "" {
				t.Errorf("after / the filter reads %q, want it empty", got)
			}
			h.typeText("echo")
			if got := tt.filter(h); got != "echo" {
				t.Errorf("typing echo after / filters by %q", got)
			}
			if v := h.view(); !strings.Contains(v, "echo") {
				t.Errorf("the screen does not show what echo matches:\n%s", v)
			}
		})
	}
}

// logFilterShown is the log's filter as its heading shows it.
func logFilterShown(h *harness) string {
	_, rest, ok := strings.Cut(h.view(), "filter: ")
	if !ok {
		return ""
	}
	if end := strings.IndexAny(rest, "▏·"); end >= 0 {
		rest = rest[:end]
	}
	return strings.TrimSpace(rest)
}
