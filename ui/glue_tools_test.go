package ui

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// TestCallEndsUnderAQuestion: a call that ends while the question it
// brought is on screen reaches the tools screen all the same (the
// question's screen does not swallow the reply), and the question goes
// with it.
func TestCallEndsUnderAQuestion(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	release := make(chan struct{})
	asked := make(chan error, 1)
	ask := elicitAsk(t, "testdata/everything.elicitation.json", "Please provide inputs for the following fields:")
	s.call = func(ctx context.Context, _ string, _ []byte, _ func(client.ProgressEvent)) (*client.CallResult, error) {
		answer := s.answerer()
		go func() {
			_, err := answer(ctx, ask)
			asked <- err
		}()
		<-release
		return client.ParseCallResult(json.RawMessage(`{"content":[{"type":"text","text":"done"}]}`))
	}
	h := newHarness(t, s)
	h.leaveCalls = true
	h.selectTool("no_params")
	h.key("ctrl+s")
	h.pumpUntil("the modal opens", func() bool { return h.m.asks.modal != nil })
	close(release)
	h.finishCall()
	if h.m.asks.modal != nil {
		t.Errorf("the question outlived its call:\n%s", h.view())
	}
	if c, ok := h.m.tools.LastCall(); !ok || c.Tool != "no_params" || !c.Judged || c.Result == nil || !strings.Contains(h.view(), "done") {
		t.Errorf("the call's result is not shown: %+v\n%s", c, h.view())
	}
	if err := <-asked; err == nil {
		t.Error("the question was answered, want it withdrawn")
	}
}
