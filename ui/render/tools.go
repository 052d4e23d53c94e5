package render

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/theme"
)

// piece is a word of a row with the style it gets when the row is not
// selected (a selected row is drawn in st.Selected alone, because an inner
// style's reset would cut the selection's background short).
type piece struct {
	text  string
	style lipgloss.Style
}

// Badges shows a tool's behaviour hints, space-separated, in this order:
// read-only, destructive (st.BadgeWarn: it may destroy data), idempotent,
// open-world (st.Badge for the others).
//
//   - A hint sent as true is shown.
//   - A hint sent as false is not shown.
//   - A hint the server did not send is shown in st.BadgeMuted with a "?"
//     ("destructive?"): the spec's default applies, which is false for
//     read-only and idempotent but true for destructive and open-world, so
//     "not sent" must not look like either answer.
//   - On a read-only tool, unsent destructive and idempotent hints are not
//     shown: the spec gives them meaning only when readOnlyHint is false.
//     Sent ones are, since a read-only tool claiming to be destructive is
//     worth seeing.
//   - A tool that sent no hint at all gets the one badge "hints?" rather
//     than four, to keep the tool list readable.
func Badges(st *theme.Styles, a tool.Annotations) string {
	pieces := badges(st, a)
	out := make([]string, len(pieces))
	for i, p := range pieces {
		out[i] = p.style.Render(p.text)
	}
	return strings.Join(out, " ")
}

func badges(st *theme.Styles, a tool.Annotations) []piece {
	hints := []struct {
		name  string
		v     *bool
		style lipgloss.Style
	}{
		{"read-only", a.ReadOnlyHint, st.Badge},
		{"destructive", a.DestructiveHint, st.BadgeWarn},
		{"idempotent", a.IdempotentHint, st.Badge},
		{"open-world", a.OpenWorldHint, st.Badge},
	}
	if hints[0].v == nil && hints[1].v == nil && hints[2].v == nil && hints[3].v == nil {
		return []piece{{"hints?", st.BadgeMuted}}
	}
	readOnly := a.ReadOnlyHint != nil && *a.ReadOnlyHint
	var out []piece
	for i, h := range hints {
		switch {
		case h.v == nil && readOnly && (i == 1 || i == 2):
		case h.v == nil:
			out = append(out, piece{h.name + "?", st.BadgeMuted})
		case *h.v:
			out = append(out, piece{h.name, h.style})
		}
	}
	return out
}

// RowState is how a list row is drawn.
type RowState int

const (
	// RowPlain is a row like any other.
	RowPlain RowState = iota
	// RowCursor is the row under the cursor of the list that has focus:
	// "› " and st.Selected across the row.
	RowCursor
	// RowMarked is the selected row while another pane has focus: "▸ "
	// and the name in bold, so the tool being edited stays findable with
	// or without colour.
	RowMarked
)

// ToolRow is what a tool's row in the list shows, worked out once when the
// tools arrive (ToolRowOf) so that drawing a frame reads it only.
type ToolRow struct {
	// Name is the tool's name, escaped, NameWidth cells wide; the list
	// puts FitNames' cut of it in the row.
	Name      string
	NameWidth int
	// Title is the tool's title as sent (escaped when drawn), "" when it
	// only restates the name.
	Title string
	// Marks are its compact marks.
	Marks ToolMarks
}

// minTitle is the fewest cells a title is shown in.
const minTitle = 6

// nameLimit bounds the cells of a name kept for the list: far more than
// any pane, so a server's megabyte name costs what a screenful does.
const nameLimit = 1024

// ToolRowOf is t's row; paramCount < 0 leaves the parameter count out.
func ToolRowOf(t tool.Tool, paramCount int) ToolRow {
	r := ToolRow{Name: safeLine(t.Name, nameLimit), Marks: MarksOf(t, paramCount)}
	r.NameWidth = cells(r.Name)
	if title := t.DisplayTitle(); !sameWords(title, t.Name) {
		r.Title = title
	}
	return r
}

// sameWords reports a title that only restates the name ("Get Weather"
// for get_weather): the same words, whatever their case and separators.
// Beside the name it would be noise. It allocates nothing: it runs for
// every tool when the list arrives.
func sameWords(a, b string) bool {
	i, j := skipSeps(a, 0), skipSeps(b, 0)
	for i < len(a) && j < len(b) {
		ra, na := utf8.DecodeRuneInString(a[i:])
		rb, nb := utf8.DecodeRuneInString(b[j:])
		if unicode.ToLower(ra) != unicode.ToLower(rb) {
			return false
		}
		i, j = i+na, j+nb
		// A word must end in both where it ends in one.
		endA, endB := i == len(a) || isSep(a[i]), j == len(b) || isSep(b[j])
		if endA != endB {
			return false
		}
		i, j = skipSeps(a, i), skipSeps(b, j)
	}
	return i == len(a) && j == len(b)
}

// cells is s's width, counted without ansi for printable ASCII, which
// nearly every tool name is: measuring graphemes was an eighth of the
// first frame of 10,000 tools.
func cells(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return lipgloss.Width(s)
		}
	}
	return len(s)
}

func isSep(c byte) bool { return c == '_' || c == '-' || c == '.' || c == ' ' || c == '/' }

func skipSeps(s string, i int) int {
	for i < len(s) && isSep(s[i]) {
		i++
	}
	return i
}

// ToolLine is a tool's row in a list width cells wide: the cursor mark,
// name (already cut by FitNames), the title in st.Muted when there is room
// for it, and the marks right-aligned in the columns cols gives every row
// of the list, so they line up. A RowCursor row is padded to width in
// st.Selected alone, because an inner style's reset would cut the
// selection's background short.
func ToolLine(st *theme.Styles, r ToolRow, name string, cols MarkColumns, width int, state RowState) string {
	cursor, nameStyle := "  ", st.Text
	switch state {
	case RowCursor:
		cursor = "› "
	case RowMarked:
		cursor, nameStyle = "▸ ", st.Heading
	}
	marks := cols.pieces(st, r.Marks)
	marksWidth := cols.Width()
	// The marks start with a space: that is the gap after the name.
	name = Clip(name, max(1, width-2-marksWidth))
	row := []piece{{cursor, st.Accent}, {name, nameStyle}}
	used := 2 + lipgloss.Width(name)
	// The title goes in what the name and the marks leave, two spaces
	// from the name; a stub of it would say nothing.
	if room := width - used - 2 - 1 - marksWidth; r.Title != "" && room >= minTitle {
		title := safeLine(r.Title, room)
		row = append(row, piece{"  " + title, st.Muted})
		used += 2 + lipgloss.Width(title)
	}
	row = append(row, piece{strings.Repeat(" ", max(0, width-used-marksWidth)), st.Text})
	row = append(row, marks...)
	return drawRow(st, row, width, state == RowCursor)
}

// drawRow joins pieces, cut to width, styled or selected.
func drawRow(st *theme.Styles, row []piece, width int, selected bool) string {
	var b strings.Builder
	for _, p := range row {
		// Spaces look the same in any foreground.
		if selected || strings.TrimLeft(p.text, " ") == "" {
			b.WriteString(p.text)
		} else {
			b.WriteString(p.style.Render(p.text))
		}
	}
	line := Clip(b.String(), width)
	if selected {
		return st.Selected.Render(padRight(line, width))
	}
	return line
}

// ToolMarks are a tool's compact marks, the list's short form of what the
// detail heading spells out (ToolMarkLegend explains them):
//
//	✗      excluded: listed, but not to be called
//	T t    a task is required / optional
//	A H    an MCP App / hidden from the model
//	rdio   the four hints, positional like ls -l: read-only, destructive,
//	       idempotent, open-world; "-" sent as false (or meaningless on
//	       a read-only tool, the rule Badges follows), "?" not sent
//	3p     top-level parameters
//	→      an outputSchema
type ToolMarks struct {
	Excluded bool
	// Task is "T", "t" or "".
	Task             string
	App, ModelHidden bool
	Hints            [4]byte
	// Params < 0 is not shown.
	Params int
	Output bool
}

// MarksOf is t's marks; paramCount < 0 leaves the count out.
func MarksOf(t tool.Tool, paramCount int) ToolMarks {
	k := ToolMarks{Excluded: t.Excluded != "", Params: paramCount, Output: t.OutputSchema != nil}
	switch t.TaskSupport {
	case tool.TaskRequired:
		k.Task = "T"
	case tool.TaskOptional:
		k.Task = "t"
	}
	if t.App != nil {
		k.App, k.ModelHidden = true, t.App.HiddenFromModel()
	}
	a := t.Annotations
	readOnly := a.ReadOnlyHint != nil && *a.ReadOnlyHint
	for i, h := range []*bool{a.ReadOnlyHint, a.DestructiveHint, a.IdempotentHint, a.OpenWorldHint} {
		switch {
		case h == nil && readOnly && (i == 1 || i == 2):
			k.Hints[i] = '-'
		case h == nil:
			k.Hints[i] = '?'
		case *h:
			k.Hints[i] = "rdio"[i]
		default:
			k.Hints[i] = '-'
		}
	}
	return k
}

func (k ToolMarks) ext() string {
	var b strings.Builder
	if k.Excluded {
		b.WriteString("✗")
	}
	b.WriteString(k.Task)
	if k.App {
		b.WriteString("A")
	}
	if k.ModelHidden {
		b.WriteString("H")
	}
	return b.String()
}

func (k ToolMarks) params() string {
	if k.Params < 0 {
		return ""
	}
	return strconv.Itoa(k.Params) + "p"
}

// MarkColumns are the widths of the mark columns over a whole list, so the
// marks of every row line up. The zero value fits no marks; Add widens it.
type MarkColumns struct {
	ext, params int
	output      bool
}

// Add widens the columns to take k.
func (c *MarkColumns) Add(k ToolMarks) {
	c.ext = max(c.ext, lipgloss.Width(k.ext()))
	c.params = max(c.params, len(k.params()))
	c.output = c.output || k.Output
}

// Width is the cells the marks take, with the space before each column
// (so the first one parts them from the name).
func (c MarkColumns) Width() int {
	w := 1 + len(ToolMarks{}.Hints)
	if c.ext > 0 {
		w += 1 + c.ext
	}
	if c.params > 0 {
		w += 1 + c.params
	}
	if c.output {
		w += 2
	}
	return w
}

// pieces are k's marks in c's columns, each padded on the left.
func (c MarkColumns) pieces(st *theme.Styles, k ToolMarks) []piece {
	var out []piece
	if c.ext > 0 {
		ext := k.ext()
		out = append(out, piece{" " + strings.Repeat(" ", c.ext-lipgloss.Width(ext)), st.Text})
		if k.Excluded {
			out = append(out, piece{"✗", st.BadgeWarn})
		}
		switch k.Task {
		case "T":
			out = append(out, piece{k.Task, st.BadgeWarn})
		case "t":
			out = append(out, piece{k.Task, st.Badge})
		}
		if k.App {
			out = append(out, piece{"A", st.Accent})
		}
		if k.ModelHidden {
			out = append(out, piece{"H", st.BadgeWarn})
		}
	}
	out = append(out, piece{" ", st.Text})
	// Hints of one look are drawn as one piece: a style's Render is most
	// of what a row costs.
	run, look := "", -1
	for i, h := range k.Hints {
		l := 0 // a hint sent as true
		switch {
		case h == '?':
			l = 1
		case h == '-':
			l = 2
		case i == 1:
			l = 3
		}
		if l != look && run != "" {
			out = append(out, piece{run, hintLooks(st)[look]})
			run = ""
		}
		run, look = run+string(h), l
	}
	out = append(out, piece{run, hintLooks(st)[look]})
	if c.params > 0 {
		p := k.params()
		out = append(out, piece{" " + strings.Repeat(" ", c.params-len(p)) + p, st.Muted})
	}
	if c.output {
		o := " "
		if k.Output {
			o = "→"
		}
		out = append(out, piece{" " + o, st.Accent})
	}
	return out
}

// hintLooks are the styles of a hint sent as true, not sent, false, and
// destructive.
func hintLooks(st *theme.Styles) [4]lipgloss.Style {
	return [4]lipgloss.Style{st.Badge, st.BadgeMuted, st.Subtle, st.BadgeWarn}
}

// ToolMarkLegend explains the marks, for the help screen.
func ToolMarkLegend() []HelpRow {
	return []HelpRow{
		{Keys: "r d i o", Desc: "hints, in this order: read-only, destructive, idempotent, open-world"},
		{Keys: "- ?", Desc: "in a hint's place: sent as false (or meaningless on a read-only tool) / not sent"},
		{Keys: "3p", Desc: "the tool's top-level parameters"},
		{Keys: "→", Desc: "the tool declares an outputSchema"},
		{Keys: "T t", Desc: "calling the tool as a task is required / optional"},
		{Keys: "A H", Desc: "the tool has an MCP App / the App hides the tool from the model"},
		{Keys: "✗", Desc: "listed but excluded: the workbench does not call it"},
		{Keys: "› ▸", Desc: "the selected tool, in the list / while the detail pane has focus"},
	}
}
