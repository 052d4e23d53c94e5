package ui

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// A call refused with -32042 opens the URL modal with the whole URL and
// its host, and once the person accepted and the server says the
// interaction is complete, the call is made again with the same arguments.
func TestURLRequiredRetriedInWorkbench(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	b := &fakeBrowser{}
	h := browserHarness(t, s, b)
	const u = "https://pay.example.com/login?session=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	var calls atomic.Int32
	s.call = func(context.Context, string, []byte, func(client.ProgressEvent)) (*client.CallResult, error) {
		if calls.Add(1) == 1 {
			data, _ := json.Marshal(map[string]any{"elicitations": []map[string]string{
				{"mode": "url", "elicitationId": "login-1", "url": u, "message": "Log in at the provider."}}})
			return nil, &client.URLRequiredError{Err: &client.RPCError{Method: "tools/call", Code: client.CodeURLElicitationRequired, Data: data},
				Elicitations: []client.URLElicitation{{ElicitationID: "login-1", URL: u, Message: "Log in at the provider."}}}
		}
		return client.ParseCallResult(json.RawMessage(`{"content":[{"type":"text","text":"paid"}]}`))
	}
	h.selectTool("no_params")
	h.key("ctrl+s")
	h.pumpUntil("the URL modal opens", func() bool { return h.m.asks.modal != nil })
	view := h.view()
	for _, want := range []string{"Log in at the provider.", "Host pay.example.com", "0123456789abcdef0123456789abcdef"} {
		if !strings.Contains(view, want) {
			t.Errorf("the modal lacks %q:\n%s", want, view)
		}
	}
	h.key("enter")
	h.pumpUntil("the browser opens", func() bool { return len(b.urls()) == 1 })
	if calls.Load() != 1 || h.m.asks.waiting == nil {
		t.Fatalf("after accepting: %d calls, waiting %v; want one call and a wait for the server", calls.Load(), h.m.asks.waiting)
	}
	h.update(eventMsg{gen: h.m.conn.gen, event: client.ElicitationCompleteEvent{ElicitationID: "login-1"}})
	h.pumpUntil("the call is made again", func() bool { return calls.Load() == 2 && !h.m.callRunning() })
	h.settle()
	if !strings.Contains(h.view(), "paid") {
		t.Errorf("the retried call's result is not shown:\n%s", h.view())
	}
}
