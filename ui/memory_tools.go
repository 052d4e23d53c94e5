package ui

import (
	"encoding/json"
	"fmt"

	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/form"
)

// openTool selects the tool named name in the list, clearing a filter
// that hides it, and shows it in the detail pane; nil when the server
// has no such tool now.
func (m *Model) openTool(name string) *tool.Tool {
	if m.list.ByName(name) == nil {
		return nil
	}
	m.list.Reveal(name)
	// The tool's pane takes the keys now, not a filter left being typed.
	m.list.StopFilter()
	m.list.Clamp(m.listRows())
	m.syncDetail()
	m.focus = focusDetail
	return m.list.Tool()
}

// loadArgs puts args into t's form, through the form's lossless JSON
// tree, and rebuilds the editor on it so what it shows is the new value.
func (m *Model) loadArgs(t *tool.Tool, args json.RawMessage) error {
	e := m.detail.editorFor(m.st, t)
	if err := e.form.SetJSON(args); err != nil {
		return fmt.Errorf("load the arguments into the form of %s: %w", t.Name, err)
	}
	e.model = form.New(e.form, m.st)
	e.model.SetTitle(t.Name)
	m.detail.size(e.model)
	return nil
}
