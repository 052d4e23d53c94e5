package tools

import (
	tea "charm.land/bubbletea/v2"
)

// handleMouse takes a click or a wheel notch over the tool list or the
// detail pane, its row counted from the body's top.
func (s *Screen) handleMouse(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		if msg.X < s.listWidth() {
			if s.list.Navigate(msg) {
				s.syncDetail()
			}
			return nil
		}
		if d, ok := s.keys.Detail.nav().Delta(msg, 0, 0); ok && s.detail.tool != nil {
			s.detail.offset[s.detail.tab] += d
		}
	case tea.MouseClickMsg:
		if msg.Button != tea.MouseLeft || msg.X >= s.listWidth() {
			return nil
		}
		s.clickTool(msg.Y)
	}
	return nil
}

// clickTool selects the tool on row y of the list pane; a click on the
// selected tool opens it, like enter.
func (s *Screen) clickTool(y int) {
	_, ok, again := s.list.ClickAgain(y - s.list.HeadRows())
	if !ok {
		return
	}
	if again && s.detail.tool != nil {
		s.openSelected()
		return
	}
	s.focus = focusList
	s.syncDetail()
}
