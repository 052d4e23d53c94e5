package ui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/widget"
)

func click(x, y int) tea.MouseClickMsg {
	return tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft}
}

func wheel(x, y int, b tea.MouseButton) tea.MouseWheelMsg {
	return tea.MouseWheelMsg{X: x, Y: y, Button: b}
}

// TestClickSelectsAndOpensATool: a click on a tool's row selects it; a
// second click opens its form; the header and the status line take no
// click.
func TestClickSelectsAndOpensATool(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.resize(120, 30)
	// Row 0 is the header, row 1 the pane's heading, row 2 the first tool.
	h.update(click(3, 4))
	if h.m.cursorRow() != 2 || !h.m.listFocused() {
		t.Fatalf("a click on the third tool's row: cursor %d, list focused %t", h.m.cursorRow(), h.m.listFocused())
	}
	name := h.m.cursorTool()
	h.update(click(3, 4))
	if h.m.listFocused() || h.m.tools.Shown() == "" || h.m.tools.Shown() != name || h.m.tab() != "Form" {
		t.Fatalf("a second click did not open %s on its form:\n%s", name, h.view())
	}
	before := h.m.cursorRow()
	h.update(click(3, 0))
	h.update(click(3, 29))
	if h.m.cursorRow() != before {
		t.Fatal("a click on the header or the status line moved the list")
	}
}

// TestWheelScrollsWhatIsUnderThePointer: the wheel over the list moves its
// cursor; over the detail pane it scrolls the tab.
func TestWheelScrollsWhatIsUnderThePointer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.resize(120, 30)
	h.update(wheel(3, 5, tea.MouseWheelDown))
	if h.m.cursorRow() != widget.WheelStep {
		t.Fatalf("the wheel over the list: cursor %d, want %d", h.m.cursorRow(), widget.WheelStep)
	}
	h.update(wheel(3, 5, tea.MouseWheelUp))
	if h.m.cursorRow() != 0 {
		t.Fatalf("the wheel up over the list: cursor %d", h.m.cursorRow())
	}
	h.selectTool("draw_shape")
	h.key("alt+2")
	before := h.view()
	h.update(wheel(100, 10, tea.MouseWheelDown))
	if h.view() == before {
		t.Fatalf("the wheel over the Input tab did not scroll it:\n%s", h.view())
	}
}

// TestClickPicksALogLevel: on a screen of the stack a click reaches the
// screen with its row counted from the body: clicking "debug" asks the
// server for it.
func TestClickPicksALogLevel(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	h.resize(100, 30)
	h.key("V")
	rows := strings.Split(h.view(), "\n")
	y := slices.IndexFunc(rows, func(r string) bool {
		return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(r), "›")) == "debug"
	})
	if y < 0 {
		t.Fatalf("no debug row:\n%s", h.view())
	}
	h.update(click(4, y))
	s.mu.Lock()
	defer s.mu.Unlock()
	if !slices.Equal(s.levels, []string{"debug"}) {
		t.Fatalf("a click on debug asked for %v:\n%s", s.levels, h.view())
	}
}
