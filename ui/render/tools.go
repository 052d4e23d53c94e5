package render

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/internal/plural"
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

// ToolLine is a tool's row in the tool list: a cursor mark ("› " when
// selected, so the row stands out without colour too), the title
// (DisplayTitle, escaped), "excluded" when the tool must not be called, its
// task and app badges ("task", "task-opt", "app", "model-hidden"), its
// Badges, the parameter count (paramCount < 0
// omits it) and "outputSchema" when the tool declares one. The title is
// shortened first so the rest stays visible, but never below half the row;
// the whole row is then cut to width with "…". A selected row is padded to
// width in st.Selected.
func ToolLine(st *theme.Styles, t tool.Tool, paramCount int, width int, selected bool) string {
	cursor := "  "
	if selected {
		cursor = "› "
	}
	// Task and app badges go before the hints: they change how the tool
	// is called, so they should survive the cut.
	meta := append(extensionBadges(st, t, false), badges(st, t.Annotations)...)
	if t.Excluded != "" {
		// First, so it survives the cut: calling such a tool is refused.
		meta = append([]piece{{"excluded", st.BadgeWarn}}, meta...)
	}
	switch {
	case paramCount == 0:
		meta = append(meta, piece{"no params", st.Muted})
	case paramCount > 0:
		meta = append(meta, piece{plural.Count(paramCount, "param"), st.Muted})
	}
	if t.OutputSchema != nil {
		meta = append(meta, piece{"outputSchema", st.Accent})
	}
	metaWidth := 0
	for _, p := range meta {
		metaWidth += 1 + ansi.StringWidth(p.text)
	}
	title := safeLine(t.DisplayTitle(), width)
	if width > 0 {
		room := width - 2 - metaWidth // the cursor, then a space and a word per piece
		title = truncate(title, max(room, min(ansi.StringWidth(title), (width-2)/2), 1))
	}
	row := append([]piece{{cursor + title, st.Text}}, meta...)
	return joinRow(st, row, width, selected)
}

// joinRow joins pieces with spaces, cut to width, styled or selected.
func joinRow(st *theme.Styles, row []piece, width int, selected bool) string {
	var b strings.Builder
	for i, p := range row {
		if i > 0 {
			b.WriteByte(' ')
		}
		if selected {
			b.WriteString(p.text)
		} else {
			b.WriteString(p.style.Render(p.text))
		}
	}
	line := b.String()
	if width > 0 {
		line = ansi.Truncate(line, width, "…")
	}
	if selected {
		return st.Selected.Render(padRight(line, width))
	}
	return line
}
