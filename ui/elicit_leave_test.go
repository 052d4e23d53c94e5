package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestElicitEscAsksBeforeCancel: esc leaves the field being typed, a
// second esc at the form's top asks before cancelling the elicitation, n
// keeps the form, and only y cancels it.
func TestElicitEscAsksBeforeCancel(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	got := h.callAsking(s, elicitAsk(t, "testdata/everything.elicitation.json", "m"))
	const question = "cancel the elicitation? the server is told the user cancelled"
	h.typeText("Ada")
	h.key("esc")
	if h.m.asks.modal == nil || strings.Contains(h.view(), question) {
		t.Fatalf("esc in a field should only leave it:\n%s", h.view())
	}
	h.key("esc")
	v := h.view()
	if h.m.asks.modal == nil || !strings.Contains(v, question) || !strings.Contains(v, "y cancel the elicitation") {
		t.Fatalf("esc at the top should ask first:\n%s", v)
	}
	h.key("n")
	if h.m.asks.modal == nil || strings.Contains(h.view(), question) {
		t.Fatalf("n should keep the form:\n%s", h.view())
	}
	select {
	case out := <-got:
		t.Fatalf("answered %s before the person confirmed", out.result)
	default:
	}
	h.key("esc", "y")
	sameJSON(t, (<-got).result, `{"action":"cancel"}`)
	h.finishCall()
}

// TestGoldenElicitCancelQuestion pins the question asked before an
// elicitation is cancelled, at 80 and 120 columns.
func TestGoldenElicitCancelQuestion(t *testing.T) {
	t.Parallel()
	for _, width := range []int{80, 120} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			h := newHarness(t, s)
			h.m.now = fixedClock
			h.resize(width, 30)
			got := h.callAsking(s, elicitAsk(t, "testdata/everything.elicitation.json", "Please provide inputs for the following fields:"))
			h.key("esc")
			golden.RequireEqual(t, []byte(h.view()))
			h.key("ctrl+x")
			<-got
			h.finishCall()
		})
	}
}
