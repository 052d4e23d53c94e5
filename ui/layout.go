package ui

import (
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
	m.list.clamp(m.listRows())
	cmd := tea.Batch(m.wantView(), m.wantResult(), m.wantApp(), m.status.arm(m.timer), m.layoutResources(), m.layoutPrompts())
	m.clampDetail()
	m.clampAuth()
	m.layoutHistory()
	m.layoutDiff()
	if m.showLog {
		m.log.offset = render.Scroll(m.log.offset, len(m.log.entries()), m.bodyHeight()-1)
	}
	if s := &m.tasks.screen; s.shown && s.result != nil {
		s.offset = render.Scroll(s.offset, len(s.result), m.bodyHeight()-1)
	}
	if m.help {
		m.helpOffset = render.Scroll(m.helpOffset, len(render.HelpBody(m.st, m.helpFor, m.width)), m.bodyHeight()-1)
	}
	return cmd
}

func (m *Model) bodyHeight() int { return max(3, m.height-2-m.bannerRows()) }

func (m *Model) listWidth() int { return max(24, min(40, m.width/4)) }

func (m *Model) detailWidth() int { return max(20, m.width-m.listWidth()-1) }

// listRows is how many tools the list shows: the pane less its heading
// and the filter line.
func (m *Model) listRows() int {
	rows := m.bodyHeight() - 1
	if m.list.showsFilter() {
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
	t := m.list.selected()
	if t == nil {
		m.detail.show(m.st, nil)
		return
	}
	if m.detail.tool != t {
		m.detail.show(m.st, t)
	}
}
