package render

import (
	"fmt"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/theme"
)

// PaletteRow is one command of the palette.
type PaletteRow struct {
	Title, Key, Section string
}

// PaletteView is the palette as it stands: the filter's input line, the
// commands in view, the cursor's row among them (-1: none), and how many
// match of how many.
type PaletteView struct {
	Title        string
	Filter       string
	Rows         []PaletteRow
	Cursor       int
	Shown, Total int
}

// Palette draws the command palette: a heading with the count, the
// filter, then a row a command, its key at the right and where it
// applies after. At narrow widths the section goes first, then the
// title is cut; the key is never cut, because it is what the person
// learns from the palette.
func Palette(st *theme.Styles, v PaletteView, width, height int) []string {
	count := fmt.Sprintf("%d of %d", v.Shown, v.Total)
	lines := []string{heading(v.Title+" · "+count, width, st.Heading, st.Border), Clip(v.Filter, width)}
	for i, r := range v.Rows {
		if len(lines) >= height {
			break
		}
		lines = append(lines, paletteRow(st, r, width, i == v.Cursor))
	}
	if len(v.Rows) == 0 {
		lines = append(lines, st.Muted.Render(Clip("  no command matches: backspace or esc", width)))
	}
	return lines
}

// paletteRow lays one command out in width.
func paletteRow(st *theme.Styles, r PaletteRow, width int, selected bool) string {
	mark := "  "
	if selected {
		mark = "› "
	}
	keyW := ansi.StringWidth(r.Key)
	section := ""
	if width >= 60 && r.Section != "" {
		section = "  " + r.Section
	}
	room := width - ansi.StringWidth(mark) - keyW - 2
	// Where a command applies is the least of its row: it gets what the
	// title leaves, at most 24 cells.
	secW := min(ansi.StringWidth(section), max(0, min(24, room-30)))
	section = ansi.Truncate(section, secW, "…")
	titleW := max(1, room-secW)
	title := Pad(ansi.Truncate(r.Title, titleW, "…"), titleW)
	if selected {
		return st.Selected.Render(Pad(mark+title+section+"  "+r.Key, width))
	}
	return Clip(mark+title+st.Muted.Render(section)+"  "+st.Key.Render(r.Key), width)
}
