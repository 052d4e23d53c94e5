package ui

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/ui/screen"
)

// The root's tests read the tools screen as the person does: through its
// drawing, stripped of colour, and through what it tells the root (its
// queries), as the root itself does.

// callRunning reports whether a call runs.
func (m *Model) callRunning() bool {
	_, _, ok := m.tools.Running()
	return ok
}

// toolRows are the tool list's rows as drawn: left of the first rule,
// under the "Tools N" heading, blank rows left out.
func (m *Model) toolRows() []string {
	var rows []string
	in := false
	for _, line := range strings.Split(stripANSI(m.View().Content), "\n") {
		left, _, ok := strings.Cut(line, "│")
		switch {
		case !ok:
			if in {
				return rows
			}
		case !in:
			in = strings.HasPrefix(left, "Tools ")
		case strings.HasPrefix(left, "  ") || strings.HasPrefix(left, "› ") || strings.HasPrefix(left, "▸ "):
			if strings.TrimSpace(left) != "" {
				rows = append(rows, left)
			}
		}
	}
	return rows
}

// listFocused reports whether the tool list takes the keys: its cursor
// row is drawn "› " (a marked row, "▸ ", means the detail pane has them).
func (m *Model) listFocused() bool {
	for _, r := range m.toolRows() {
		if strings.HasPrefix(r, "› ") {
			return true
		}
	}
	return false
}

// cursorRow is the index of the list's cursor row among the drawn rows,
// -1 when none is drawn.
func (m *Model) cursorRow() int {
	for i, r := range m.toolRows() {
		if strings.HasPrefix(r, "› ") || strings.HasPrefix(r, "▸ ") {
			return i
		}
	}
	return -1
}

// cursorTool is the name on the list's cursor row, "" when none is drawn.
func (m *Model) cursorTool() string {
	rows := m.toolRows()
	if i := m.cursorRow(); i >= 0 {
		if f := strings.Fields(strings.TrimLeft(rows[i], "›▸ ")); len(f) > 0 {
			return f[0]
		}
	}
	return ""
}

// shownTab matches the detail pane's tab row, the shown tab in brackets.
var shownTab = regexp.MustCompile(`│(?:\S+ )*\[(\w+)\]( \S+)*\s*$`)

// tabNames are the detail pane's tabs as its tab row draws them, in
// order; nil when no tab row is drawn.
func (m *Model) tabNames() []string {
	for _, line := range strings.Split(stripANSI(m.View().Content), "\n") {
		if shownTab.MatchString(line) {
			_, right, _ := strings.Cut(line, "│")
			return strings.Fields(strings.NewReplacer("[", "", "]", "").Replace(right))
		}
	}
	return nil
}

// tab is the tab the detail pane shows, "" when none is drawn.
func (m *Model) tab() string {
	for _, line := range strings.Split(stripANSI(m.View().Content), "\n") {
		if s := shownTab.FindStringSubmatch(line); s != nil {
			return s[1]
		}
	}
	return ""
}

// formArgs are what the shown tool's form would send, "" when no tool is
// shown.
func (m *Model) formArgs() string {
	_, args, _ := m.tools.FormArgs()
	return string(args)
}

// toolFilter is the tool list's filter line as drawn, its prompt and
// cursor left out; "" when no filter line is drawn.
func (m *Model) toolFilter() string {
	in := false
	for _, line := range strings.Split(stripANSI(m.View().Content), "\n") {
		left, _, ok := strings.Cut(line, "│")
		switch {
		case !ok:
			continue
		case !in:
			in = strings.HasPrefix(left, "Tools ")
			continue
		}
		if strings.HasPrefix(left, "  ") || strings.HasPrefix(left, "› ") || strings.HasPrefix(left, "▸ ") {
			return ""
		}
		// An empty filter draws its placeholder.
		return strings.TrimSuffix(strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(left), "/>: ")), "filter tools")
	}
	return ""
}

// paneWidths are the list pane's and the detail pane's widths as drawn:
// the list runs up to the rule, the detail pane from it to the edge.
func (m *Model) paneWidths() (list, detail int) {
	for _, line := range strings.Split(stripANSI(m.View().Content), "\n") {
		if left, _, ok := strings.Cut(line, "│"); ok && strings.HasPrefix(left, "Tools ") {
			list = len([]rune(left))
			return list, m.width - list - 1
		}
	}
	return 0, 0
}

// toolCount is the number the list's heading gives, -1 when none is
// drawn.
func (m *Model) toolCount() int {
	for _, line := range strings.Split(stripANSI(m.View().Content), "\n") {
		if left, _, ok := strings.Cut(line, "│"); ok && strings.HasPrefix(left, "Tools ") {
			n, err := strconv.Atoi(strings.Fields(left)[1])
			if err != nil {
				return -1
			}
			return n
		}
	}
	return -1
}

// cursorTo moves the list's cursor to tool name by its keys, the list
// having them: to the top, then down until the detail pane, which
// follows the cursor, shows name.
func cursorTo(t testing.TB, m *Model, key func(...string), name string) {
	t.Helper()
	key("home")
	for range m.toolCount() {
		if m.tools.Shown() == name {
			return
		}
		key("down")
	}
	if m.tools.Shown() != name {
		t.Fatalf("no row reads %q:\n%s", name, stripANSI(m.View().Content))
	}
}

// cursorTo moves the list's cursor to tool name, the list having the
// keys.
func (h *harness) cursorTo(name string) { h.t.Helper(); cursorTo(h.t, h.m, h.key, name) }

// loadArgs puts args into the shown tool's form as history and presets
// do, through the root's screen.LoadArgs, and fails the test when the
// form refuses them.
func (h *harness) loadArgs(args string) {
	h.t.Helper()
	before := h.m.formArgs()
	h.m.loadIntoForm(screen.LoadArgs{Tool: h.m.tools.Shown(), Args: json.RawMessage(args), What: "the test's arguments"})
	if v := h.view(); !strings.Contains(v, "loaded the test's arguments") {
		h.t.Fatalf("the form refused %s (it held %s):\n%s", args, before, v)
	}
}

// runsAsTask reports whether the running call told the root it runs as
// a task, as the tools screen does when the task's first state comes.
func (m *Model) runsAsTask() bool {
	tool, _, ok := m.tools.Running()
	if !ok {
		return false
	}
	for _, t := range m.tasks.tools {
		if t == tool {
			return true
		}
	}
	return false
}
