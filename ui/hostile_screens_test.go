package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/hostile"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// TestHostileScreens drives every screen of the workbench, in the default
// theme at 80 and 120 columns, with what a hostile server sent: each screen
// may hold toolbench's own SGR styling and nothing else that a terminal acts
// on, no line may pass the width, and the payload must show escaped.
func TestHostileScreens(t *testing.T) {
	t.Parallel()
	for _, p := range hostile.Payloads() {
		t.Run(p.ID, func(t *testing.T) {
			if p.ID == "long" && fixture.RaceDetector {
				t.Skip("the 100,000-character payload runs without -race")
			}
			t.Parallel()
			c := captureHostile(t, p)
			for _, size := range [][2]int{{80, 24}, {120, 40}} {
				t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
					t.Parallel()
					s := newScreens(t, c, size[0], size[1])
					s.browse()
					s.form()
					s.calls()
					s.logAndDisconnect()
					s.connectFailure()
				})
			}
		})
	}
}

// screens walks one model through the screens and checks each one.
type screens struct {
	t         *testing.T
	h         *harness
	c         *hostileCapture
	sess      *replaySession
	w, height int
	shown     string // the payload as escaped plain text shows it
	jsonShown string // the payload inside highlighted JSON
}

func newScreens(t *testing.T, c *hostileCapture, w, height int) *screens {
	sess := &replaySession{c: c}
	s := &screens{t: t, c: c, sess: sess, w: w, height: height, shown: c.p.Shown, jsonShown: jsonShown(c.p.Text)}
	s.h = newStyledHarness(t, func(context.Context, func(client.Event), client.Answerer) (Session, error) { return sess, nil }, w, height)
	return s
}

// newStyledHarness is newHarness in the default theme, real colours and
// all, at the given size.
func newStyledHarness(t *testing.T, connect Connector, w, height int) *harness {
	return startHarness(t, connect, Options{Target: "hostile"}, w, height)
}

// jsonShown is the start of s as highlighted JSON shows it: JSON's own
// escapes as written, then termsafe for what JSON leaves raw.
func jsonShown(s string) string {
	data, _ := json.Marshal(s)
	return clipRunes(termsafe.Line(string(data[1:len(data)-1])), 8)
}

func clipRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// look checks the screen and returns it without styling. want are texts
// the screen, header aside, must show.
func (s *screens) look(label string, want ...string) string {
	s.t.Helper()
	content := s.h.m.View().Content
	for _, leak := range hostile.ScreenLeaks(content, true) {
		s.t.Errorf("%s: %s", label, leak)
	}
	lines := strings.Split(content, "\n")
	if len(lines) > s.height {
		s.t.Errorf("%s: %d lines on a %d-line screen", label, len(lines), s.height)
	}
	for i, l := range lines {
		if w := hostile.ScreenWidth(l); w > s.w {
			s.t.Errorf("%s: line %d is %d cells wide on a %d-column screen: %q", label, i, w, s.w, clipRunes(ansi.Strip(l), 120))
		}
	}
	plain := ansi.Strip(content)
	body := plain
	if _, rest, ok := strings.Cut(plain, "\n"); ok {
		body = rest
	}
	for _, w := range want {
		if !strings.Contains(body, w) {
			s.t.Errorf("%s: the screen does not show %q:\n%s", label, w, clipRunes(plain, 6000))
		}
	}
	return plain
}

// name is the tool of the given kind.
func (s *screens) name(kind string) string { return hostile.ToolName(kind, s.c.p) }

// open selects the tool of the given kind in the list and opens it, from
// wherever the focus is.
func (s *screens) open(kind string) {
	s.t.Helper()
	s.h.m.toTools(tools.ShowList{})
	s.h.selectTool(s.name(kind))
}

// browse covers the tool list, its filter, the help screen and every tab
// of every tool but the form.
func (s *screens) browse() {
	h := s.h
	s.look("tool list", "AT"+s.shown)
	h.key("?")
	s.look("help")
	h.key("esc")
	h.key("/")
	h.typeText("res")
	s.look("filter", "T"+s.shown)
	h.key("esc")
	// The three tools share their input schema: the result tool's tabs are
	// scrolled through, the others' are looked at from the top.
	for _, kind := range []string{hostile.ResultTool, hostile.FailTool, hostile.RPCTool} {
		deep := kind == hostile.ResultTool
		view := func(label string) {
			if deep {
				s.scroll(label)
			} else {
				s.look(label)
			}
		}
		s.open(kind)
		s.look(kind + " form")
		for _, tab := range []string{"alt+2", "alt+3", "alt+6"} {
			h.key(tab)
			view(kind + " " + tab)
		}
		h.key("alt+4")
		s.look(kind + " lint")
		for range 3 {
			h.key("down")
			s.look(kind + " lint, next finding")
		}
		h.key("enter")
		s.look(kind + " lint, field shown")
		h.key("alt+5")
		for i := range 5 {
			// The Providers tab converts the tool again for every frame, a
			// third of a second with the long payload: it is looked at once.
			if s.c.p.ID == "long" {
				s.look(fmt.Sprintf("%s providers %d", kind, i))
			} else {
				view(fmt.Sprintf("%s providers %d", kind, i))
			}
			h.key("home", "right")
		}
		h.key("esc")
	}
	s.open(hostile.ResultTool)
	h.key("alt+2")
	s.look("input schema", `"ST`+s.jsonShown)
	h.key("alt+6")
	s.look("meta", "D"+s.shown)
}

// scroll looks at a text tab from the top, a few pages down, and the end.
func (s *screens) scroll(label string) {
	s.h.key("home")
	s.look(label)
	for i := range 3 {
		s.h.key("pgdown")
		s.look(fmt.Sprintf("%s, page %d", label, i+2))
	}
	s.h.key("end")
	s.look(label + ", end")
	s.h.key("home")
}
