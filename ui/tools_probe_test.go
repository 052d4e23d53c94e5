package ui

import "github.com/toolbench/toolbench/ui/screens/tools"

// The root's tests read the tools screen through what it tells (its
// inspection methods), as the root itself does.

// callRunning reports whether a call runs.
func (m *Model) callRunning() bool {
	_, _, ok := m.tools.Running()
	return ok
}

// result is tool name's last call as the Result tab holds it, nil when
// it was never called.
func (m *Model) result(name string) *tools.ResultView {
	r, ok := m.tools.Result(name)
	if !ok {
		return nil
	}
	return &r
}

// detailWidth is the detail pane's width as laid out.
func (m *Model) detailWidth() int {
	_, w := m.tools.Widths()
	return w
}

// listWidth is the list pane's width as laid out.
func (m *Model) listWidth() int {
	w, _ := m.tools.Widths()
	return w
}
