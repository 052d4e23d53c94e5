package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/theme"
)

// TestStatusLineKeepsPin: the pinned hint ends the status line at every
// width; the status comes before the other hints, but is cut before the
// pin is, and the other hints are dropped whole, least important (last)
// first, never cut.
func TestStatusLineKeepsPin(t *testing.T) {
	t.Parallel()
	hints := [][2]string{{"ctrl+s", "call"}, {"alt+1-7", "tabs"}, {"esc", "back"}}
	pin := [2]string{"?", "help"}
	long := strings.Repeat("the server said something long ", 10)
	tests := []struct {
		name, status string
		width        int
		want         string // the line's end
		hints        int    // how many hints show
	}{
		{"all fit", "", 80, "ctrl+s call · alt+1-7 tabs · esc back · ? help", 3},
		{"a long status is cut before the pin", long, 80, "…  ? help", 0},
		{"last hint dropped", strings.Repeat("x", 43), 80, "x  ctrl+s call · alt+1-7 tabs · ? help", 2},
		{"only the pin", strings.Repeat("x", 60), 70, "? help", 0},
		{"narrow", "", 8, "? help", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			line := ansi.Strip(StatusLine(theme.Plain(), Status{Text: tt.status}, hints, pin, tt.width))
			if w := ansi.StringWidth(line); w > tt.width {
				t.Errorf("%d wide: %q", w, line)
			}
			if !strings.HasSuffix(line, tt.want) {
				t.Errorf("%q does not end with %q", line, tt.want)
			}
			n := 0
			for _, h := range hints {
				if strings.Contains(line, h[0]+" "+h[1]) {
					n++
				}
			}
			if n != tt.hints || strings.Count(line, "…") > 1 {
				t.Errorf("%d hints in %q, want %d", n, line, tt.hints)
			}
		})
	}
}
