package form

import (
	"slices"
	"strings"
	"testing"
)

// TestSendAnywayListsProblems: "send anyway?" lists each problem by its
// JSON pointer; enter on one closes the question and focuses its field,
// in a nested level too, and y still sends.
func TestSendAnywayListsProblems(t *testing.T) {
	t.Parallel()
	m := newModel(load(t, "create_order.json"), 100, 30)
	press(m, "enter", "ctrl+a")
	typeText(m, "PRD-1")
	press(m, "enter")
	typeText(m, "2x")
	press(m, "enter", "esc", "esc")
	if a := press(m, "ctrl+s"); a != ActionNone {
		t.Fatalf("ctrl+s with problems gave %v", a)
	}
	probs := m.Problems()
	if !slices.Contains(probs, "/items/0/quantity") || !slices.Contains(probs, "/shipping_address") {
		t.Fatalf("problems %q", probs)
	}
	v := view(m)
	if !strings.Contains(v, "› "+probs[0]) || !strings.Contains(v, "  "+probs[1]) {
		t.Fatalf("the problems are not listed by pointer:\n%s", v)
	}
	at := slices.Index(probs, "/items/0/quantity")
	for range at {
		press(m, "down")
	}
	if a := press(m, "enter"); a != ActionNone || m.Problems() != nil {
		t.Fatalf("enter on a problem gave %v, question open: %v", a, m.Problems() != nil)
	}
	if got, _ := m.Focused(); got != "/items/0/quantity" {
		t.Errorf("focus is on %q after jumping to /items/0/quantity\n%s", got, view(m))
	}
	if got := strings.Join(m.Breadcrumb(), " › "); got != "items › [0]" {
		t.Errorf("breadcrumb %q, want the item's level", got)
	}
	if a := press(m, "ctrl+s", "y"); a != ActionSubmitInvalid {
		t.Errorf("y gave %v, want ActionSubmitInvalid", a)
	}
}
