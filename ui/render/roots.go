package render

import (
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

// RootsView is the roots screen: the directories the server may use.
type RootsView struct {
	// Roots are the directories in view and URIs their file: URIs, in
	// order; Cursor is the selected one's row among them, -1 for none.
	Roots, URIs []string
	Cursor      int
	// Adding is set while a directory is typed; Input is the text input
	// as drawn.
	Adding bool
	Input  string
}

// RootsScreen draws the roots screen, one root a row, the selected one
// marked; paths are escaped, as a directory name may hold anything.
func RootsScreen(st *theme.Styles, v RootsView, width int) []string {
	lines := []string{heading("Roots: the directories the server may use (roots/list)", width, st.Heading, st.Border)}
	if len(v.Roots) == 0 {
		lines = append(lines, muted(st, "no roots: the server is told the list is empty", width)...)
	}
	for i, dir := range v.Roots {
		row := "  " + termsafe.Line(dir)
		if i == v.Cursor && !v.Adding {
			lines = append(lines, st.Selected.Render(Pad("› "+termsafe.Line(dir), width)))
		} else {
			lines = append(lines, Clip(row, width))
		}
		if i < len(v.URIs) {
			lines = append(lines, st.Muted.Render(Clip("    "+termsafe.Line(v.URIs[i]), width)))
		}
	}
	lines = append(lines, "")
	if v.Adding {
		lines = append(lines, Clip(v.Input, width))
	}
	return append(lines, rootsNote(st, width)...)
}

// rootsNote says when the server hears of a change.
func rootsNote(st *theme.Styles, width int) []string {
	return muted(st, "After each change a legacy server is sent notifications/roots/list_changed; "+
		"on 2026-07-28 the next request carries the new list.", width)
}

// RootsChromeRows is how many rows RootsScreen draws at width besides the
// roots' own (two a root) while a directory is typed: the rows the
// screen's list of roots cannot have.
func RootsChromeRows(st *theme.Styles, width int) int {
	// The heading, the blank row and the input row, then the note.
	return 3 + len(rootsNote(st, width))
}

// LevelView is the log level picker.
type LevelView struct {
	Levels []string
	Cursor int
	// Current is the level last set; empty when none was.
	Current string
}

// LevelPicker draws the log levels, the selected one marked and the one
// in effect named.
func LevelPicker(st *theme.Styles, v LevelView, width int) []string {
	lines := []string{heading("Log level: the server's messages at this level and above", width, st.Heading, st.Border)}
	for i, l := range v.Levels {
		label := l
		if l == v.Current {
			label += " (in effect)"
		}
		if i == v.Cursor {
			lines = append(lines, st.Selected.Render(Pad("› "+label, width)))
		} else {
			lines = append(lines, Clip("  "+label, width))
		}
	}
	if v.Current == "" {
		lines = append(lines, "", st.Muted.Render(Clip("none set: the server sends what it likes", width)))
	}
	return lines
}
