package tools

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/widget"
)

// HostsJudged gives the screen the host verdicts on the tools it shows:
// the root judges the server when its tools arrive or change, off the UI
// goroutine, and hands the report to every screen that shows it.
type HostsJudged struct{ Report *host.Report }

// ShowHosts shows tool Tool on its Hosts tab, the cursor on Host: how
// the Hosts screen's Enter reaches a tool. It is handled only when the
// server has the tool.
type ShowHosts struct {
	Tool string
	Host host.ID
}

// HostKeys move between the hosts on the Hosts tab; the pane's page keys
// scroll the selected host's findings.
type HostKeys struct {
	Up, Down, First, Last key.Binding
}

// nav is the keys that move between hosts as the one navigation set.
func (k HostKeys) nav() widget.Nav {
	return widget.Nav{Up: k.Up, Down: k.Down, Home: k.First, End: k.Last}
}

func newHostKeys() HostKeys {
	return HostKeys{
		Up:    bind([]string{"up", "k"}, "↑/k", "previous host"),
		Down:  bind([]string{"down", "j"}, "↓/j", "next host"),
		First: bind([]string{"home", "g"}, "home/g", "first host"),
		Last:  bind([]string{"end", "G"}, "end/G", "last host"),
	}
}

// hostsTab is where the Hosts tab stands: the report it shows, the host
// under the cursor, and the tab drawn for View.
type hostsTab struct {
	report *host.Report
	cursor int
	// findingRows is how many rows of the findings the tab shows: a page
	// of the page keys.
	findingRows int
	drawn       hostsDrawn
}

// hostsDrawn is the Hosts tab drawn for one tool, report, size, cursor
// and scroll: moving the cursor draws one host's findings again, nothing
// more.
type hostsDrawn struct {
	report                *host.Report
	tool                  string
	width, height, cursor int
	offset                int
	lines                 []string
}

// setReport takes a new report.
func (h *hostsTab) setReport(r *host.Report) {
	h.report = r
	h.cursor = max(0, min(h.cursor, len(r.Hosts)-1))
}

// row is tool's row in the report, nil when it has none (yet).
func (h *hostsTab) row(tool string) *host.Row {
	if h.report == nil || tool == "" {
		return nil
	}
	return h.report.Row(tool)
}

// showHosts carries out ShowHosts.
func (s *Screen) showHosts(m ShowHosts) bool {
	if s.openTool(m.Tool) == nil {
		return false
	}
	s.detail.tab = tabHosts
	if r := s.hosts.report; r != nil {
		for i, id := range r.Hosts {
			if id == m.Host {
				s.hosts.cursor = i
			}
		}
	}
	s.detail.offset[tabHosts] = 0
	return true
}

// hostsKey moves the Hosts tab's cursor, and scrolls the findings a
// page (the rows they show) at a time; it reports false for keys it
// leaves to the pane.
func (s *Screen) hostsKey(msg tea.KeyPressMsg) bool {
	dk := s.keys.Detail
	if key.Matches(msg, dk.PageUp, dk.PageDown) {
		page := max(1, s.hosts.findingRows)
		if key.Matches(msg, dk.PageUp) {
			page = -page
		}
		// layoutHosts clamps it to the findings' end.
		s.detail.offset[tabHosts] = max(0, s.detail.offset[tabHosts]+page)
		return true
	}
	n := 0
	if r := s.hosts.report; r != nil {
		n = len(r.Hosts)
	}
	d, ok := s.keys.Hosts.nav().Delta(msg, 1, n)
	if !ok {
		return false
	}
	s.hosts.cursor = max(0, min(n-1, s.hosts.cursor+d))
	s.detail.offset[tabHosts] = 0
	return true
}

// layoutHosts draws the Hosts tab of the shown tool for View when what
// it shows changed.
func (s *Screen) layoutHosts() {
	t := s.detail.tool
	if t == nil || s.detail.tab != tabHosts {
		return
	}
	width, height := s.detailWidth(), s.contentHeight()
	d := &s.hosts.drawn
	want := hostsDrawn{report: s.hosts.report, tool: t.Name, width: width, height: height, cursor: s.hosts.cursor,
		offset: s.detail.offset[tabHosts]}
	if d.lines != nil && d.report == want.report && d.tool == want.tool && d.width == width && d.height == height &&
		d.cursor == want.cursor && d.offset == want.offset {
		return
	}
	want.lines = s.hostsLines(t.Name, width, height)
	want.offset = s.detail.offset[tabHosts]
	*d = want
}

// hostsLines draws the tab: what the verdicts were judged as, a row per
// host in a window around the cursor, a rule, and the selected host's
// findings, scrolled.
func (s *Screen) hostsLines(tool string, width, height int) []string {
	st, h := s.st, &s.hosts
	row := h.row(tool)
	if row == nil {
		return []string{st.Muted.Render("judging the tool for each MCP host…")}
	}
	r := h.report
	lines := []string{render.Clip(st.Muted.Render(render.HostsJudgedAs(r)), width)}
	room := height - 1
	shown := len(r.Hosts)
	if room < shown+6 {
		shown = min(shown, max(3, room/2))
	}
	from := max(0, min(h.cursor-shown/2, len(r.Hosts)-shown))
	// A narrow pane cuts the long names ("VS Code (Copilot agent mode)")
	// to keep room for what was found.
	nameWidth := min(hostNameWidth(r.Hosts), max(8, width/3))
	for i := from; i < from+shown; i++ {
		hh, _ := host.Lookup(r.Hosts[i])
		lines = append(lines, render.HostRow(st, hh.Name, *row.Hosts[hh.ID], nameWidth, width, i == h.cursor))
	}
	lines = append(lines, st.Border.Render(strings.Repeat("─", max(1, width))))
	cell := s.hostCell(tool, row)
	detail := render.HostCellLines(st, cell, width)
	h.findingRows = max(1, height-len(lines))
	off := render.Scroll(s.detail.offset[tabHosts], len(detail), h.findingRows)
	s.detail.offset[tabHosts] = off
	return append(lines, detail[off:]...)
}

// hostCell is the selected host's cell of tool's row.
func (s *Screen) hostCell(tool string, row *host.Row) render.HostCell {
	r := s.hosts.report
	hh, _ := host.Lookup(r.Hosts[s.hosts.cursor])
	name := host.ModelName(hh.ID, r.Server, tool)
	c := render.HostCell{Host: hh, Tool: tool, Cell: *row.Hosts[hh.ID], Name: &name}
	// The payload the host's model receives; a tool the host cannot even
	// name (no server key) shows its findings and name without it.
	if t := s.detail.tool; t != nil {
		if handed, err := host.View(*t, hh.ID, r.Options()); err == nil {
			c.Handed = &handed
		}
	}
	return c
}

// hostNameWidth is the widest host name of ids, so verdicts line up.
func hostNameWidth(ids []host.ID) int {
	w := 0
	for _, id := range ids {
		if hh, ok := host.Lookup(id); ok {
			w = max(w, len([]rune(hh.Name)))
		}
	}
	return w
}

// hostsTabLines is the Hosts tab as drawn by layoutHosts.
func (s *Screen) hostsTabLines(height int) []string {
	lines := s.hosts.drawn.lines
	if lines == nil {
		return []string{s.st.Muted.Render("judging the tool for each MCP host…")}
	}
	return lines[:min(len(lines), height)]
}
