package tools

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
)

// Layout brings what View reads up to date (the list's scroll and names,
// the detail pane's offsets, the lint cursor, clamped to what they show)
// and returns the commands the screen now needs: the shown tab rendered,
// a result or an app resource rendered for a new width. The root calls
// it after every message, since the connection's state, which the detail
// pane's heading shows, changes without the screen's knowing.
func (s *Screen) Layout() tea.Cmd {
	s.layoutList()
	s.list.Clamp(s.listRows())
	cmd := tea.Batch(s.wantView(), s.wantResult(), s.wantApp())
	s.clampDetail()
	s.layoutHosts()
	return cmd
}

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

// MinSize is the smallest body the screen draws its panes in, side by
// side; the root shows a notice in a smaller terminal.
var MinSize = render.Size{Width: minListWidth + 1 + minDetailWidth, Height: minBodyRows}

// listWidth is the tool list's width: what the longest name and the marks
// need (SetTools measured them), up to half the screen and never taking
// the detail pane below detailRoom, never below minListWidth.
func (s *Screen) listWidth() int {
	limit := min(s.width/2, s.width-1-detailRoom)
	return max(minListWidth, min(s.list.WantWidth(), limit))
}

// layoutList cuts the tool names for the list's width and, when the tools
// that arrived moved the pane's edge, lays the detail pane out for its new
// width (a resize does that in resize).
func (s *Screen) layoutList() {
	lw := s.listWidth()
	s.list.Fit(lw)
	if dw := s.detailWidth(); s.detail.width != dw {
		s.detail.resize(dw, s.height)
	}
}

func (s *Screen) detailWidth() int { return max(minDetailWidth, s.width-s.listWidth()-1) }

// listRows is how many tools the list shows: the pane less its heading
// and the filter line.
func (s *Screen) listRows() int {
	rows := s.height - 1
	if s.list.ShowsFilter() {
		rows--
	}
	return rows
}

// contentHeight is the height of the detail pane's tab, below the tool's
// heading, any disconnect report and the tab bar. The rows are counted,
// not drawn: layout runs on every message.
func (s *Screen) contentHeight() int {
	rows := 1 // the tab bar
	if t := s.detail.tool; t != nil {
		rows += s.detail.headingRows(*t, s.detailWidth())
	}
	if d := s.d.Conn().Disconnect; d != nil {
		rows += render.DisconnectRows(*d, s.detailWidth())
	}
	return max(1, s.height-rows)
}

// clampDetail keeps the shown tab's scroll, or the Lint tab's cursor,
// within what the tab shows. Tabs still being rendered are clamped when
// they arrive.
func (s *Screen) clampDetail() {
	if s.detail.tool == nil {
		return
	}
	t, height := s.detail.tab, s.contentHeight()
	var n int
	switch t {
	case tabForm, tabHosts:
		return
	case tabLint:
		if v := s.shownView(); v != nil {
			s.detail.qa.cursor = max(0, min(s.detail.qa.cursor, len(v.findings)-1))
		}
		return
	case tabResult:
		tr := s.calls.results[s.detail.tool.Name]
		lines := s.resultLines(tr, s.detailWidth())
		if lines == nil {
			return
		}
		n, height = len(lines), height-len(s.progressHead())
	default:
		v := s.shownView()
		if v == nil {
			return
		}
		n = len(v.lines)
		if t == tabMeta {
			n += s.appRows(s.detailWidth())
		}
	}
	s.detail.offset[t] = render.Scroll(s.detail.offset[t], n, height)
}

// syncDetail shows the tool under the list's cursor in the detail pane.
func (s *Screen) syncDetail() {
	t := s.list.Tool()
	if t == nil {
		s.detail.show(s.st, nil)
		return
	}
	if s.detail.tool != t {
		s.detail.show(s.st, t)
	}
}
