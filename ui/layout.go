package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// layout runs after every message. It brings what View reads up to date
// (the tools screen's panes, the log's and the help's scroll, clamped to
// what they show) and returns the commands the screen now needs: the
// shown tab rendered, a result rendered for a new width, the clearing of
// a new status message. View then only draws.
func (m *Model) layout() tea.Cmd {
	return tea.Batch(m.tools.Layout(), m.status.arm(m.timer), m.layoutLog())
}

func (m *Model) bodyHeight() int { return max(3, m.height-2-m.bannerRows()) }

// minSize is the smallest terminal the workbench draws its screens in:
// the tools screen's panes side by side, the header and the status line.
var minSize = render.Size{Width: tools.MinSize.Width, Height: 2 + tools.MinSize.Height}

// tooSmall reports a terminal below minSize: the screen shows a notice
// instead, and keys reach nothing hidden (smallKey).
func (m *Model) tooSmall() bool { return m.width < minSize.Width || m.height < minSize.Height }

// smallKey takes a key while the terminal is too small: nothing the
// person cannot see may act, least of all a hidden form taking what is
// typed, so only quitting (and its question) works.
func (m *Model) smallKey(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, m.keys.Global.Quit) {
		return m.requestQuit()
	}
	return nil
}

// smallScreen is the screen of a terminal too small for the panes.
func (m *Model) smallScreen() string {
	note := render.FirstKey(m.keys.Global.Quit.Help().Key) + " quits"
	if m.quitting {
		q := m.quitQuestion()
		note = q.Text + " · " + render.FirstKey(m.keys.Quit.Yes.Help().Key) + " quits, any other key stays"
	}
	return strings.Join(render.TooSmall(m.st, minSize, render.Size{Width: m.width, Height: m.height}, note, m.width, m.height), "\n")
}
