package tools

import (
	"encoding/json"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/render"
)

// openTool selects the tool named name in the list, clearing a filter
// that hides it, and shows it in the detail pane; nil when the server
// has no such tool now.
func (s *Screen) openTool(name string) *tool.Tool {
	if s.list.ByName(name) == nil {
		return nil
	}
	s.list.Reveal(name)
	// The tool's pane takes the keys now, not a filter left being typed.
	s.list.StopFilter()
	s.list.Clamp(s.listRows())
	s.syncDetail()
	s.focus = focusDetail
	return s.list.Tool()
}

// loadArgs puts args into t's form, through the form's lossless JSON
// tree, and rebuilds the editor on it so what it shows is the new value.
func (s *Screen) loadArgs(t *tool.Tool, args json.RawMessage) error {
	e := s.detail.editorFor(s.st, t)
	if err := e.form.SetJSON(args); err != nil {
		return fmt.Errorf("load the arguments into the form of %s: %w", t.Name, err)
	}
	e.model = form.New(e.form, s.st)
	e.model.SetTitle(t.Name)
	s.detail.size(e.model)
	return nil
}

// openSelected opens the tool under the list's cursor on its form, with
// the keys in the form, whatever tab was shown last: after a call that is
// the Result tab, whose single-letter copy keys would take what the
// person goes on to type for the next tool.
func (s *Screen) openSelected() {
	if s.list.Tool() == nil {
		return
	}
	s.detail.tab, s.focus = tabForm, focusDetail
}

// handleCall carries out Call: the tool shown on its Result tab, if
// asked, and the call.
func (s *Screen) handleCall(c Call) (tea.Cmd, bool) {
	t := s.list.ByName(c.Tool)
	if t == nil {
		return nil, false
	}
	if c.Open {
		t = s.openTool(c.Tool)
	}
	if c.Why != "" {
		s.status(render.LevelOK, c.Why)
	}
	return s.startCall(*t, c.Args), true
}

// handleLoad carries out Load; it reports whether the form took the
// arguments.
func (s *Screen) handleLoad(l Load) bool {
	t := s.openTool(l.Tool)
	if t == nil {
		return false
	}
	if err := s.loadArgs(t, l.Args); err != nil {
		s.status(render.LevelError, err.Error())
		return false
	}
	s.detail.tab = tabForm
	s.status(render.LevelOK, "loaded "+l.What+" into the form of "+t.Name+"; "+s.keys.Detail.Call.Help().Key+" calls")
	return true
}
