package ui

import (
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/ui/render"
)

// authShown is the auth screen as it stands.
func (m *Model) authShown() render.AuthView {
	a := &m.auth
	v := render.AuthView{Server: m.target, Flows: a.total, Cursor: a.cursor, Offset: a.offset}
	if a.bridge == nil {
		v.Flows = 0
		v.Empty = "No authorization here: the server is not reached over HTTP, or --auth is off."
		return v
	}
	f := a.current()
	if f == nil {
		v.Flows = 0
		v.Empty = "No authorization flow yet: one starts when the server answers 401 (or 403 insufficient_scope)."
		return v
	}
	v.Flow = v.Flows
	v.Verdict, v.Level = flowVerdict(f)
	for _, s := range f.steps {
		v.Steps = append(v.Steps, stepRow(s))
	}
	if waitsForPerson(f) {
		v.Action = m.authAction(f)
	}
	if a.cursor >= 0 && a.cursor < len(f.steps) {
		v.Detail = stepDetail(f.steps[a.cursor])
		if v.Action == nil && f.steps[a.cursor].name == step.Browser {
			v.Detail.URL = f.url
		}
	}
	return v
}

// stepRow is a step's row in the list.
func stepRow(s *authStep) render.AuthStepRow {
	return render.AuthStepRow{Name: string(s.name), State: string(s.state), Summary: s.summary, Took: s.took()}
}

// stepDetail is a step in full, its exchanges' headers sorted.
func stepDetail(s *authStep) render.AuthDetail {
	d := render.AuthDetail{Row: stepRow(s), Notes: s.notes, Verdict: stepVerdict(s)}
	for _, x := range s.exchanges {
		d.Exchanges = append(d.Exchanges, render.AuthExchange{Method: x.Method, URL: x.URL,
			RequestHeader: headers(x.RequestHeader), RequestBody: x.RequestBody, Status: x.Status,
			ResponseHeader: headers(x.ResponseHeader), ResponseBody: x.ResponseBody, Err: x.Err, Took: x.Took})
	}
	return d
}

// authAction is what the person can do while flow f waits for them, in
// the key map's words.
func (m *Model) authAction(f *authFlow) *render.AuthAction {
	a, k := &m.auth, m.keys.Auth
	act := &render.AuthAction{URL: f.url, Paste: a.canPaste(f), Editing: a.pasting}
	switch {
	case a.bridge.browser == browserFetch:
		act.Browser = "toolbench follows it itself (--browser fetch)"
	case a.bridge.browser == browserNone && f.opened == openNot:
		act.Browser = "not opened (--browser none): open it yourself"
	case f.opened == openNot:
		act.Browser = "not opened yet"
	case f.opened == openStarted:
		act.Browser = "opening it with " + m.browser.Name() + "…"
	case f.opened == openDone:
		act.Browser = "opened it with " + m.browser.Name() + ": approve there, and the browser comes back to toolbench"
	case f.opened == openFailed:
		act.Browser = "not opened: " + f.openErr
	}
	open, cp, paste := render.FirstKey(k.Open.Help().Key), render.FirstKey(k.Copy.Help().Key), render.FirstKey(k.Paste.Help().Key)
	keys := open + " opens it in the browser · " + cp + " copies it"
	if act.Paste {
		keys += " · " + paste + " pastes the redirect URL (from the address bar once you approved) or the code"
	}
	if a.pasting {
		p := m.keys.AuthPaste
		keys = render.FirstKey(p.Send.Help().Key) + " sends it to the flow · " + render.FirstKey(p.Cancel.Help().Key) + " stops pasting"
		act.Input = a.input.View()
	}
	act.Keys = keys
	return act
}

// clampAuth keeps the detail's scroll within the selected step's detail.
func (m *Model) clampAuth() {
	if !m.auth.shown {
		return
	}
	v := m.authShown()
	n := len(render.AuthDetailLines(m.st, v.Detail, m.width))
	room := max(1, m.bodyHeight()-render.AuthHeadRows(m.st, v, m.width))
	m.auth.offset = render.Scroll(m.auth.offset, n, room)
}

// authHints are the auth screen's keys.
func (m *Model) authHints() [][2]string {
	a := &m.auth
	if a.pasting {
		p := m.keys.AuthPaste
		return [][2]string{hint(p.Send, "send"), hint(p.Cancel, "stop pasting")}
	}
	k := m.keys.Auth
	hints := [][2]string{hintPair(k.Up, k.Down, "step"), hint(k.PageDown, "scroll")}
	if f := a.current(); waitsForPerson(f) {
		hints = append(hints, hint(k.Open, "open"), hint(k.Copy, "copy"))
		if a.canPaste(f) {
			hints = append(hints, hint(k.Paste, "paste"))
		}
	}
	return append(hints, hint(k.Back, "back"))
}

// authHeader is where the newest flow stands, for the header; "" when
// there has been none.
func (m *Model) authHeader() (string, render.Level) {
	f := m.auth.current()
	if f == nil {
		return "", render.LevelInfo
	}
	verdict, level := flowVerdict(f)
	return "auth: " + verdict, level
}
