package ui

import (
	"encoding/json"
	"fmt"

	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// toolList is the left pane: every tool, fuzzy-filtered as the person types.
type toolList struct {
	pickList
	tools  []tool.Tool
	params []int // top-level parameter count per tool
}

type filterStep struct {
	query   string
	matches []int
}

func newToolList() toolList {
	return toolList{pickList: newPickList("filter tools")}
}

// setTools replaces the list, keeping the selected tool when it is still
// there (after a reconnect or a list_changed).
func (l *toolList) setTools(tools []tool.Tool) {
	keep := ""
	if t := l.selected(); t != nil {
		keep = t.Name
	}
	l.tools = tools
	l.params = make([]int, len(tools))
	haystack := make([]string, len(tools))
	for i, t := range tools {
		l.params[i] = countParams(t.InputSchema)
		haystack[i] = t.Name + " " + t.Title
	}
	l.set(haystack, func(i int) bool { return tools[i].Name == keep })
}

func countParams(schema json.RawMessage) int {
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	_ = json.Unmarshal(schema, &s)
	return len(s.Properties)
}

// selected returns the tool under the cursor, or nil.
func (l *toolList) selected() *tool.Tool {
	if l.cursor < 0 || l.cursor >= len(l.matches) {
		return nil
	}
	return &l.tools[l.matches[l.cursor]]
}

// byName finds a tool by name.
func (l *toolList) byName(name string) *tool.Tool {
	for i := range l.tools {
		if l.tools[i].Name == name {
			return &l.tools[i]
		}
	}
	return nil
}

// clamp keeps the cursor on a tool and in view of rows rows.
func (l *toolList) clamp(rows int) { l.move(0, rows) }

// view renders the pane: a header, the filter line and the visible rows.
// It reads the list as clamp left it.
func (l *toolList) view(st *theme.Styles, width, height int, focused bool) []string {
	head := st.Heading.Render("Tools") + st.Muted.Render(fmt.Sprintf(" %d", len(l.tools)))
	if len(l.matches) != len(l.tools) {
		head += st.Muted.Render(fmt.Sprintf(" · %d match", len(l.matches)))
	}
	lines := []string{head}
	if l.showsFilter() {
		lines = append(lines, l.filter.View())
	}
	rows := height - len(lines)
	for i := l.offset; i < len(l.matches) && i < l.offset+rows; i++ {
		idx := l.matches[i]
		lines = append(lines, render.ToolLine(st, l.tools[idx], l.params[idx], width, focused && i == l.cursor))
	}
	if len(l.tools) == 0 {
		lines = append(lines, st.Muted.Render("no tools yet"))
	}
	return lines
}

// reveal puts the cursor on the tool named name, clearing a filter that
// hides it; the cursor stays where it was when the server has no such tool.
func (l *toolList) reveal(name string) {
	find := func() bool {
		for i, idx := range l.matches {
			if l.tools[idx].Name == name {
				l.cursor = i
				return true
			}
		}
		return false
	}
	if !find() {
		l.filter.SetValue("")
		l.applyFilter()
		find()
	}
}
