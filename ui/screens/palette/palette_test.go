package palette

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

func commands() []Command {
	var out []Command
	for _, t := range []string{"previous tool", "next tool", "open the tool", "show or hide the prompts", "reconnect"} {
		out = append(out, Command{Title: t, Key: "k", Section: "Tool list", Action: screen.Status{Text: t}})
	}
	return out
}

func open(t *testing.T) *Screen {
	t.Helper()
	s := New(theme.Plain(), "Commands", commands())
	s.Init()
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 10})
	return s
}

func press(s *Screen, keys ...string) screen.Result {
	var r screen.Result
	for _, k := range keys {
		msg, _ := screen.Press(k)
		r = s.Update(msg)
	}
	return r
}

func ran(t *testing.T, r screen.Result) string {
	t.Helper()
	if len(r.Actions) != 2 {
		t.Fatalf("want Pop and the command's action, got %#v", r.Actions)
	}
	if _, ok := r.Actions[0].(screen.Pop); !ok {
		t.Fatalf("the palette did not close first: %#v", r.Actions)
	}
	return r.Actions[1].(screen.Status).Text
}

func TestTypingFiltersAndEnterRuns(t *testing.T) {
	t.Parallel()
	s := open(t)
	press(s, "p", "r", "o", "m")
	if v := ansi.Strip(strings.Join(s.View(80, 10), "\n")); !strings.Contains(v, "1 of 5") || !strings.Contains(v, "prompts") {
		t.Fatalf("typing 'prom' did not filter to the prompts:\n%s", v)
	}
	if got := ran(t, press(s, "enter")); got != "show or hide the prompts" {
		t.Fatalf("enter ran %q", got)
	}
}

func TestKeysThatAreTextAreTyped(t *testing.T) {
	t.Parallel()
	s := open(t)
	// j, k, q and ? would be commands elsewhere; here they are the filter.
	press(s, "q")
	if v := ansi.Strip(strings.Join(s.View(80, 10), "\n")); !strings.Contains(v, "/q") {
		t.Fatalf("q was not typed into the filter:\n%s", v)
	}
	if r := press(s, "esc"); len(r.Actions) != 1 {
		t.Fatalf("esc did not just close the palette: %#v", r.Actions)
	}
}

func TestClickRunsTheRowAndWheelMoves(t *testing.T) {
	t.Parallel()
	s := open(t)
	s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if got := ran(t, press(s, "enter")); got != "show or hide the prompts" {
		t.Fatalf("a wheel notch moved the cursor to %q, want three rows down", got)
	}
	s = open(t)
	// Rows: heading, filter, then the commands.
	if got := ran(t, s.Update(tea.MouseClickMsg{X: 4, Y: 3, Button: tea.MouseLeft})); got != "next tool" {
		t.Fatalf("a click on the second command ran %q", got)
	}
}
