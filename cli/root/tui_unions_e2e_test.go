package root

import (
	"strings"
	"testing"
	"time"
)

// TestTUIUnionKeepsVariantsAndRawReplaces: on the fixture's draw_shape, a
// Rectangle of 3×4 survives a look at Polygon, and the JSON editor that
// ctrl+r opens on the colour is replaced by what is typed, not appended
// to; the server receives exactly that.
func TestTUIUnionKeepsVariantsAndRawReplaces(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	target, recorded := fixtureArgs(t)
	s := startTmux(t, 120, 40, append([]string{bin, "connect"}, target...)...)
	s.waitFor(e2eWait, "● ready")
	s.keys("/")
	s.text("draw")
	s.keys("Enter", "Enter")
	s.waitFor(e2eWait, "shape", "color")
	s.keys("Right", "Right")
	s.waitFor(e2eWait, "‹Rectangle›")
	s.keys("Enter", "Down") // into the Rectangle, on its width
	s.waitFor(e2eWait, "(Rectangle)")
	s.text("3")
	s.keys("Enter")
	s.text("4")
	s.keys("Enter", "Escape")
	s.waitFor(e2eWait, `"height": 4`)
	s.keys("Right")
	s.waitFor(e2eWait, "‹Polygon›", `"kind": "polygon"`)
	s.keys("Left")
	s.waitFor(e2eWait, "‹Rectangle›", `"width": 3`, `"height": 4`)

	s.keys("Down")
	s.text("#ff0000")
	s.keys("Enter")
	s.waitFor(e2eWait, `"color": "#ff0000"`)
	s.keys("C-r")
	s.waitFor(e2eWait, "typing or pasting replaces this JSON")
	s.text(`"#00ff00"`)
	s.keys("Escape")
	scr := s.waitFor(e2eWait, `"color": "#00ff00"`)
	if strings.Contains(scr, `#ff0000`) {
		t.Errorf("the typed JSON was appended to the old value:\n%s", scr)
	}
	s.keys("C-s")
	want := `{"shape":{"kind":"rect","width":3,"height":4},"color":"#00ff00"}`
	deadline := time.Now().Add(e2eWait)
	for !strings.Contains(recorded(), `"tool":"draw_shape"`) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if got := callArguments(t, recorded(), "draw_shape"); got != want {
		t.Errorf("the server received\n%s\nwant\n%s\nscreen:\n%s", got, want, s.screen())
	}
}
