package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// This file keeps what the root's own screens (the diff, the history,
// saved tests) used from the resources and prompts code, which moved to
// ui/screens; it goes when they move onto widget.Nav.

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

// pointerToken escapes a name as a JSON pointer token (RFC 6901).
func pointerToken(name string) string { return jsondoc.EscapeToken(name) }
