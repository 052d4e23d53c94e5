package ui

import (
	"encoding/json"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/sahilm/fuzzy"

	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// toolList is the left pane: every tool, fuzzy-filtered as the person types.
type toolList struct {
	tools    []tool.Tool
	params   []int    // top-level parameter count per tool
	haystack []string // what the filter searches: name and title
	matches  []int    // tools shown, in order
	cursor   int      // index into matches
	offset   int      // first visible row

	filter    textinput.Model
	filtering bool
	// history holds the matches of the queries typed so far: a longer
	// query only searches the matches of its prefix, and backspace finds
	// its answer here, so each keystroke stays fast with 10,000 tools.
	history []filterStep
}

type filterStep struct {
	query   string
	matches []int
}

func newToolList() toolList {
	ti := textinput.New()
	ti.Prompt = "/"
	ti.Placeholder = "filter tools"
	return toolList{filter: ti}
}

// setTools replaces the list, keeping the selected tool when it is still
// there (after a reconnect or a list_changed).
func (l *toolList) setTools(tools []tool.Tool) {
	keep := ""
	if t := l.selected(); t != nil {
		keep = t.Name
	}
	l.tools = tools
	l.history = nil
	l.params = make([]int, len(tools))
	l.haystack = make([]string, len(tools))
	for i, t := range tools {
		l.params[i] = countParams(t.InputSchema)
		l.haystack[i] = t.Name + " " + t.Title
	}
	l.applyFilter()
	for i, idx := range l.matches {
		if tools[idx].Name == keep {
			l.cursor = i
		}
	}
}

func countParams(schema json.RawMessage) int {
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	_ = json.Unmarshal(schema, &s)
	return len(s.Properties)
}

// applyFilter recomputes the visible tools for the filter text.
func (l *toolList) applyFilter() {
	q := strings.TrimSpace(l.filter.Value())
	l.cursor, l.offset = 0, 0
	if q == "" {
		l.history = l.history[:0]
		l.matches = make([]int, len(l.tools))
		for i := range l.tools {
			l.matches[i] = i
		}
		return
	}
	// Keep only the steps this query extends; a fuzzy match of q+c is
	// always a match of q, so the last of them bounds the search.
	for len(l.history) > 0 && !strings.HasPrefix(q, l.history[len(l.history)-1].query) {
		l.history = l.history[:len(l.history)-1]
	}
	if n := len(l.history); n > 0 && l.history[n-1].query == q {
		l.matches = l.history[n-1].matches
		return
	}
	var within []int
	if n := len(l.history); n > 0 {
		within = l.history[n-1].matches
	}
	l.matches = l.search(q, within)
	l.history = append(l.history, filterStep{query: q, matches: l.matches})
}

// search fuzzy-matches q against the tools in within (nil: all tools).
func (l *toolList) search(q string, within []int) []int {
	src := subset{haystack: l.haystack, idx: within}
	found := fuzzy.FindFrom(q, src)
	out := make([]int, len(found))
	for i, m := range found {
		out[i] = src.index(m.Index)
	}
	return out
}

// subset is a fuzzy.Source over some of the tools.
type subset struct {
	haystack []string
	idx      []int
}

func (s subset) index(i int) int {
	if s.idx == nil {
		return i
	}
	return s.idx[i]
}

func (s subset) String(i int) string { return s.haystack[s.index(i)] }

func (s subset) Len() int {
	if s.idx == nil {
		return len(s.haystack)
	}
	return len(s.idx)
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

// move shifts the cursor and keeps it in view.
func (l *toolList) move(delta, height int) {
	l.cursor = max(0, min(len(l.matches)-1, l.cursor+delta))
	if l.cursor < l.offset {
		l.offset = l.cursor
	}
	if height > 0 && l.cursor >= l.offset+height {
		l.offset = l.cursor - height + 1
	}
}

// updateFilter feeds a key to the filter input.
func (l *toolList) updateFilter(msg tea.Msg) tea.Cmd {
	before := l.filter.Value()
	var cmd tea.Cmd
	l.filter, cmd = l.filter.Update(msg)
	if l.filter.Value() != before {
		l.applyFilter()
	}
	return cmd
}

// showsFilter reports whether the filter line is on screen.
func (l *toolList) showsFilter() bool { return l.filtering || l.filter.Value() != "" }

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
