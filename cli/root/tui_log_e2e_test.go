package root

import (
	"regexp"
	"testing"
)

// TestTUILogPairsACall calls a tool of the demo, opens the protocol log,
// sees the request and its response paired with their latency, filters by
// the tool's name, opens the response pretty-printed and goes to its
// request.
func TestTUILogPairsACall(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	s := startTmux(t, 120, 36, bin, "connect", "demo")
	s.waitFor(e2eWait, "● ready", "no_params")
	s.keys("/")
	s.text("no_params")
	s.keys("Enter", "C-s")
	s.waitFor(e2eWait, "Result")
	s.keys("M-l")
	scr := s.waitFor(e2eWait, "Log · ", "tools/call no_params")
	paired := regexp.MustCompile(`→ req +#\d+ +tools/call no_params +\d+ bytes +(<1|\d+) ms`)
	if !paired.MatchString(scr) {
		t.Fatalf("no request row with its latency:\n%s", scr)
	}
	s.keys("/")
	s.text("no_params")
	s.keys("Enter")
	scr = s.waitFor(e2eWait, "filter: no_params · 2 matches")
	if regexp.MustCompile(`tools/list|initialize|server/discover`).MatchString(scr) {
		t.Errorf("the filter by tool name leaves other frames:\n%s", scr)
	}
	s.keys("Enter")
	s.waitFor(e2eWait, "Frame ← ok #", "tools/call no_params", "answers the request of", `"result": {`)
	s.keys("p")
	s.waitFor(e2eWait, "Frame → req #", `"method": "tools/call"`, `"name": "no_params"`)
	s.keys("Escape")
	s.waitFor(e2eWait, "Log · ", "filter: no_params")
}
