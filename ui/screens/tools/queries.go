package tools

import (
	"encoding/json"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
)

// The root asks the screen what it must know without reaching into it:
// whether a call runs (quitting asks first), which tool the person is on
// (the memory's keys), and what the last call was (saving it as a test).

// Running names the tool of the running call and its request number; ok
// is false when no call runs.
func (s *Screen) Running() (tool string, req int, ok bool) {
	if r := s.calls.running; r != nil {
		return r.tool, r.req, true
	}
	return "", 0, false
}

// CancelRunning cancels the running call, if any, without a word: the
// workbench is reconnecting or ending.
func (s *Screen) CancelRunning() { s.calls.cancelRunning() }

// Has reports whether the server has tool name now.
func (s *Screen) Has(name string) bool { return s.list.ByName(name) != nil }

// OnForm reports whether the shown tool's form takes the keys.
func (s *Screen) OnForm() bool {
	return s.focus == focusDetail && s.detail.tool != nil && s.detail.tab == tabForm
}

// OnResult reports whether the shown tool's Result tab takes the keys:
// the pane has them, or the list has them and the tab shows the tool
// under its cursor.
func (s *Screen) OnResult() bool {
	if s.focus == focusList {
		return false
	}
	return s.detail.tool != nil && s.detail.tab == tabResult
}

// FormArgs are the shown tool's name and its form's arguments; ok is
// false when no tool is shown.
func (s *Screen) FormArgs() (tool string, args json.RawMessage, ok bool) {
	e, t := s.detail.editor(), s.detail.tool
	if e == nil || t == nil {
		return "", nil, false
	}
	return t.Name, e.form.JSON(), true
}

// LastCall is the shown tool's last call, as saving it as a test needs
// it.
type LastCall struct {
	// Req numbers the call, as Ended did.
	Req     int
	Tool    string
	Args    []byte
	Result  *client.CallResult
	Verdict check.OutputVerdict
	// Judged is set once the result was judged against the outputSchema.
	Judged bool
}

// Shown is the shown tool's name, "" when none is shown.
func (s *Screen) Shown() string {
	if t := s.detail.tool; t != nil {
		return t.Name
	}
	return ""
}

// LastCall is the last call of the shown tool; ok is false when it was
// never called.
func (s *Screen) LastCall() (c LastCall, ok bool) {
	t := s.detail.tool
	if t == nil {
		return LastCall{}, false
	}
	tr := s.calls.results[t.Name]
	if tr == nil {
		return LastCall{Tool: t.Name}, false
	}
	return LastCall{Req: tr.req, Tool: t.Name, Args: tr.args, Result: tr.result, Verdict: tr.verdict, Judged: tr.ready}, true
}
