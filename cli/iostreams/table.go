package iostreams

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/charmbracelet/x/ansi"
)

// Column is a column of a listing's table and how it gives way on a
// terminal narrower than the table.
type Column struct {
	name string
	// shrink marks a column cut (with …) down to min cells, in the order
	// the columns are declared, before any is dropped.
	shrink bool
	min    int
	// drop marks a column left out, the rightmost first, when shrinking
	// alone does not fit the table.
	drop bool
}

// Keep is a column kept whole: the one a row is named by.
func Keep(name string) Column { return Column{name: name} }

// Shorten is a column cut, with …, down to min cells when the terminal is
// too narrow.
func Shorten(name string, min int) Column { return Column{name: name, shrink: true, min: min} }

// Optional is a column cut down to min cells, and left out when cutting
// is not enough.
func Optional(name string, min int) Column {
	return Column{name: name, shrink: true, min: min, drop: true}
}

// Table is the one writer of every listing's table (tools, resources,
// prompts, tasks, history, presets, the schema outline, auth status):
// columns two spaces apart, as text/tabwriter lays them out. Piped, or
// on a terminal wide enough, the output is tabwriter's, byte for byte. On
// a narrower terminal the columns marked to give way are cut and then
// dropped until the table fits; the others stay whole, so a name can still
// be copied from it, and a table that cannot fit overflows.
type Table struct {
	cols []Column
	rows [][]string
}

// NewTable starts a table with a header row of the columns' names.
func NewTable(cols ...Column) *Table { return &Table{cols: cols} }

// Row adds a row, a cell per column; server text must be made safe first.
func (t *Table) Row(cells ...string) { t.rows = append(t.rows, cells) }

// Write writes the table to st.Out, fitted to the terminal's width when
// st has one. Write errors are st.Out's to keep: the CLI checks them once
// for the whole command.
func (t *Table) Write(st *Streams) {
	width := 0
	if st.Width != nil {
		width = st.Width()
	}
	shown, widths := t.fit(width)
	w := tabwriter.NewWriter(st.Out, 0, 0, 2, ' ', 0)
	var names []string
	for _, i := range shown {
		names = append(names, t.cols[i].name)
	}
	writeCells(w, names)
	for _, r := range t.rows {
		cells := make([]string, 0, len(shown))
		for _, i := range shown {
			cells = append(cells, cutCell(r[i], widths[i]))
		}
		writeCells(w, cells)
	}
	_ = w.Flush()
}

// writeCells is one line for tabwriter.
func writeCells(w io.Writer, cells []string) {
	fmt.Fprintln(w, strings.Join(cells, "\t"))
}

// cutCell shortens s to width cells, marking the cut; 0 leaves it whole.
func cutCell(s string, width int) string {
	if width <= 0 || ansi.StringWidth(s) <= width {
		return s
	}
	return ansi.Truncate(s, width, "…")
}

// fit chooses the columns shown and their widths (0: whole) for a
// terminal width columns wide, 0 meaning no terminal: every column whole.
func (t *Table) fit(width int) (shown []int, widths []int) {
	dropped := make([]bool, len(t.cols))
	for {
		shown, widths = shown[:0], t.natural()
		for i := range t.cols {
			if !dropped[i] {
				shown = append(shown, i)
			}
		}
		if width <= 0 || t.shrink(shown, widths, width) {
			return shown, widths
		}
		// The rightmost column that may go goes first: listings put
		// what matters most on the left.
		next := -1
		for _, i := range shown {
			if t.cols[i].drop {
				next = i
			}
		}
		if next < 0 {
			// Nothing more gives way: the kept columns stay whole and
			// the line wraps, which beats cutting a name.
			return shown, widths
		}
		dropped[next] = true
	}
}

// natural is each column's width with nothing cut: its widest cell or
// its name.
func (t *Table) natural() []int {
	widths := make([]int, len(t.cols))
	for i, c := range t.cols {
		widths[i] = ansi.StringWidth(c.name)
		for _, r := range t.rows {
			widths[i] = max(widths[i], ansi.StringWidth(r[i]))
		}
	}
	return widths
}

// shrink cuts the shown columns that may shrink, in order, until the
// table fits width, and reports whether it does.
func (t *Table) shrink(shown, widths []int, width int) bool {
	total := 2 * (len(shown) - 1)
	for _, i := range shown {
		total += widths[i]
	}
	for _, i := range shown {
		c := t.cols[i]
		if total <= width {
			break
		}
		floor := max(c.min, ansi.StringWidth(c.name))
		if !c.shrink || widths[i] <= floor {
			continue
		}
		cut := min(widths[i]-floor, total-width)
		widths[i] -= cut
		total -= cut
	}
	return total <= width
}
