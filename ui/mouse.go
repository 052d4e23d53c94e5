package ui

import (
	tea "charm.land/bubbletea/v2"
)

// handleMouse routes a click or a wheel notch: to the screen on top, with
// its row counted from the body's top, or to the pane under the pointer.
// Mouse mode is on (View), so terminals hand the mouse to the workbench;
// holding shift (option on macOS Terminal and iTerm2) while dragging
// still selects text, as terminals reserve that modifier for themselves.
func (m *Model) handleMouse(msg tea.MouseMsg) tea.Cmd {
	if m.quitting || m.tooSmall() {
		return nil
	}
	if c, ok := msg.(tea.MouseClickMsg); ok && c.Y == 0 && c.Button == tea.MouseLeft {
		return m.clickScreenRow(c.X)
	}
	top := 1 + m.bannerRows()
	body, ok := inBody(msg, top)
	if !ok {
		return nil
	}
	if sc := m.overlay(); sc != nil {
		return m.apply(sc.Update(body))
	}
	if m.asks.modal != nil || m.asks.waiting != nil || m.fullScreenShown() {
		if sc := m.stack.Top(); sc != nil {
			return m.apply(sc.Update(body))
		}
		return nil
	}
	return m.toTools(body)
}

// inBody is msg with its row counted from the body's first row, which
// is row top of the terminal; ok is false for the header and the status
// line.
func inBody(msg tea.MouseMsg, top int) (tea.Msg, bool) {
	switch msg := msg.(type) {
	case tea.MouseClickMsg:
		msg.Y -= top
		return msg, msg.Y >= 0
	case tea.MouseWheelMsg:
		msg.Y -= top
		return msg, msg.Y >= 0
	}
	return nil, false
}
