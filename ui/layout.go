package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
)

// layout runs after every message. It brings what View reads up to date
// (the list's scroll, the detail pane's offsets, the lint cursor, the
// log's and the help's scroll, clamped to what they show) and returns the
// commands the screen now needs: the shown tab rendered, a result
// rendered for a new width, the clearing of a new status message. View
// then only draws.
func (m *Model) layout() tea.Cmd {
	m.layoutList()
	m.list.Clamp(m.listRows())
	cmd := tea.Batch(m.wantView(), m.wantResult(), m.wantApp(), m.status.arm(m.timer), m.layoutLog())
	m.clampDetail()
	return cmd
}

func (m *Model) bodyHeight() int { return max(3, m.height-2-m.bannerRows()) }

const (
	// minListWidth is the narrowest the tool list gets.
	minListWidth = 24
	// detailRoom is what the list, growing for long names, leaves the
	// detail pane at least: the form and its hints need it.
	detailRoom = 40
	// minDetailWidth is the narrowest the detail pane gets.
	minDetailWidth = 20
	// minBodyRows are the fewest rows the panes work in: the detail
	// pane's heading (a title and three rows of description) and tab
	// bar, and the form's three rows.
	minBodyRows = 8
)

// minSize is the smallest terminal the workbench draws its screens in:
// both panes side by side, the header and the status line.
var minSize = render.Size{Width: minListWidth + 1 + minDetailWidth, Height: 2 + minBodyRows}

// tooSmall reports a terminal below minSize: the screen shows a notice
// instead, and keys reach nothing hidden (smallKey).
func (m *Model) tooSmall() bool { return m.width < minSize.Width || m.height < minSize.Height }

// listWidth is the tool list's width: what the longest name and the marks
// need (setTools measured them), up to half the screen and never taking
// the detail pane below detailRoom, never below minListWidth.
func (m *Model) listWidth() int {
	limit := min(m.width/2, m.width-1-detailRoom)
	return max(minListWidth, min(m.list.WantWidth(), limit))
}

// layoutList cuts the tool names for the list's width and, when the tools
// that arrived moved the pane's edge, lays the detail pane out for its new
// width (a resize does that in handleResize).
func (m *Model) layoutList() {
	lw := m.listWidth()
	m.list.Fit(lw)
	if dw := m.detailWidth(); m.detail.width != dw {
		m.detail.resize(dw, m.bodyHeight())
	}
}

func (m *Model) detailWidth() int { return max(minDetailWidth, m.width-m.listWidth()-1) }

// listRows is how many tools the list shows: the pane less its heading
// and the filter line.
func (m *Model) listRows() int {
	rows := m.bodyHeight() - 1
	if m.list.ShowsFilter() {
		rows--
	}
	return rows
}

// contentHeight is the height of the detail pane's tab, below the tool's
// heading, any disconnect report and the tab bar. The rows are counted,
// not drawn: layout runs on every message.
func (m *Model) contentHeight() int {
	rows := 1 // the tab bar
	if t := m.detail.tool; t != nil {
		rows += m.detail.headingRows(*t, m.detailWidth())
	}
	if d, ok := m.disconnect(); ok {
		rows += render.DisconnectRows(d, m.detailWidth())
	}
	return max(1, m.bodyHeight()-rows)
}

// clampDetail keeps the shown tab's scroll, or the Lint tab's cursor,
// within what the tab shows. Tabs still being rendered are clamped when
// they arrive.
func (m *Model) clampDetail() {
	if m.detail.tool == nil {
		return
	}
	t, height := m.detail.tab, m.contentHeight()
	var n int
	switch t {
	case tabForm:
		return
	case tabLint:
		if v := m.shownView(); v != nil {
			m.detail.qa.cursor = max(0, min(m.detail.qa.cursor, len(v.findings)-1))
		}
		return
	case tabResult:
		tr := m.calls.results[m.detail.tool.Name]
		lines := m.resultLines(tr, m.detailWidth())
		if lines == nil {
			return
		}
		n, height = len(lines), height-len(m.progressHead())
	default:
		v := m.shownView()
		if v == nil {
			return
		}
		n = len(v.lines)
		if t == tabMeta {
			n += m.appRows(m.detailWidth())
		}
	}
	m.detail.offset[t] = render.Scroll(m.detail.offset[t], n, height)
}

// syncDetail shows the tool under the list's cursor in the detail pane.
func (m *Model) syncDetail() {
	t := m.list.Tool()
	if t == nil {
		m.detail.show(m.st, nil)
		return
	}
	if m.detail.tool != t {
		m.detail.show(m.st, t)
	}
}

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
