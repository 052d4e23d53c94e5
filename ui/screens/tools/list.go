package tools

import (
	"encoding/json"
	"fmt"

	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// List is the left pane: every tool, fuzzy-filtered as the person
// types. The list widget keeps the cursor, the rows in view and the
// filter, as on every other screen.
type List struct {
	widget.List
	tools []tool.Tool
	// rows are what each tool's row shows, nameWidths the cells of each
	// escaped name, and cols the marks' columns over the whole list: all
	// worked out when the tools arrive, so the pane's width and a frame
	// cost no pass over ten thousand tools.
	rows       []render.ToolRow
	full       []string // rows[i].Name, for FitNames
	nameWidths []int
	longest    int
	cols       render.MarkColumns
	// names are the names as the rows show them, cut for nameRoom cells
	// (fit).
	names    []string
	nameRoom int
	// width is the pane's width as last fit.
	width int
}

// NewList returns an empty list moved and filtered by keys, the tool
// list's.
func NewList(keys widget.ListKeys) List {
	l := List{List: widget.NewList("tool", "filter tools")}
	l.Keys = keys
	return l
}

// SetTools replaces the list, keeping the selected tool when it is still
// there (after a reconnect or a list_changed).
func (l *List) SetTools(tools []tool.Tool) {
	keep := ""
	if t := l.Tool(); t != nil {
		keep = t.Name
	}
	l.tools = tools
	l.rows = make([]render.ToolRow, len(tools))
	l.full = make([]string, len(tools))
	l.nameWidths = make([]int, len(tools))
	l.longest, l.cols, l.names, l.nameRoom = 0, render.MarkColumns{}, nil, 0
	haystack := make([]string, len(tools))
	for i, t := range tools {
		r := render.ToolRowOf(t, countParams(t.InputSchema))
		l.rows[i], l.full[i], l.nameWidths[i] = r, r.Name, r.NameWidth
		l.longest = max(l.longest, l.nameWidths[i])
		l.cols.Add(r.Marks)
		haystack[i] = t.Name + " " + t.Title
	}
	l.Set(haystack, func(i int) bool { return tools[i].Name == keep })
}

// WantWidth is the pane's width that shows every name whole: the cursor
// mark, the longest name and the marks.
func (l *List) WantWidth() int { return 2 + l.longest + l.cols.Width() }

// Fit cuts the names for a pane width cells wide, once per width.
func (l *List) Fit(width int) {
	l.width = width
	room := width - 2 - l.cols.Width()
	if l.names != nil && room == l.nameRoom {
		return
	}
	l.names, l.nameRoom = render.FitNames(l.full, l.nameWidths, room), room
}

// countParams counts the schema's top-level properties. Their values are
// decoded into nothing: copying each as raw JSON was most of the first
// frame of 10,000 tools.
func countParams(schema json.RawMessage) int {
	var s struct {
		Properties map[string]struct{} `json:"properties"`
	}
	_ = json.Unmarshal(schema, &s)
	return len(s.Properties)
}

// Tool returns the tool under the cursor, or nil.
func (l *List) Tool() *tool.Tool {
	if i := l.Selected(); i >= 0 && i < len(l.tools) {
		return &l.tools[i]
	}
	return nil
}

// ByName finds a tool by name, or returns nil.
func (l *List) ByName(name string) *tool.Tool {
	for i := range l.tools {
		if l.tools[i].Name == name {
			return &l.tools[i]
		}
	}
	return nil
}

// Clamp keeps the cursor on a tool and in view of rows rows, the filter
// line as wide as the pane leaves it (Fit measured the pane).
func (l *List) Clamp(rows int) { l.Resize(l.width-1, rows) }

// View renders the pane: a header, the filter line and the visible rows.
// It reads the list as Clamp and Fit left it. The selected row is the
// cursor when the list has focus and marked when it has not.
func (l *List) View(st *theme.Styles, width, height int, focused bool) []string {
	head := st.Heading.Render("Tools") + st.Muted.Render(fmt.Sprintf(" %d", len(l.tools)))
	if l.Count() != len(l.tools) {
		head += st.Muted.Render(" · " + plural.Count(l.Count(), "match"))
	}
	lines := []string{head}
	if l.ShowsFilter() {
		lines = append(lines, l.FilterLine())
	}
	lines = append(lines, l.Rows(height-len(lines), func(idx int, selected bool) string {
		state := render.RowPlain
		if selected {
			state = render.RowMarked
			if focused {
				state = render.RowCursor
			}
		}
		return render.ToolLine(st, l.rows[idx], l.shownName(idx), l.cols, width, state)
	})...)
	if len(l.tools) == 0 {
		lines = append(lines, st.Muted.Render("no tools yet"))
	}
	return lines
}

// shownName is tool idx's name as Fit cut it; whole before the first fit.
func (l *List) shownName(idx int) string {
	if idx < len(l.names) {
		return l.names[idx]
	}
	return l.rows[idx].Name
}

// Reveal puts the cursor on the tool named name, clearing a filter that
// hides it; the cursor stays where it was when the server has no such tool.
func (l *List) Reveal(name string) {
	for i := range l.tools {
		if l.tools[i].Name != name {
			continue
		}
		if l.Select(i); l.Selected() != i {
			l.SetFilter("")
			l.Select(i)
		}
		return
	}
	l.SetFilter("")
}

// Tools returns every tool the server listed, in its order.
func (l *List) Tools() []tool.Tool { return l.tools }
