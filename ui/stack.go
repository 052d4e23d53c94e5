package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
)

// This file routes messages to the screens of the stack and carries out
// the Actions they return. The screens themselves are made in
// registry.go.

// stackKey hands a key to the screen on top, if any. ok is false when no
// screen is on top; a key the screen leaves goes to the keys that work on
// every screen, and no further: the panes under the screen are hidden.
func (m *Model) stackKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	top := m.stack.Top()
	if top == nil {
		return nil, false
	}
	r := top.Update(msg)
	cmd := m.apply(r)
	if r.Handled {
		return cmd, true
	}
	if gcmd, ok := m.globalKey(msg); ok {
		return tea.Batch(cmd, gcmd), true
	}
	if mcmd, ok := m.memoryKey(msg); ok {
		return tea.Batch(cmd, mcmd), true
	}
	ocmd, _ := m.openKey(msg)
	return tea.Batch(cmd, ocmd), true
}

// stackMsg offers a message that is not a key to the screens: a paste or
// a mouse event to the one on top, anything else (the replies of the
// commands a screen started) to every screen made so far, shown or not.
func (m *Model) stackMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch msg.(type) {
	case tea.PasteMsg, tea.MouseMsg:
		top := m.stack.Top()
		if top == nil {
			return nil, false
		}
		return m.apply(top.Update(msg)), true
	}
	for _, id := range m.screens.order {
		if r := m.screens.made[id].Update(msg); r.Handled {
			return m.apply(r), true
		}
	}
	return nil, false
}

// resizeScreens tells every screen made so far the body's size.
func (m *Model) resizeScreens() {
	size := tea.WindowSizeMsg{Width: m.width, Height: m.bodyHeight()}
	for _, id := range m.screens.order {
		m.apply(m.screens.made[id].Update(size))
	}
}

// apply carries out what a screen returned.
func (m *Model) apply(r screen.Result) tea.Cmd {
	cmds := []tea.Cmd{r.Cmd}
	for _, a := range r.Actions {
		cmds = append(cmds, m.do(a))
	}
	return tea.Batch(cmds...)
}

// do carries out one Action.
func (m *Model) do(a screen.Action) tea.Cmd {
	switch a := a.(type) {
	case screen.Push:
		m.stack.Push(a.Screen)
	case screen.Pop:
		m.stack.Pop()
	case screen.Replace:
		m.stack.Replace(a.Screen)
	case screen.Open:
		return m.openWith(a)
	case screen.Status:
		m.setStatus(a.Level, a.Text)
	case screen.NotConnected:
		m.readySession(a.Then)
	case screen.Quit:
		return m.requestQuit()
	case screen.Reconnect:
		return m.reconnect()
	case screen.Copy:
		return m.copyText(a.Text, a.What, a.Then)
	case screen.OpenURL:
		return m.openURL(a.URL)
	case screen.Key:
		return m.handleKey(a.Key)
	case screen.CallTool:
		return m.callAgain(a)
	case screen.LoadArgs:
		return m.loadIntoForm(a)
	case screen.ToolHosts:
		return m.showToolHosts(a)
	case screen.Answer:
		return m.finishAsk(a)
	case screen.CancelCall:
		return m.cancelWithAsks()
	case screen.Batch:
		var cmds []tea.Cmd
		for _, b := range a {
			cmds = append(cmds, m.do(b))
		}
		return tea.Batch(cmds...)
	}
	return nil
}

// openScreen shows the registered screen id over the panes, closing the
// other screens; asked for while it is on top, it closes it.
func (m *Model) openScreen(id screen.ID) tea.Cmd {
	if top := m.stack.Top(); top != nil && top.ID() == id {
		m.stack.Pop()
		return nil
	}
	sc := m.screens.get(id)
	if sc == nil {
		return nil
	}
	m.hideLegacyScreens()
	m.stack.Clear()
	m.stack.Push(sc)
	m.raiseAsk()
	return m.apply(sc.Update(screen.Opened{}))
}

// openWith shows the screen a names and gives it a's message, if any.
func (m *Model) openWith(a screen.Open) tea.Cmd {
	if a.Msg == nil {
		return m.openScreen(a.ID)
	}
	var opened tea.Cmd
	if top := m.stack.Top(); top == nil || top.ID() != a.ID {
		opened = m.openScreen(a.ID)
	}
	sc := m.stack.Top()
	if sc == nil || sc.ID() != a.ID {
		return opened
	}
	return tea.Batch(opened, m.apply(sc.Update(a.Msg)))
}

// stackView draws the screen on top, or nil when none is.
func (m *Model) stackView(height int) []string {
	if top := m.stack.Top(); top != nil {
		return top.View(m.width, height)
	}
	return nil
}

// stackHints are the hints of the screen on top, or nil.
func (m *Model) stackHints() [][2]string {
	if top := m.stack.Top(); top != nil {
		return top.Hints()
	}
	return nil
}

// stackTyping reports whether the screen on top types keys as text.
func (m *Model) stackTyping() (typing, ok bool) {
	top := m.stack.Top()
	if top == nil {
		return false, false
	}
	if t, is := top.(screen.Typer); is {
		return t.Typing(), true
	}
	return false, true
}

var _ = render.LevelInfo
