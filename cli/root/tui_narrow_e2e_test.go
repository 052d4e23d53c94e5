package root

import (
	"strings"
	"testing"
)

// TestTUINarrowAnswers: in an 80×24 terminal on server-everything, the
// question quitting asks during a call and the elicitation form's status
// line show the keys that answer them, the header its state, and the tab
// bar the active tab.
func TestTUINarrowAnswers(t *testing.T) {
	t.Parallel()
	s := startEverythingAt(t, 80, 24)
	s.openTool("elicitation", "trigger-elicitation-request")
	s.keys("C-s")
	scr := s.waitFor(e2eWait, "The server asks: elicitation", "ctrl+s accept · alt+d decline")
	if last := lastScreenLine(scr); !strings.HasPrefix(last, "calling trigger-elicitation") {
		t.Errorf("the status line lost the running call: %q", last)
	}
	s.keys("C-x")
	s.waitFor(e2eWait, "Cancelled", "[Result]")
	s.keys("Escape")

	s.openTool("long", "trigger-long-running-operation")
	s.keys("C-s")
	s.waitFor(e2eWait, "calling trigger-long-running-operation", "[Result ⋯]")
	s.keys("C-c")
	scr = s.waitFor(e2eWait, "quit? the call to trigger-long-running-operation", "y quit · any other key stay")
	if !strings.Contains(scr, "● ready") {
		t.Errorf("the header lost the connection's state:\n%s", scr)
	}
	s.keys("n")
}

// lastScreenLine is the last non-empty line of a captured screen: the
// status line.
func lastScreenLine(scr string) string {
	lines := strings.Split(strings.TrimRight(scr, "\n "), "\n")
	return lines[len(lines)-1]
}
