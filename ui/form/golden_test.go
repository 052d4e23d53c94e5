package form

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestGolden pins the create_order editor's look at two widths: the top
// level of a fresh form, the items list with one item filled in, and
// "send anyway?" listing the problems by pointer.
// Regenerate with go test ./ui/form/ -run TestGolden -update.
func TestGolden(t *testing.T) {
	t.Parallel()
	levels := []struct {
		name string
		keys []string
	}{
		{"root", nil},
		{"items", []string{"enter", "ctrl+a", "P", "R", "D", "-", "1", "enter", "3", "enter", "esc", "ctrl+a", "esc"}},
		{"anyway", []string{"enter", "ctrl+a", "P", "enter", "x", "enter", "esc", "esc", "ctrl+s", "down"}},
	}
	for _, l := range levels {
		for _, width := range []int{80, 120} {
			t.Run(fmt.Sprintf("%s_%d", l.name, width), func(t *testing.T) {
				t.Parallel()
				m := newModel(load(t, "create_order.json"), width, 16)
				m.SetTitle("create_order")
				press(m, l.keys...)
				golden.RequireEqual(t, view(m))
			})
		}
	}
}

// TestGoldenPreview pins the preview beside the create_order editor in a
// pane of 80 and 120 columns (the workbench gives the form three fifths):
// the second of three items is focused: its subtree is marked, the JSON
// around it shown.
func TestGoldenPreview(t *testing.T) {
	t.Parallel()
	keys := []string{"enter"}
	for _, id := range []string{"PRD-1", "PRD-2", "PRD-3"} {
		keys = append(keys, "ctrl+a")
		for _, r := range id {
			keys = append(keys, string(r))
		}
		keys = append(keys, "enter", "2", "enter", "esc")
	}
	keys = append(keys, "up")
	for _, width := range []int{80, 120} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			t.Parallel()
			fw := width * 3 / 5
			m := newModel(load(t, "create_order.json"), fw, 16)
			m.SetPreviewSize(width-fw-2, 9)
			press(m, keys...)
			golden.RequireEqual(t, ansiStrip(m.PreviewView()))
		})
	}
}
