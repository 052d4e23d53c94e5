// Package hosts is the workbench's Hosts screen: the matrix of the
// server's tools by MCP host (Claude Code, Cursor, VS Code…), the
// server's own row first, a short verdict code in each cell, and under it
// the findings of the selected cell with their sources. The rows are the
// list widget's (cursor, paging, filter, wheel); left and right move over
// the hosts. The screen judges nothing: the root judges the server when
// its tools arrive and hands the report over (Judged); Enter on a tool's
// cell asks the root, with screen.ToolHosts, to show that tool's Hosts
// tab, which belongs to the tools screen.
package hosts

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// ID names the screen.
const ID screen.ID = "hosts"

// Judged gives the screen a new report: the root sends it each time it
// has judged the server's tools.
type Judged struct{ Report *host.Report }

// Deps are what the screen is given.
type Deps struct {
	// Styles draw it.
	Styles *theme.Styles
	// Report is the root's latest report, nil before the first; read
	// when the screen is made and each time it opens.
	Report func() *host.Report
}

// Screen is the hosts matrix and the selected cell's findings.
type Screen struct {
	st     *theme.Styles
	report func() *host.Report
	keys   Keys
	// r is the report shown; list's entries are its rows, the server's
	// (entry 0) first, then r.Tools in order.
	r    *host.Report
	list widget.List
	// col is the host under the cursor, an index of r.Hosts.
	col int
	// detail scrolls the selected cell's findings.
	detail widget.Viewport

	width, height int
	// nameWidth is the width of the matrix's first column.
	nameWidth int
	// lines are the selected cell's findings drawn for drawnFor.
	lines    []string
	drawnFor drawKey
}

// drawKey is what the drawn findings were drawn from.
type drawKey struct {
	r          *host.Report
	entry, col int
	width      int
}

var (
	_ screen.Screen = (*Screen)(nil)
	_ screen.Typer  = (*Screen)(nil)
)

// New returns the screen showing d.Report's report, if any.
func New(d Deps) *Screen {
	s := &Screen{st: d.Styles, report: d.Report, list: widget.NewList("row", "part of a tool's name"),
		detail: widget.NewViewport(), width: 80, height: 20}
	s.keys = newKeys(&s.list)
	if d.Report != nil {
		s.setReport(d.Report())
	}
	s.layout()
	return s
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title names the screen.
func (s *Screen) Title() string { return "Hosts" }

// Typing reports whether the filter is being typed.
func (s *Screen) Typing() bool { return s.list.Filtering() }

// Update takes the screen's keys, the mouse, the body's size, a new
// report and the root's word that the screen opened.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	r := s.update(msg)
	if r.Handled {
		s.layout()
	}
	return r
}

func (s *Screen) update(msg tea.Msg) screen.Result {
	switch msg := msg.(type) {
	case Judged:
		s.setReport(msg.Report)
		return screen.Done(nil)
	case screen.Opened:
		if s.report != nil {
			s.setReport(s.report())
		}
		return screen.Done(nil)
	case tea.WindowSizeMsg:
		s.width, s.height = msg.Width, msg.Height
		return screen.Done(nil)
	case tea.MouseClickMsg:
		return s.click(msg)
	case tea.MouseWheelMsg:
		if msg.Y >= s.matrixTop()+s.listRows() {
			s.detail.Update(msg)
		} else {
			s.list.Update(msg)
		}
		return screen.Done(nil)
	case tea.KeyPressMsg:
		return s.key(msg)
	}
	return screen.Unhandled()
}

// setReport shows r, keeping the cursor on the same tool and host when
// they are still there.
func (s *Screen) setReport(r *host.Report) {
	if r == nil || r == s.r {
		return
	}
	keepTool, keepHost := s.selectedTool(), s.selectedHost()
	s.r = r
	labels := make([]string, 1+len(r.Tools))
	labels[0] = serverLabel
	for i, row := range r.Tools {
		labels[i+1] = row.Tool
	}
	s.list.Set(labels, func(i int) bool { return i > 0 && r.Tools[i-1].Tool == keepTool })
	s.col = 0
	for i, id := range r.Hosts {
		if id == keepHost {
			s.col = i
		}
	}
}

// serverLabel is the server row's name in the matrix and the filter.
const serverLabel = "(server)"

// selectedTool is the tool of the row under the cursor, "" on the
// server's row or with none.
func (s *Screen) selectedTool() string {
	if e := s.list.Selected(); s.r != nil && e > 0 {
		return s.r.Tools[e-1].Tool
	}
	return ""
}

// selectedHost is the host under the cursor, "" with none.
func (s *Screen) selectedHost() host.ID {
	if s.r == nil || s.col >= len(s.r.Hosts) {
		return ""
	}
	return s.r.Hosts[s.col]
}

// row is entry's row of the report: 0 the server's, else a tool's.
func (s *Screen) row(entry int) *host.Row {
	if entry == 0 {
		return &s.r.ServerRow
	}
	return &s.r.Tools[entry-1]
}

// moveCol moves the cursor over the hosts by d, staying on the matrix.
func (s *Screen) moveCol(d int) {
	if s.r == nil {
		return
	}
	s.col = max(0, min(len(s.r.Hosts)-1, s.col+d))
}

// open asks the root to show the selected tool's Hosts tab on the
// selected host; on the server's row there is no tool to show.
func (s *Screen) open() screen.Result {
	tool, id := s.selectedTool(), s.selectedHost()
	switch {
	case s.list.Selected() < 0 || id == "":
		return screen.Done(nil)
	case tool == "":
		return screen.Done(nil, screen.Status{Level: render.LevelInfo,
			Text: "the server's row belongs to no tool: its findings are under the matrix"})
	}
	return screen.Done(nil, screen.ToolHosts{Tool: tool, Host: string(id)})
}

// click selects the cell under the pointer; a second click on the
// selected cell opens it, as enter does.
func (s *Screen) click(msg tea.MouseClickMsg) screen.Result {
	if msg.Button != tea.MouseLeft || s.r == nil {
		return screen.Done(nil)
	}
	col := s.col
	if msg.X >= s.nameWidth {
		col = min(len(s.r.Hosts)-1, (msg.X-s.nameWidth)/render.HostColumn)
	}
	y := msg.Y - s.matrixTop()
	if y < 0 || y >= s.listRows() {
		return screen.Done(nil)
	}
	before := s.list.Selected()
	entry, ok := s.list.Click(y)
	if !ok {
		return screen.Done(nil)
	}
	again := entry == before && col == s.col
	s.col = col
	if again {
		return s.open()
	}
	return screen.Done(nil)
}
