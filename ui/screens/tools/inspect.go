package tools

import (
	"encoding/json"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/form"
)

// What the screen shows and waits for, read without reaching into it:
// the root's flow tests drive the workbench by keys and check the
// screen's state here, and the harnesses wait on Busy.

// ListFocused reports whether the tool list takes the keys (else the
// detail pane does).
func (s *Screen) ListFocused() bool { return s.focus == focusList }

// Tab names the tab the detail pane shows ("Form", "Result").
func (s *Screen) Tab() string { return tabNames[s.detail.tab] }

// List is the tool list: its tools, cursor and filter.
func (s *Screen) List() *List { return &s.list }

// Widths are the list pane's and the detail pane's widths as laid out.
func (s *Screen) Widths() (list, detail int) { return s.listWidth(), s.detailWidth() }

// Form is tool name's form, compiled on first use; nil when the server
// has no such tool.
func (s *Screen) Form(name string) *schemaform.Form {
	t := s.list.ByName(name)
	if t == nil {
		return nil
	}
	return s.detail.editorFor(s.st, t).form
}

// LoadArgs puts args into tool name's form, through the form's lossless
// JSON tree, and rebuilds the editor on it so what it shows is the new
// value; nothing else changes.
func (s *Screen) LoadArgs(name string, args json.RawMessage) error {
	t := s.list.ByName(name)
	if t == nil {
		return nil
	}
	return s.loadArgs(t, args)
}

// ResultView is a tool's last call as its Result tab holds it.
type ResultView struct {
	Req    int
	Args   []byte
	Result *client.CallResult
	Err    error
	// Verdict and Lines are set once Ready; Width is what Lines were
	// rendered for.
	Verdict check.OutputVerdict
	Lines   []string
	Width   int
	Ready   bool
}

// Result is tool name's last call; ok is false when it was never called.
func (s *Screen) Result(name string) (r ResultView, ok bool) {
	tr := s.calls.results[name]
	if tr == nil {
		return ResultView{}, false
	}
	return ResultView{Req: tr.req, Args: tr.args, Result: tr.result, Err: tr.err, Verdict: tr.verdict, Lines: tr.lines,
		Width: tr.width, Ready: tr.ready}, true
}

// Busy names what the screen waits for, "" for nothing: a call (unless
// calls is false), a tab's rendering, a result's judging or rendering.
func (s *Screen) Busy(calls bool) string {
	switch {
	case calls && s.calls.running != nil:
		return "a call"
	case len(s.views.pending) > 0:
		return "a tab's rendering"
	}
	for name, tr := range s.calls.results {
		if !tr.ready || tr.rendering {
			return "the result of " + name
		}
	}
	return ""
}

// Ticks reports whether msg is one of the screen's timers (a running
// call's clock), which a harness drops: fed back, each only starts the
// next.
func Ticks(msg any) bool {
	_, ok := msg.(clockMsg)
	return ok
}

// TabNames are the detail pane's tabs, in order: alt+1 shows the first.
func TabNames() []string { return tabNames[:] }

// Editor is the shown tool's form editor, nil when no tool is shown.
func (s *Screen) Editor() *form.Model {
	if e := s.detail.editor(); e != nil {
		return e.model
	}
	return nil
}

// Scroll is how far the shown text tab is scrolled, in rows.
func (s *Screen) Scroll() int { return s.detail.offset[s.detail.tab] }

// Reading reports whether tool name's app resource is being read.
func (s *Screen) Reading(name string) bool {
	a := s.apps[name]
	return a != nil && a.reading
}

// RunningTask is the task the running call runs as; ok is false when no
// call runs or it runs as none (yet).
func (s *Screen) RunningTask() (task client.Task, ok bool) {
	if r := s.calls.running; r != nil && r.task != nil {
		return *r.task, true
	}
	return client.Task{}, false
}
