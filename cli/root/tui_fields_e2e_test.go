package root

import (
	"strings"
	"testing"
)

// TestTUIDropdownShowsEveryChoice: at 80×24 the open list of
// get-structured-content's location shows all three cities, and the last
// one can be picked by sight.
func TestTUIDropdownShowsEveryChoice(t *testing.T) {
	t.Parallel()
	s := startEverythingAt(t, 80, 24)
	s.openTool("structured", "location")
	s.keys("Enter")
	s.waitFor(e2eWait, "New York", "Chicago", "Los Angeles", "enter pick")
	s.keys("Down", "Down")
	s.waitFor(e2eWait, "› Los Angeles")
	s.keys("Enter")
	s.waitFor(e2eWait, `"location": "Los Angeles"`)
}

// TestTUIPasteKeepsLines: a multi-line paste into echo's one-line message
// field keeps its lines (the field becomes a text area) and is sent so.
func TestTUIPasteKeepsLines(t *testing.T) {
	t.Parallel()
	s := startEverythingAt(t, 100, 30)
	s.openTool("echo", "message")
	// A bracketed paste, as a terminal sends one; tmux turns its newlines
	// into carriage returns, as terminals do.
	s.tmux("set-buffer", "-b", "fields", "kind: Pod\nmetadata:\n  name: web")
	s.tmux("paste-buffer", "-p", "-d", "-b", "fields", "-t", "main")
	scr := s.waitFor(e2eWait, `kind: Pod\nmetadata:\n  name: web`, "esc done")
	var lines int
	for _, l := range strings.Split(scr, "\n") {
		if strings.Contains(l, "kind: Pod") || strings.Contains(l, "metadata:") || strings.Contains(l, "name: web") {
			lines++
		}
	}
	if lines < 4 { // three in the text area, one in the preview
		t.Errorf("the pasted lines are not shown apart:\n%s", scr)
	}
	s.keys("Escape", "C-s")
	s.waitFor(e2eWait, "Echo: kind: Pod")
}
