package help

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

func sections() []render.HelpSection {
	var rows []render.HelpRow
	for i := range 40 {
		rows = append(rows, render.HelpRow{Keys: "x", Desc: strings.Repeat("row ", 2) + string(rune('a'+i%26))})
	}
	return []render.HelpSection{
		{Title: "Log level", Rows: []render.HelpRow{{Keys: "enter", Desc: "ask the server for this level"}}},
		{Title: "Roots", Rows: []render.HelpRow{{Keys: "a/+", Desc: "add a directory"}}},
		{Title: "Many", Rows: rows},
	}
}

func view(s *Screen) string { return ansi.Strip(strings.Join(s.View(80, 12), "\n")) }

func press(s *Screen, keys ...string) screen.Result {
	var r screen.Result
	for _, k := range keys {
		msg, _ := screen.Press(k)
		r = s.Update(msg)
	}
	return r
}

func TestOpensOnTheFirstSection(t *testing.T) {
	t.Parallel()
	s := New(theme.Plain(), "Log level", sections())
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 12})
	v := view(s)
	if !strings.Contains(v, "on Log level") || !strings.Contains(v, "Keys · 1–11 of") {
		t.Fatalf("the help does not say where it opened and what it shows:\n%s", v)
	}
}

func TestSearchKeepsMatchingRowsAndEscClears(t *testing.T) {
	t.Parallel()
	s := New(theme.Plain(), "Log level", sections())
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 12})
	press(s, "/", "d", "i", "r")
	if !s.Typing() {
		t.Fatal("the search is not typed")
	}
	v := view(s)
	if !strings.Contains(v, "add a directory") || strings.Contains(v, "ask the server") {
		t.Fatalf("the search for 'dir' shows:\n%s", v)
	}
	press(s, "esc")
	if s.Typing() || !strings.Contains(view(s), "ask the server") {
		t.Fatalf("esc did not clear the search:\n%s", view(s))
	}
	if r := press(s, "esc"); len(r.Actions) != 1 {
		t.Fatalf("esc out of a search did not close the help: %#v", r.Actions)
	}
}

func TestWheelAndKeysScroll(t *testing.T) {
	t.Parallel()
	s := New(theme.Plain(), "Log level", sections())
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 12})
	s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if !strings.Contains(view(s), "Keys · 4–") {
		t.Fatalf("the wheel did not scroll three rows:\n%s", view(s))
	}
	press(s, "end")
	v := view(s)
	if !strings.Contains(v, "row row n") {
		t.Fatalf("end did not show the last row:\n%s", v)
	}
}
