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
