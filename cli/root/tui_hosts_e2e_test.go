package root

import (
	"regexp"
	"testing"
)

// serverVerdict is the server's row of the hosts matrix, selected, with
// its Claude Code cell: a verdict code.
var serverVerdict = regexp.MustCompile(`› \(server\) +(ok|\?|deg|HID|REJ) `)

// TestTUIHostsScreenAndTab opens the Hosts screen of the demo from the
// command palette, reads the server's verdict in Claude Code and its
// findings, moves to a tool's cell in another host and opens that tool's
// Hosts tab on it with enter.
func TestTUIHostsScreenAndTab(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	s := startTmux(t, 120, 36, bin, "demo")
	s.waitFor(e2eWait, "● ready", "W Hosts")
	s.keys(":")
	s.waitFor(e2eWait, "Commands · ")
	s.text("where each tool works")
	s.keys("Enter")
	scr := s.waitFor(e2eWait, "Hosts · ", "CC  CD  GPT CUR VSC CDX GEM WS  CLN GSE ZED LC  OC  CON", "Claude Code · the server: ")
	if !serverVerdict.MatchString(scr) {
		t.Fatalf("no verdict in the server's Claude Code cell:\n%s", scr)
	}
	s.keys("Down", "Right")
	s.waitFor(e2eWait, "Claude Desktop / claude.ai · ", "name for its model: ")
	s.keys("Enter")
	s.waitFor(e2eWait, "[Hosts]", "› Claude Desktop", "Claude Desktop / claude.ai · ", "↑↓ host")
	s.keys("Down")
	s.waitFor(e2eWait, "› ChatGPT", "ChatGPT · ")
}
