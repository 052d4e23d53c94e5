package main

import (
	"regexp"
	"strings"
	"testing"

	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/toolbench/toolbench/internal/fixture"
)

// helpShowsAll is the help's title once it shows its last row.
var helpShowsAll = regexp.MustCompile(`Keys · \d+–(\d+) of (\d+) · `)

// TestTUIHelpAt80x24: the footer names ? on the tool list, in the form
// (where ? is typed, it names f1) and on the help itself; at 80×24 the
// help opens with ?, says which rows it shows, and page down reaches its
// last section with nothing cut.
func TestTUIHelpAt80x24(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	target, _ := fixtureArgs(t)
	s := startTmux(t, 80, 24, append([]string{bin, "connect"}, target...)...)
	s.waitFor(e2eWait, "● ready", "? help")
	s.keys("Enter")
	s.waitFor(e2eWait, "f1 help (? typed)")
	s.keys("Escape")
	s.waitFor(e2eWait, "? help")
	s.keys("?")
	// Help opens on the keys of the screen it is pressed on; 21 rows, or 20
	// under a "since last time" banner.
	s.waitFor(e2eWait, "Keys · 1–", "on Tool list")
	for range 40 {
		s.keys("PageDown")
		if m := helpShowsAll.FindStringSubmatch(s.screen()); m != nil && m[1] == m[2] {
			break
		}
	}
	scr := s.waitFor(e2eWait, "This help", "close the help")
	if m := helpShowsAll.FindStringSubmatch(scr); m == nil || m[1] != m[2] {
		t.Fatalf("page down never reached the help's last row:\n%s", scr)
	}
	for _, line := range strings.Split(scr, "\n") {
		if strings.HasSuffix(strings.TrimRight(line, " "), "…") {
			t.Errorf("a help row is cut: %q", line)
		}
	}
	s.keys("Escape")
	s.waitFor(e2eWait, "● ready", "? help")
}

// TestTUISessionLostAfterRestart: the streamable HTTP server restarts on
// its port; the next call shows the session as lost, with alt+r named in
// the status line and the detail pane; alt+r brings the header back to
// ready with no "reconnecting…" left, and calls work again.
func TestTUISessionLostAfterRestart(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	srv, err := fixture.StartRestartable(func() *mcpserver.MCPServer { return fixture.NewServer() })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Stop)
	// Sessions are a legacy matter: 2026-07-28 has none to lose.
	s := startTmux(t, 120, 30, bin, "connect", "--protocol", "legacy", "http", srv.URL)
	s.waitFor(e2eWait, "● ready", "Tools 15")
	s.keys("/")
	s.text("echo")
	s.keys("Enter", "Enter")
	s.text("hi")
	s.keys("C-s")
	s.waitFor(e2eWait, "[Result]", "echo ✓")
	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	s.keys("C-s")
	scr := s.waitFor(e2eWait, "● session lost", "Session lost: call echo", "alt+r to reconnect", "alt+r reconnect")
	if strings.Contains(scr, "● ready") {
		t.Errorf("a lost session reads as ready:\n%s", scr)
	}
	s.keys("M-r")
	scr = s.waitFor(e2eWait, "● ready", "reconnected: a new session with ")
	if strings.Contains(scr, "reconnecting…") || strings.Contains(scr, "Session lost") {
		t.Errorf("after alt+r:\n%s", scr)
	}
	s.keys("C-s")
	s.waitFor(e2eWait, "echo ✓", "● ready")
}
