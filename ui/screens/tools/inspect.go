package tools

import (
	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/form"
)

// What a harness waits on and what the root's flow tests still read
// without reaching into the screen. The rest of what they check is read
// from the drawing or through the queries the root itself uses.

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
// calls is false), a tab's rendering, a result's judging or rendering,
// an app resource's read. A harness that settles the screen without
// sleeping waits until it is "".
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
	for name, a := range s.apps {
		if a.reading {
			return "the app resource of " + name
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

// Editor is the shown tool's form editor, nil when no tool is shown.
func (s *Screen) Editor() *form.Model {
	if e := s.detail.editor(); e != nil {
		return e.model
	}
	return nil
}
