package auth

import (
	"net/http"
	"slices"

	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
)

// View draws the newest flow.
func (s *Screen) View(width, height int) []string {
	return render.AuthScreen(s.d.Styles, s.shown(), width, height)
}

// shown is the screen as it stands.
func (s *Screen) shown() render.AuthView {
	v := render.AuthView{Server: s.d.Server, Flows: s.total, Cursor: s.steps.Selected(), Offset: s.detail.Offset()}
	if !s.d.Bridged {
		v.Flows = 0
		v.Empty = "No authorization here: the server is not reached over HTTP, or --auth is off."
		return v
	}
	f := s.current()
	if f == nil {
		v.Flows = 0
		v.Empty = "No authorization flow yet: one starts when the server answers 401 (or 403 insufficient_scope)."
		return v
	}
	v.Flow = v.Flows
	v.Verdict, v.Level = flowVerdict(f)
	for _, st := range f.steps {
		v.Steps = append(v.Steps, stepRow(st))
	}
	if waitsForPerson(f) {
		v.Action = s.action(f)
	}
	if v.Cursor >= 0 && v.Cursor < len(f.steps) {
		v.Detail = s.stepDetail(f.steps[v.Cursor])
		if v.Action == nil && f.steps[v.Cursor].name == step.Browser {
			v.Detail.URL = f.url
		}
	}
	return v
}

// stepRow is a step's row in the list.
func stepRow(st *flowStep) render.AuthStepRow {
	return render.AuthStepRow{Name: string(st.name), State: string(st.state), Summary: st.summary, Took: st.took()}
}

// stepDetail is a step in full, its exchanges' headers sorted.
func (s *Screen) stepDetail(st *flowStep) render.AuthDetail {
	d := render.AuthDetail{Row: stepRow(st), Notes: st.notes, Verdict: stepVerdict(st, s.d.Explain)}
	for _, x := range st.exchanges {
		d.Exchanges = append(d.Exchanges, render.AuthExchange{Method: x.Method, URL: x.URL,
			RequestHeader: headers(x.RequestHeader), RequestBody: x.RequestBody, Status: x.Status,
			ResponseHeader: headers(x.ResponseHeader), ResponseBody: x.ResponseBody, Err: x.Err, Took: x.Took})
	}
	return d
}

// headers lists h's fields sorted by name, one pair per value.
func headers(h http.Header) [][2]string {
	names := make([]string, 0, len(h))
	for name := range h {
		names = append(names, name)
	}
	slices.Sort(names)
	var out [][2]string
	for _, name := range names {
		for _, v := range h[name] {
			out = append(out, [2]string{name, v})
		}
	}
	return out
}

// action is what the person can do while flow f waits for them, in the
// key map's words.
func (s *Screen) action(f *flow) *render.AuthAction {
	k := s.keys
	act := &render.AuthAction{URL: f.url, Paste: s.canPaste(f), Editing: s.pasting, Browser: s.browserWords(f)}
	first := func(b key.Binding) string { return render.FirstKey(b.Help().Key) }
	keys := first(k.Open) + " opens it in the browser · " + first(k.Copy) + " copies it"
	if act.Paste {
		keys += " · " + first(k.Paste) + " pastes the redirect URL (from the address bar once you approved) or the code"
	}
	if s.pasting {
		keys = first(k.Send) + " sends it to the flow · " + first(k.Cancel) + " stops pasting"
		act.Input = s.input.View()
	}
	act.Keys = keys
	return act
}

// browserWords say what became of flow f's URL.
func (s *Screen) browserWords(f *flow) string {
	name := "the browser"
	if s.d.Browser != nil {
		if b := s.d.Browser(); b != nil {
			name = b.Name()
		}
	}
	switch {
	case s.d.Fetches:
		return "toolbench follows it itself (--browser fetch)"
	case !s.d.Opens && f.opened == openNot:
		return "not opened (--browser none): open it yourself"
	case f.opened == openNot:
		return "not opened yet"
	case f.opened == openStarted:
		return "opening it with " + name + "…"
	case f.opened == openDone:
		return "opened it with " + name + ": approve there, and the browser comes back to toolbench"
	}
	return "not opened: " + f.openErr
}

// Header is where the newest flow stands, for the workbench's header;
// "" when there has been none.
func (s *Screen) Header() (string, render.Level) {
	f := s.current()
	if f == nil {
		return "", render.LevelInfo
	}
	verdict, level := flowVerdict(f)
	return "auth: " + verdict, level
}

// Keys lists the screen's keys, those of pasting first while pasting.
func (s *Screen) Keys() []screen.Group {
	k := s.keys
	steps := screen.Group{Title: "Authorization (OAuth)", Bindings: []key.Binding{k.Steps.Up, k.Steps.Down,
		k.Detail.PageUp, k.Detail.PageDown, k.Detail.Home, k.Detail.End, k.Open, k.Copy, k.Paste, k.Back}}
	paste := screen.Group{Title: "Pasting the redirect", Bindings: []key.Binding{k.Send, k.Cancel}}
	if s.pasting {
		return screen.Lead([]screen.Group{steps, paste}, paste.Title)
	}
	return []screen.Group{steps, paste}
}

// Hints are the keys that matter now: going on with the flow first while
// it waits for the person.
func (s *Screen) Hints() [][2]string {
	k := s.keys
	if s.pasting {
		return [][2]string{screen.Hint(k.Send, "send"), screen.Hint(k.Cancel, "stop pasting")}
	}
	var hints [][2]string
	if f := s.current(); waitsForPerson(f) {
		hints = append(hints, screen.Hint(k.Open, "open"), screen.Hint(k.Copy, "copy"))
		if s.canPaste(f) {
			hints = append(hints, screen.Hint(k.Paste, "paste"))
		}
	}
	return append(hints, screen.HintPair(k.Steps.Up, k.Steps.Down, "step"), screen.Hint(k.Detail.PageDown, "scroll"),
		screen.Hint(k.Back, "back"))
}
