package widget

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Nav is the one set of keys that moves through a list or scrolls a view:
// the same keys on every screen, so paging, home and end never drift.
type Nav struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
}

// NewNav returns the navigation keys, their help naming what moves
// ("tool", "line").
func NewNav(noun string) Nav {
	return Nav{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "previous "+noun)),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "next "+noun)),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "space"), key.WithHelp("pgdown/space", "page down")),
		Home:     key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home/g", "first "+noun)),
		End:      key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end/G", "last "+noun)),
	}
}

// Bindings lists the keys, for help.
func (n Nav) Bindings() []key.Binding {
	return []key.Binding{n.Up, n.Down, n.PageUp, n.PageDown, n.Home, n.End}
}

// WheelStep is how many rows a wheel notch moves, in every list and
// view.
const WheelStep = 3

// Delta is how far msg moves through count rows shown page at a time:
// home and end go count rows, past either end, so the caller clamps. ok
// is false for a message that does not move. Every cursor and scroll of
// the workbench moves by it, so the keys mean the same everywhere.
func (n Nav) Delta(msg tea.Msg, page, count int) (int, bool) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, n.Up):
			return -1, true
		case key.Matches(msg, n.Down):
			return 1, true
		case key.Matches(msg, n.PageUp):
			return -max(1, page), true
		case key.Matches(msg, n.PageDown):
			return max(1, page), true
		case key.Matches(msg, n.Home):
			return -count, true
		case key.Matches(msg, n.End):
			return count, true
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			return -WheelStep, true
		case tea.MouseWheelDown:
			return WheelStep, true
		}
	}
	return 0, false
}
