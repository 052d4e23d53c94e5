package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/screens/ask"
	"github.com/toolbench/toolbench/ui/screens/log"
)

// askInBackground asks a, as a server does, from another goroutine, and
// waits until its screen is the question shown. The channel receives what
// the ask got back.
func askInBackground(h *harness, s *fakeSession, a client.Ask) chan askOutcome {
	h.t.Helper()
	out := make(chan askOutcome, 1)
	go func() {
		r, err := s.answerer()(context.Background(), a)
		out <- askOutcome{result: r, err: err}
	}()
	h.pumpUntil("the question shows", func() bool { return h.m.asks.modal != nil })
	return out
}

// TestAskArrivesUnderTheHelp: a question that comes while the help is
// open waits under it, as the modal did; closing the help shows it.
func TestAskArrivesUnderTheHelp(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	h.key("?")
	got := askInBackground(h, s, elicitAsk(t, "testdata/everything.elicitation.json", "Tell me"))
	if !h.m.helpShownNow() || strings.Contains(h.view(), "The server asks") {
		t.Fatalf("the question came over the help:\n%s", h.view())
	}
	h.key("esc")
	if top := h.m.stack.Top(); top == nil || top.ID() != ask.ID || !strings.Contains(h.view(), "The server asks") {
		t.Fatalf("after the help the question does not show:\n%s", h.view())
	}
	h.key("alt+d")
	if out := <-got; out.err != nil || string(out.result) != `{"action":"decline"}` {
		t.Errorf("the question got %s, %v; want a decline", out.result, out.err)
	}
}

// TestAskStaysOnTopWhenAScreenOpens: a screen opened while a question
// shows (from the palette) opens under the question, which keeps every
// key, alt chords included; answered, it uncovers that screen.
func TestAskStaysOnTopWhenAScreenOpens(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	got := askInBackground(h, s, elicitAsk(t, "testdata/everything.elicitation.json", "Tell me"))
	h.key("alt+l")
	if h.m.stack.Find(log.ID) != nil {
		t.Fatal("alt+l reached the workbench behind the question")
	}
	h.m.do(screen.Open{ID: log.ID})
	if top := h.m.stack.Top(); top == nil || top.ID() != ask.ID || !strings.Contains(h.view(), "The server asks") {
		t.Fatalf("the opened screen covered the question:\n%s", h.view())
	}
	h.key("alt+d")
	<-got
	if top := h.m.stack.Top(); top == nil || top.ID() != log.ID || h.m.asks.modal != nil {
		t.Errorf("after the answer the top is %v, want the log", top)
	}
}
