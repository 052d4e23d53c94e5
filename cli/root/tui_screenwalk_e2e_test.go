package root

import (
	"fmt"
	"strings"
	"testing"
)

// The tool list as it shows when the demo is connected and nothing is
// stacked on it: its title and its own footer.
var demoToolList = []string{"Tools 15", "ctrl+s call · L log · q quit · ? help"}

// openKeyScreens pairs each chord-free capital letter with a fragment of
// the screen it opens on the demo.
var openKeyScreens = []struct{ key, shows string }{
	{"E", "Resources 0 · templates 0"},
	{"P", "Prompts 0"},
	{"T", "Tasks seen in this session"},
	{"L", "Log · "},
	{"H", "History 0 calls"},
	{"C", "Changes since last time"},
	{"O", "Roots: the directories the server may use"},
	{"V", "Log level: the server's messages"},
	{"A", "Authorization (OAuth)"},
	{"W", "Hosts · "},
}

// TestTUIScreensWithoutChords: at 80×24, with no alt key at all, the
// palette (ctrl+p, and : on the tool list) runs the command chosen by its
// filter, every capital letter opens its screen and esc or the same letter
// brings the tool list back, and ? opens help on the keys of the screen it
// is pressed on.
func TestTUIScreensWithoutChords(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	s := startTmux(t, 80, 24, bin, "connect", "demo")
	s.waitFor(e2eWait, append([]string{"● ready"}, demoToolList...)...)

	s.keys("C-p")
	s.waitFor(e2eWait, "Commands · ", "type to filter")
	s.text("prompts")
	s.waitFor(e2eWait, "Commands · 1 of ", "show or hide the prompts")
	s.keys("Enter")
	s.waitFor(e2eWait, "Prompts 0", "enter arguments")
	s.keys("Escape")
	s.waitFor(e2eWait, demoToolList...)

	s.keys(":")
	s.waitFor(e2eWait, "Commands · ", "type to filter")
	s.text("log level")
	s.waitFor(e2eWait, "the picker of the server's log level")
	s.keys("Enter")
	s.waitFor(e2eWait, "Log level: the server's messages")
	s.keys("Escape")
	s.waitFor(e2eWait, demoToolList...)

	for _, o := range openKeyScreens {
		for _, back := range []string{"Escape", o.key} {
			s.keys(o.key)
			scr := s.waitFor(e2eWait, o.shows)
			if strings.Contains(scr, demoToolList[0]) {
				t.Errorf("%s: the tool list still shows under its screen:\n%s", o.key, scr)
			}
			s.keys(back)
			s.waitFor(e2eWait, demoToolList...)
		}
	}

	helpOpensOn(s, "L", "Log", "older entry")
	helpOpensOn(s, "", "Tool list", "previous tool")
}

// helpOpensOn opens the screen of open (none for the tool list), presses
// ? and checks the help says which screen it is on and lists that
// screen's keys first: the section under the title is the screen's, with
// one of its own rows.
func helpOpensOn(s *tmuxScreen, open, screenName, row string) {
	s.t.Helper()
	if open != "" {
		s.keys(open)
	}
	s.keys("?")
	scr := s.waitFor(e2eWait, "Keys · 1–", fmt.Sprintf("· on %s · ", screenName), row)
	lines := strings.Split(scr, "\n")
	first := ""
	for _, l := range lines[2:] {
		if strings.TrimSpace(l) != "" {
			first = strings.TrimRight(l, " ")
			break
		}
	}
	if first != screenName {
		s.t.Errorf("help on %s starts with section %q, want the screen's own keys first:\n%s", screenName, first, scr)
	}
	s.keys("Escape")
	if open != "" {
		s.waitFor(e2eWait, "? help")
		s.keys("Escape")
	}
	s.waitFor(e2eWait, demoToolList...)
}

// TestTUIMouseClickSelectsThenOpens: a left click on a row of the tool
// list selects that tool, and a second click on it opens its form. tmux's
// send-keys -M only replays a mouse event inside a mouse key binding, so
// the click is the SGR mouse report a terminal writes, sent as raw bytes
// to the pane (the workbench turned on SGR mouse reporting).
func TestTUIMouseClickSelectsThenOpens(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	s := startTmux(t, 80, 24, bin, "connect", "demo")
	scr := s.waitFor(e2eWait, append([]string{"● ready", "› create_order"}, demoToolList...)...)
	row := -1
	for i, l := range strings.Split(scr, "\n") {
		if strings.HasPrefix(l, "  echo ") {
			row = i
		}
	}
	if row < 0 {
		t.Fatalf("no row for echo:\n%s", scr)
	}
	s.click(4, row)
	s.waitFor(e2eWait, "› echo ", "Returns the given message unchanged")
	s.click(4, row)
	s.waitFor(e2eWait, "▸ echo ", "esc leave form")
}

// click sends a left press and release at the 0-based cell (x, y) as the
// SGR mouse report (CSI < b ; x ; y M/m, 1-based) a terminal would write.
func (s *tmuxScreen) click(x, y int) {
	s.t.Helper()
	args := []string{"send-keys", "-t", "main", "-H"}
	for _, b := range []byte(fmt.Sprintf("\x1b[<0;%d;%dM\x1b[<0;%d;%dm", x+1, y+1, x+1, y+1)) {
		args = append(args, fmt.Sprintf("%02x", b))
	}
	s.tmux(args...)
}
