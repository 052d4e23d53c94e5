package ui

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/toolbench/toolbench/client"
)

// fixedClock makes elapsed times and log stamps stable in goldens.
func fixedClock() time.Time { return time.Date(2026, 11, 30, 9, 30, 0, 0, time.UTC) }

// TestGoldenViews draws the main screens at 80 and 120 columns.
func TestGoldenViews(t *testing.T) {
	t.Parallel()
	screens := map[string]func(h *harness){
		"form": func(h *harness) { h.selectTool("create_order") },
		"result": func(h *harness) {
			h.selectTool("weather_ok")
			h.typeText("Oslo")
			h.key("ctrl+s")
		},
		"input-schema": func(h *harness) { h.selectTool("set_priority"); h.key("alt+2") },
		"log": func(h *harness) {
			gen := h.m.conn.gen
			h.update(eventMsg{gen: gen, event: client.StderrEvent{At: fixedClock(), Line: "listening on stdio"}})
			h.update(eventMsg{gen: gen, event: client.LogEvent{At: fixedClock(), Level: "warning", Logger: "fixture", Data: []byte(`"disk almost full"`)}})
			h.key("alt+l")
		},
		"palette":       func(h *harness) { h.key("ctrl+p") },
		"palette-typed": func(h *harness) { h.key("ctrl+p"); h.typeText("log") },
		"help":          func(h *harness) { h.key("?") },
		"help-search":   func(h *harness) { h.key("V", "?", "/"); h.typeText("level") },
		"log-level":     func(h *harness) { h.key("V") },
		"roots": func(h *harness) {
			// The roots start as the working directory, which differs from
			// machine to machine.
			h.m.roots.Remove(0)
			h.m.roots.Add("/srv/project")
			h.m.roots.Add("/home/me/notes")
			h.key("O")
		},
		"disconnected": func(h *harness) {
			h.update(eventMsg{gen: h.m.conn.gen, event: client.ClosedEvent{At: fixedClock(), Err: fmt.Errorf("the server exited (exit status 2)")}})
		},
	}
	for name, setup := range screens {
		for _, width := range []int{80, 120} {
			t.Run(fmt.Sprintf("%s/%d", name, width), func(t *testing.T) {
				t.Parallel()
				s := newFakeSession(t, fixtureTools)
				s.call = func(context.Context, string, []byte, func(client.ProgressEvent)) (*client.CallResult, error) {
					r, err := client.ParseCallResult([]byte(`{"content":[{"type":"text","text":"{\"city\":\"Oslo\",\"temperature\":7,\"unit\":\"celsius\"}"}],"structuredContent":{"city":"Oslo","temperature":7,"unit":"celsius"}}`))
					r.Duration = 12 * time.Millisecond
					return r, err
				}
				h := newHarness(t, s)
				h.m.now = fixedClock
				h.freshLog()
				h.resize(width, 24)
				setup(h)
				golden.RequireEqual(t, []byte(h.view()))
			})
		}
	}
}
