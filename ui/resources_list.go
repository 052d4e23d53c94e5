package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// visible are the entries in rows rows from the offset.
func (l *pickList) visible(rows int) []int {
	end := min(len(l.matches), l.offset+max(0, rows))
	if l.offset >= end {
		return nil
	}
	return l.matches[l.offset:end]
}

// moveKeys are the six bindings that move through a list or scroll.
type moveKeys struct{ up, down, pageUp, pageDown, home, end key.Binding }

// move is the move a key asks for, with pages of rows rows and n entries
// in all (home and end go past either end; the caller clamps).
func (k moveKeys) move(msg tea.KeyPressMsg, rows, n int) (int, bool) {
	switch {
	case key.Matches(msg, k.up):
		return -1, true
	case key.Matches(msg, k.down):
		return 1, true
	case key.Matches(msg, k.pageUp):
		return -rows, true
	case key.Matches(msg, k.pageDown):
		return rows, true
	case key.Matches(msg, k.home):
		return -n, true
	case key.Matches(msg, k.end):
		return n, true
	}
	return 0, false
}

func (k resourcesKeys) moves() moveKeys {
	return moveKeys{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End}
}

func (k promptsKeys) moves() moveKeys {
	return moveKeys{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End}
}
