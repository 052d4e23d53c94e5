package ui

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
)

// TestGoldenLog draws the log's list and an opened frame at 80 and 120
// columns: a 2026-07-28 call and its result, a server request answered,
// an error, a notification and stderr.
func TestGoldenLog(t *testing.T) {
	t.Parallel()
	screens := map[string]func(h *harness){
		"list": func(h *harness) {},
		"detail": func(h *harness) {
			h.selectLog(func(e render.LogEntry) bool { return e.Frame != nil && e.Frame.Kind == render.FrameRequest })
			h.key("enter")
		},
		"filtered": func(h *harness) {
			h.key("/")
			h.typeText("get-sum in")
		},
	}
	for name, setup := range screens {
		for _, width := range []int{80, 120} {
			t.Run(fmt.Sprintf("%s/%d", name, width), func(t *testing.T) {
				t.Parallel()
				h := newHarness(t, newFakeSession(t, fixtureTools))
				h.m.now = fixedClock
				h.freshLog()
				h.resize(width, 24)
				h.update(eventMsg{gen: h.m.conn.gen, event: client.StderrEvent{At: logAt, Line: "listening on stdio"}})
				h.callFrames(4, "get-sum", 2, 17)
				h.frame(client.Received, 30, `{"jsonrpc":"2.0","id":0,"method":"roots/list"}`)
				h.frame(client.Sent, 31, `{"jsonrpc":"2.0","id":0,"result":{"roots":[{"uri":"file:///work"}]}}`)
				h.frame(client.Sent, 40, `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"nope"}}`)
				h.frame(client.Received, 1300, `{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"Unknown tool: nope"}}`)
				h.frame(client.Received, 1400, `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"done"}}`)
				h.key("alt+l")
				setup(h)
				golden.RequireEqual(t, []byte(h.view()))
			})
		}
	}
}
