package tools

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSendAnywayJumpsToAProblem: ctrl+s in a form with problems lists
// them by pointer; enter on one focuses its field without calling, y
// sends as it is.
func TestSendAnywayJumpsToAProblem(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 120, 30)
	if r := h.Send(Load{Tool: "create_order", Args: json.RawMessage(`{"items":[{"product_id":"PRD-1"},{"quantity":2}]}`)}); !r.Handled {
		t.Fatal("the arguments were refused")
	}
	h.Key("ctrl+s")
	model := h.s.detail.editor().model
	probs := model.Problems()
	at := -1
	for i, p := range probs {
		if p == "/items/1/product_id" {
			at = i
		}
	}
	if v := h.View(); at < 0 || !strings.Contains(v, "send anyway?") || !strings.Contains(v, "/items/1/product_id") {
		t.Fatalf("problems %q:\n%s", probs, v)
	}
	for range at {
		h.Key("down")
	}
	h.Key("enter")
	if got, _ := model.Focused(); got != "/items/1/product_id" || strings.Contains(h.View(), "send anyway?") {
		t.Errorf("focused %q after enter on /items/1/product_id:\n%s", got, h.View())
	}
	if len(h.ended) != 0 {
		t.Errorf("enter on a problem called the tool")
	}
	h.Key("ctrl+s", "y")
	if len(h.ended) != 1 {
		t.Errorf("y sent %d calls, want 1:\n%s", len(h.ended), h.View())
	}
}
