package ui

import (
	"strings"
	"testing"

	"github.com/toolbench/toolbench/ui/screens/roots"
)

// TestPaletteReachesScreensWithoutAlt: ctrl+p, or `:` where nothing is
// typed, opens the palette; typing filters it and enter runs the command,
// which opens the screen its alt chord opens.
func TestPaletteReachesScreensWithoutAlt(t *testing.T) {
	t.Parallel()
	for _, open := range []string{"ctrl+p", ":"} {
		t.Run(open, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, newFakeSession(t, fixtureTools))
			h.key(open)
			if v := h.view(); !strings.Contains(v, "Commands ·") || !strings.Contains(v, "previous tool") {
				t.Fatalf("%s did not open the palette with the tool list's keys:\n%s", open, v)
			}
			h.typeText("log level")
			h.key("enter")
			if v := h.view(); !strings.Contains(v, "Log level: the server's messages") {
				t.Fatalf("the palette's log level command did not open the picker:\n%s", v)
			}
		})
	}
}

// TestPaletteListsTheCurrentScreenFirst: on the log level picker, its own
// keys come before those that work anywhere.
func TestPaletteListsTheCurrentScreenFirst(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.resize(80, 30)
	h.key("V", "ctrl+p")
	v := h.view()
	pick, anywhere := strings.Index(v, "ask the server for this level"), strings.Index(v, "Anywhere")
	if pick < 0 || anywhere < 0 || pick > anywhere {
		t.Fatalf("the picker's keys are not first in the palette:\n%s", v)
	}
	h.key("esc")
	if v := h.view(); !strings.Contains(v, "Log level: the server's messages") {
		t.Fatalf("esc did not go back to the picker:\n%s", v)
	}
}

// TestColonIsTypedInAFilter: where text is typed, `:` is text, not the
// palette.
func TestColonIsTypedInAFilter(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.key("/")
	h.typeText(":")
	if v := h.view(); strings.Contains(v, "Commands ·") || !strings.Contains(v, "/:") {
		t.Fatalf("`:` in the tool filter opened the palette or was lost:\n%s", v)
	}
}

// TestPaletteRunsAChordOnAnyTerminal: the palette reaches a binding only an
// alt chord has (the roots screen's alt+o) and replays it.
func TestPaletteRunsAChordOnAnyTerminal(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.key("ctrl+p")
	h.typeText("roots the server")
	h.key("enter")
	if !h.m.shows(roots.ID) {
		t.Fatalf("the palette did not open the roots screen:\n%s", h.view())
	}
}
