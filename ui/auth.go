package ui

import (
	"net/http"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/ui/render"
)

// authScreen is the auth screen's state: the flows the bridge brought,
// newest last, and what the person looks at.
type authScreen struct {
	bridge *AuthBridge
	flows  []*authFlow
	// total counts every flow seen, the dropped ones too.
	total int
	shown bool
	// cursor is the selected step of the newest flow; follow keeps it on
	// the newest step until the person moves it.
	cursor int
	follow bool
	// offset is how far the step's detail is scrolled.
	offset  int
	pasting bool
	input   textinput.Model
}

func newAuthScreen(b *AuthBridge) authScreen {
	ti := textinput.New()
	ti.Prompt = "paste: "
	ti.Placeholder = "the redirect URL from the browser's address bar, or the code"
	return authScreen{bridge: b, follow: true, input: ti}
}

// current is the newest flow, or nil.
func (a *authScreen) current() *authFlow {
	if len(a.flows) == 0 {
		return nil
	}
	return a.flows[len(a.flows)-1]
}

// newFlow starts a flow, dropping the oldest beyond flowCap.
func (a *authScreen) newFlow() *authFlow {
	f := &authFlow{}
	if len(a.flows) == flowCap {
		a.flows = slices.Delete(a.flows, 0, 1)
	}
	a.flows = append(a.flows, f)
	a.total++
	a.cursor, a.follow, a.offset = 0, true, 0
	a.pasting = false
	a.input.Blur()
	return f
}

// canPaste reports whether the person may paste a redirect for flow f:
// it waits for one, and someone other than toolbench follows the URL.
func (a *authScreen) canPaste(f *authFlow) bool {
	return a.bridge != nil && a.bridge.browser != browserFetch && waitsForPerson(f)
}

// waitsForPerson reports a flow that sent the person to its URL and
// waits for the redirect.
func waitsForPerson(f *authFlow) bool {
	if f == nil || f.url == "" || f.ended() {
		return false
	}
	for _, s := range f.steps {
		if s.name == step.Callback && s.finished() && s.state != step.Info || s.name == step.Token {
			return false
		}
	}
	return true
}

// opening reports a browser being started for the newest flow.
func (a *authScreen) opening() bool {
	f := a.current()
	return f != nil && f.opened == openStarted
}

// authOpenedMsg says how opening flow's authorization URL went.
type authOpenedMsg struct {
	flow *authFlow
	err  error
}

// handleAuthWake takes what the bridge queued, in order.
func (m *Model) handleAuthWake() tea.Cmd {
	if m.auth.bridge == nil {
		return nil
	}
	var cmds []tea.Cmd
	for _, n := range m.auth.bridge.take() {
		if n.visit != "" {
			cmds = append(cmds, m.authVisit(n.visit))
		} else {
			m.authEvent(n.event)
		}
	}
	return tea.Batch(cmds...)
}

// authEvent records one step event, and opens the screen the first time
// a flow needs the person's eyes: at a step past the challenge that is
// not a refresh or a retry, which need nobody.
func (m *Model) authEvent(e step.Event) {
	a := &m.auth
	f := a.current()
	if startsFlow(f, e) {
		f = a.newFlow()
	}
	f.add(e)
	if e.Step == step.Browser && e.URL != "" && f.url == "" {
		// The URL shows at once; the agent's Visit opens it.
		f.url = e.URL
	}
	if a.follow {
		a.cursor, a.offset = len(f.steps)-1, 0
	}
	quiet := e.Step == step.Challenge || e.Step == step.Refresh || e.Step == step.Retry
	if e.State == step.Started && !quiet && !f.shownOnce {
		f.shownOnce = true
		if !m.asks.open() && m.asks.waiting == nil && !m.help && m.stack.Len() == 0 {
			a.shown, f.autoShown = true, true
		}
	}
	if e.Step == step.Retry && e.State == step.Done && a.shown && f.autoShown && a.follow && f.failed() == nil {
		// The person had nothing left to do here and is not reading the
		// steps (they would have moved): back to the workbench, the steps a
		// key away.
		a.shown, f.autoShown = false, false
		m.setStatus(levelInfo, "auth: authorized — "+render.FirstKey(m.keys.Global.Auth.Help().Key)+" shows the steps")
	}
	if e.State == step.Failed && !a.shown {
		m.setStatus(levelError, "auth: the "+string(e.Step)+" step failed — "+
			render.FirstKey(m.keys.Global.Auth.Help().Key)+" shows why")
	}
}

// authVisit shows the authorization URL and, with the browser "open",
// opens it: in a command, as starting a browser may take a while.
func (m *Model) authVisit(u string) tea.Cmd {
	a := &m.auth
	f := a.current()
	if f == nil {
		f = a.newFlow()
	}
	f.url, f.opened, f.openErr = u, openNot, ""
	if a.bridge.browser != browserOpen {
		return nil
	}
	return m.openAuthURL(f)
}

// openAuthURL opens flow f's URL with the browser, or says why not.
func (m *Model) openAuthURL(f *authFlow) tea.Cmd {
	switch {
	case !webURL(f.url):
		// Only web pages go to a browser: a file: or custom-scheme URL
		// from a server could start anything.
		f.opened, f.openErr = openFailed, "not an http(s) URL, so it is not opened"
		return nil
	case m.browser == nil:
		f.opened, f.openErr = openFailed, "no browser found: neither xdg-open nor open is on PATH"
		return nil
	}
	f.opened = openStarted
	b, u := m.browser, f.url
	return func() tea.Msg { return authOpenedMsg{flow: f, err: b.Open(u)} }
}

func (m *Model) handleAuthOpened(msg authOpenedMsg) tea.Cmd {
	f := msg.flow
	if msg.err != nil {
		f.opened, f.openErr = openFailed, "could not open it: "+msg.err.Error()
		return nil
	}
	f.opened = openDone
	return nil
}

// toggleAuth shows or hides the auth screen.
func (m *Model) toggleAuth() {
	a := &m.auth
	show := !a.shown
	if f := a.current(); f != nil {
		// The person chose: a success no longer closes it for them.
		f.autoShown = false
	}
	m.hideScreens()
	a.shown = show
}

// closedAuth says, after the screen closes, that the flow goes on.
func (m *Model) closedAuth() {
	a := &m.auth
	a.pasting = false
	a.input.Blur()
	if f := a.current(); f != nil {
		f.autoShown = false
	}
	if f := a.current(); f != nil && !f.ended() {
		verdict, _ := flowVerdict(f)
		m.setStatus(levelInfo, "auth goes on ("+verdict+"); "+render.FirstKey(m.keys.Global.Auth.Help().Key)+" shows it")
	}
}

// authKey takes a key on the auth screen.
func (m *Model) authKey(msg tea.KeyPressMsg) tea.Cmd {
	a := &m.auth
	if a.pasting {
		return m.authPasteKey(msg)
	}
	k, f := m.keys.Auth, a.current()
	n := 0
	if f != nil {
		n = len(f.steps)
	}
	switch {
	case key.Matches(msg, k.Up) && n > 0:
		a.cursor, a.offset, a.follow = max(0, a.cursor-1), 0, false
	case key.Matches(msg, k.Down) && n > 0:
		a.cursor, a.offset = min(n-1, a.cursor+1), 0
		a.follow = a.cursor == n-1
	case key.Matches(msg, k.PageUp):
		a.offset -= max(1, m.bodyHeight()/2)
	case key.Matches(msg, k.PageDown):
		a.offset += max(1, m.bodyHeight()/2)
	case key.Matches(msg, k.Open) && waitsForPerson(f):
		return m.openAuthURL(f)
	case key.Matches(msg, k.Copy) && waitsForPerson(f):
		m.setStatus(levelOK, "copied the authorization URL to the clipboard")
		return tea.SetClipboard(f.url)
	case key.Matches(msg, k.Paste) && a.canPaste(f):
		a.pasting = true
		a.input.SetValue("")
		return a.input.Focus()
	case key.Matches(msg, k.Back):
		a.shown = false
		m.closedAuth()
	}
	return nil
}

// authPasteKey takes a key while the redirect is pasted or typed.
func (m *Model) authPasteKey(msg tea.KeyPressMsg) tea.Cmd {
	a := &m.auth
	switch {
	case key.Matches(msg, m.keys.AuthPaste.Send):
		text := strings.TrimSpace(a.input.Value())
		if text == "" {
			m.setStatus(levelError, "paste the redirect URL from the browser's address bar, or the code, then enter")
			return nil
		}
		a.pasting = false
		a.input.Blur()
		a.input.SetValue("")
		a.bridge.paste(text)
		m.setStatus(levelInfo, "sent the pasted redirect to the flow")
		return nil
	case key.Matches(msg, m.keys.AuthPaste.Cancel):
		a.pasting = false
		a.input.Blur()
		return nil
	}
	var cmd tea.Cmd
	a.input, cmd = a.input.Update(msg)
	return cmd
}

// authPasteMsg takes a bracketed paste on the auth screen (into the
// field, opened for it when the flow waits for one) and the field's
// cursor blinks while it is open.
func (m *Model) authPasteMsg(msg tea.Msg) (tea.Cmd, bool) {
	a := &m.auth
	if !a.shown || !a.canPaste(a.current()) {
		return nil, false
	}
	var focus tea.Cmd
	if !a.pasting {
		if _, ok := msg.(tea.PasteMsg); !ok {
			return nil, false
		}
		a.pasting = true
		focus = a.input.Focus()
	}
	var cmd tea.Cmd
	a.input, cmd = a.input.Update(msg)
	return tea.Batch(focus, cmd), true
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
