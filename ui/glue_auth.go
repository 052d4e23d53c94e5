package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
	authscreen "github.com/toolbench/toolbench/ui/screens/auth"
)

// The auth screen (ui/screens/auth) shows the OAuth flow. The bridge that
// carries the flow's steps (authbridge.go) stays here: the command that
// starts the workbench makes it, and its notes go to the screen whether
// or not it shows, so the header can say where the flow stands.

// newAuth makes the auth screen for bridge b (nil: no flow can run).
func (m *Model) newAuth(b *AuthBridge) *authscreen.Screen {
	d := authscreen.Deps{Styles: m.st, Server: m.target, Explain: authVerdict,
		OpenKey: render.FirstKey(m.keys.Global.Auth.Help().Key),
		Browser: func() authscreen.Browser { return m.browser }}
	if b != nil {
		d.Bridged, d.Opens, d.Fetches, d.Paste = true, b.browser == browserOpen, b.browser == browserFetch, b.paste
	}
	return authscreen.New(d)
}

// authScreen is the auth screen, made at the start: the header reads it.
func (m *Model) authScreen() *authscreen.Screen {
	return m.screens.get(authscreen.ID).(*authscreen.Screen)
}

// authOnTop reports whether the auth screen shows.
func (m *Model) authOnTop() bool {
	top := m.stack.Top()
	return top != nil && top.ID() == authscreen.ID
}

// handleAuthWake hands what the bridge queued to the screen, in order.
// The screen may show itself when nothing else holds the body: no
// question of the server, no help, no other screen.
func (m *Model) handleAuthWake() tea.Cmd {
	if m.bridge == nil {
		return nil
	}
	s := m.authScreen()
	var cmds []tea.Cmd
	for _, n := range m.bridge.take() {
		if n.visit != "" {
			cmds = append(cmds, m.apply(s.Visit(n.visit)))
			continue
		}
		free := !m.asks.open() && m.asks.waiting == nil && m.stack.Len() == 0 && !m.fullScreenShown()
		cmds = append(cmds, m.apply(s.Event(n.event, m.authOnTop(), free)))
	}
	return tea.Batch(cmds...)
}

// toggleAuth shows or hides the auth screen.
func (m *Model) toggleAuth() tea.Cmd {
	return m.apply(m.authScreen().Toggle(m.authOnTop()))
}

// authHeader is where the newest flow stands, for the header; "" when
// there has been none.
func (m *Model) authHeader() (string, render.Level) {
	return m.authScreen().Header()
}
