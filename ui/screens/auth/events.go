package auth

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/internal/weburl"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
)

// flowCap bounds the flows kept: a server that asks for a step-up on
// every call must not grow memory without limit.
const flowCap = 16

// openedMsg says how opening flow's authorization URL went.
type openedMsg struct {
	flow *flow
	err  error
}

// current is the newest flow, or nil.
func (s *Screen) current() *flow {
	if len(s.flows) == 0 {
		return nil
	}
	return s.flows[len(s.flows)-1]
}

// newFlow starts a flow, dropping the oldest beyond flowCap.
func (s *Screen) newFlow() *flow {
	f := &flow{}
	if len(s.flows) == flowCap {
		s.flows = slices.Delete(s.flows, 0, 1)
	}
	s.flows = append(s.flows, f)
	s.total++
	s.follow = true
	s.stopPasting()
	return f
}

// sync lists the newest flow's steps, the newest selected while the
// selection follows it.
func (s *Screen) sync() {
	var names []string
	if f := s.current(); f != nil {
		for _, st := range f.steps {
			names = append(names, string(st.name))
		}
	}
	sel := s.steps.Selected()
	if s.follow {
		sel = len(names) - 1
		s.detail.ScrollTo(0)
	}
	s.steps.Set(names, func(i int) bool { return i == sel })
	// Every step shows: a row of the list is a row of the screen.
	s.steps.Resize(s.width, max(1, len(names)))
	s.layout()
}

// Event records one event of the flow. onTop says whether the screen
// shows; free that nothing else holds the body (no question of the
// server, no help, no other screen), so the screen may show itself: the
// first time a flow needs the person's eyes, at a step past the
// challenge that is not a refresh or a retry, which need nobody.
func (s *Screen) Event(e step.Event, onTop, free bool) screen.Result {
	f := s.current()
	if startsFlow(f, e) {
		f = s.newFlow()
	}
	f.add(e)
	if e.Step == step.Browser && e.URL != "" && f.url == "" {
		// The URL shows at once; the agent's Visit opens it.
		f.url = e.URL
	}
	s.sync()
	var acts []screen.Action
	quiet := e.Step == step.Challenge || e.Step == step.Refresh || e.Step == step.Retry
	if e.State == step.Started && !quiet && !f.shownOnce {
		f.shownOnce = true
		if free {
			// A paste left open when another screen took the body would
			// greet the person with a field they did not open.
			f.autoShown = true
			s.stopPasting()
			acts = append(acts, screen.Open{ID: ID})
		}
	}
	if e.Step == step.Retry && e.State == step.Done && onTop && f.autoShown && s.follow && f.failed() == nil {
		// The person had nothing left to do here and is not reading the
		// steps (they would have moved): back to the workbench, the steps a
		// key away.
		f.autoShown = false
		acts = append(acts, screen.Pop{},
			screen.Status{Level: render.LevelInfo, Text: "auth: authorized — " + s.d.OpenKey + " shows the steps"})
	}
	if e.State == step.Failed && !onTop {
		acts = append(acts, screen.Status{Level: render.LevelError,
			Text: "auth: the " + string(e.Step) + " step failed — " + s.d.OpenKey + " shows why"})
	}
	return screen.Done(nil, acts...)
}

// Visit shows the authorization URL the flow's agent was asked to visit
// and, when the screen opens URLs, opens it: in a command, as starting a
// browser may take a while.
func (s *Screen) Visit(u string) screen.Result {
	f := s.current()
	if f == nil {
		f = s.newFlow()
		s.sync()
	}
	f.url, f.opened, f.openErr = u, openNot, ""
	s.layout()
	if !s.d.Opens {
		return screen.Done(nil)
	}
	return screen.Done(s.openURL(f))
}

// Toggle answers the key that shows the screen: it closes the screen
// when on top, else shows it. Either way the person chose, so a flow
// that succeeds no longer closes it for them.
func (s *Screen) Toggle(onTop bool) screen.Result {
	if onTop {
		return s.close()
	}
	s.stopPasting()
	if f := s.current(); f != nil {
		f.autoShown = false
	}
	return screen.Done(nil, screen.Open{ID: ID})
}

// close closes the screen, saying that the flow goes on.
func (s *Screen) close() screen.Result {
	s.stopPasting()
	acts := []screen.Action{screen.Pop{}}
	if f := s.current(); f != nil {
		f.autoShown = false
		if !f.ended() {
			verdict, _ := flowVerdict(f)
			acts = append(acts, screen.Status{Level: render.LevelInfo,
				Text: "auth goes on (" + verdict + "); " + s.d.OpenKey + " shows it"})
		}
	}
	return screen.Done(nil, acts...)
}

// openURL opens flow f's URL with the browser, or says why not.
func (s *Screen) openURL(f *flow) tea.Cmd {
	var b Browser
	if s.d.Browser != nil {
		b = s.d.Browser()
	}
	if _, err := weburl.Check(f.url); err != nil {
		// Only web pages go to a browser: a file: or custom-scheme URL
		// from a server could start anything.
		f.opened, f.openErr = openFailed, "not an http(s) URL, so it is not opened"
		return nil
	}
	if b == nil {
		f.opened, f.openErr = openFailed, "no browser found: neither xdg-open nor open is on PATH"
		return nil
	}
	f.opened = openStarted
	u := f.url
	return func() tea.Msg { return openedMsg{flow: f, err: b.Open(u)} }
}

func (s *Screen) handleOpened(msg openedMsg) screen.Result {
	f := msg.flow
	if msg.err != nil {
		f.opened, f.openErr = openFailed, "could not open it: "+msg.err.Error()
	} else {
		f.opened = openDone
	}
	s.layout()
	return screen.Done(nil)
}

// waitsForPerson reports a flow that sent the person to its URL and
// waits for the redirect.
func waitsForPerson(f *flow) bool {
	if f == nil || f.url == "" || f.ended() {
		return false
	}
	for _, st := range f.steps {
		if st.name == step.Callback && st.finished() && st.state != step.Info || st.name == step.Token {
			return false
		}
	}
	return true
}

// canPaste reports whether the person may paste a redirect for flow f:
// it waits for one, and someone other than toolbench follows the URL.
func (s *Screen) canPaste(f *flow) bool {
	return s.d.Bridged && !s.d.Fetches && waitsForPerson(f)
}
