package hosts

import (
	"strings"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/ui/render"
)

// matrixTop is the row of the first matrix row: under the heading, the
// filter line while it shows, and the column heads.
func (s *Screen) matrixTop() int { return s.list.HeadRows() + 1 }

// listRows is how many rows the matrix shows: every row when at most half
// of what is under its heads holds them, else that half (at least three),
// the selected cell's findings taking the rest.
func (s *Screen) listRows() int {
	room := s.height - s.matrixTop() - 1
	return max(1, min(s.list.Total(), max(3, room/2)))
}

// detailRows is the height of the findings under the matrix and its rule.
func (s *Screen) detailRows() int {
	return max(1, s.height-s.matrixTop()-s.listRows()-1)
}

// layout sizes the list, measures the name column and draws the selected
// cell's findings when the cell, the report or the width changed: once
// per move, so a matrix of a thousand tools draws the rows it shows and
// one cell.
func (s *Screen) layout() {
	s.list.Resize(s.width, s.listRows())
	s.nameWidth = s.measureNames()
	want := drawKey{r: s.r, entry: s.list.Selected(), col: s.col, width: s.width}
	if want != s.drawnFor {
		s.drawnFor, s.lines = want, s.cellLines()
		s.detail.ScrollTo(0)
	}
	s.detail.SetSize(len(s.lines), s.detailRows())
}

// measureNames is the name column's width: the longest label and the
// cursor's mark, as far as the hosts' columns leave room, never under 12.
func (s *Screen) measureNames() int {
	if s.r == nil {
		return 12
	}
	longest := len(serverLabel)
	for _, row := range s.r.Tools {
		longest = max(longest, len([]rune(row.Tool)))
	}
	room := s.width - len(s.r.Hosts)*render.HostColumn
	return max(12, min(longest+3, room))
}

// cellLines draws the selected cell's findings, with the tool's name as
// the host's model sees it.
func (s *Screen) cellLines() []string {
	e, id := s.list.Selected(), s.selectedHost()
	if s.r == nil || e < 0 || id == "" {
		return nil
	}
	row := s.row(e)
	hh, _ := host.Lookup(id)
	c := render.HostCell{Host: hh, Tool: row.Tool, Cell: *row.Hosts[id]}
	if row.Tool != "" {
		name := host.ModelName(id, s.r.Server, row.Tool)
		c.Name = &name
	}
	return render.HostCellLines(s.st, c, s.width)
}

// View draws the heading, the filter while it shows, the matrix's heads
// and rows in view, a rule, and the selected cell's findings as scrolled.
func (s *Screen) View(width, height int) []string {
	st := s.st
	lines := []string{render.Clip(s.heading(), width)}
	if s.list.ShowsFilter() {
		lines = append(lines, render.Clip(s.list.FilterLine(), width))
	}
	switch {
	case s.r == nil:
		return append(lines, st.Muted.Render(render.Clip("judging the tools for each MCP host…", width)))
	case s.list.Count() == 0:
		return append(lines, st.Muted.Render(render.Clip("no tool's name matches the filter", width)))
	}
	shorts := make([]string, len(s.r.Hosts))
	for i, id := range s.r.Hosts {
		hh, _ := host.Lookup(id)
		shorts[i] = hh.Short
	}
	lines = append(lines, render.HostMatrixHead(st, "tool", shorts, s.nameWidth, width))
	entries, cursor := s.list.Window()
	verdicts := make([]host.Verdict, len(s.r.Hosts))
	for i, e := range entries {
		row := s.row(e)
		for j, id := range s.r.Hosts {
			verdicts[j] = row.Hosts[id].Verdict
		}
		label := row.Tool
		if e == 0 {
			label = serverLabel
		}
		lines = append(lines, render.HostMatrixRow(st, label, verdicts, s.col, i == cursor, s.nameWidth, width))
	}
	lines = render.Fit(lines, s.matrixTop()+s.listRows())
	lines = append(lines, st.Border.Render(strings.Repeat("─", max(1, width))))
	from, to := s.detail.Window()
	cell := s.lines[min(from, len(s.lines)):min(to, len(s.lines))]
	return append(lines, render.Fit(cell, max(0, min(len(cell), height-len(lines))))...)
}

// heading names the screen, the server name the verdicts were judged
// under and where it came from, the tools and the models judged for.
func (s *Screen) heading() string {
	st := s.st
	head := st.Heading.Render("Hosts")
	if s.r == nil {
		return head
	}
	head += st.Muted.Render(" · " + plural.Count(len(s.r.Tools), "tool") + " · " + render.HostsJudgedAs(s.r))
	if n := s.list.Count(); n != s.list.Total() {
		head += st.Muted.Render(" · " + plural.Count(n, "match"))
	}
	return head
}
