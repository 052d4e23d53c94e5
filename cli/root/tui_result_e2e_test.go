package root

import (
	"strings"
	"testing"
)

// TestTUIEverythingTinyImage: get-tiny-image called from the workbench
// shows the arguments it was sent and how long it took above its result,
// and its PNG drawn in half blocks under the line describing it.
func TestTUIEverythingTinyImage(t *testing.T) {
	t.Parallel()
	s := startEverythingTUI(t)
	s.keys("/")
	s.text("tiny")
	s.keys("Enter", "Enter")
	s.waitFor(e2eWait, "get-tiny-image")
	s.keys("C-s")
	scr := s.waitFor(e2eWait, "arguments sent · took ", "image/png · 3.9 KB · 20×20 px", "The image above is the MCP logo")
	rows := strings.Split(scr, "\n")
	for i, r := range rows {
		if !strings.Contains(r, "arguments sent · took ") {
			continue
		}
		if i+1 >= len(rows) || !strings.Contains(rows[i+1], "{}") {
			t.Errorf("the arguments sent ({}) are not under their heading:\n%s", scr)
		}
	}
	drawn := 0
	for _, r := range rows {
		if strings.ContainsAny(r, "▀▄") {
			drawn++
		}
	}
	if drawn < 5 || strings.Contains(scr, "not drawn") {
		t.Errorf("the image is not drawn in half blocks (%d rows):\n%s", drawn, scr)
	}
}
