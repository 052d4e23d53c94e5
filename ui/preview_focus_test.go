package ui

import (
	"fmt"
	"strings"
	"testing"
)

// TestArgumentsPaneFollowsFocus: on the Form tab, the Arguments pane
// shows the focused item of a long list, marked, under the form at 80
// columns and beside it at 120, where it used to show the list's top.
func TestArgumentsPaneFollowsFocus(t *testing.T) {
	t.Parallel()
	items := make([]string, 12)
	for i := range items {
		items[i] = fmt.Sprintf(`{"product_id":"PRD-%d"}`, i)
	}
	for _, width := range []int{80, 120} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, newFakeSession(t, fixtureTools))
			h.resize(width, 24)
			h.selectTool("create_order")
			h.loadArgs(`{"items":[` + strings.Join(items, ",") + `]}`)
			h.key("enter", "end")
			v := h.view()
			if !strings.Contains(v, `▌      "product_id": "PRD-11"`) || strings.Contains(v, `"product_id": "PRD-0"`) {
				t.Errorf("the Arguments pane does not show the last item, marked:\n%s", v)
			}
			h.key("home")
			v = h.view()
			if !strings.Contains(v, `▌      "product_id": "PRD-0"`) || strings.Contains(v, `"product_id": "PRD-11"`) {
				t.Errorf("the Arguments pane does not follow back to the first item:\n%s", v)
			}
		})
	}
}

// TestSendAnywayJumpsInTheWorkbench: ctrl+s in a form with problems lists
// them by pointer; enter on one focuses its field, y sends as it is.
func TestSendAnywayJumpsInTheWorkbench(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	h.selectTool("create_order")
	h.loadArgs(`{"items":[{"product_id":"PRD-1"},{"quantity":2}]}`)
	h.key("ctrl+s")
	model := h.m.tools.Editor()
	probs := model.Problems()
	at := -1
	for i, p := range probs {
		if p == "/items/1/product_id" {
			at = i
		}
	}
	if v := h.view(); at < 0 || !strings.Contains(v, "send anyway?") || !strings.Contains(v, "/items/1/product_id") {
		t.Fatalf("problems %q:\n%s", probs, v)
	}
	for range at {
		h.key("down")
	}
	h.key("enter")
	if got, _ := model.Focused(); got != "/items/1/product_id" || strings.Contains(h.view(), "send anyway?") {
		t.Errorf("focused %q after enter on /items/1/product_id:\n%s", got, h.view())
	}
	if len(s.callLog()) != 0 {
		t.Errorf("enter on a problem called the tool")
	}
	h.key("ctrl+s", "y")
	h.pumpUntil("the call", func() bool { return len(s.callLog()) == 1 })
	h.settle()
}
