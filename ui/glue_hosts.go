package ui

import (
	"crypto/sha256"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/screen"
	hostsscreen "github.com/toolbench/toolbench/ui/screens/hosts"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// This file ties the host verdicts (check/host) to the screens that show
// them: the tools screen's Hosts tab and the Hosts screen. The root
// judges the server when its tools arrive or change, off the UI
// goroutine, keeps the report keyed by the tool list and the server's
// name, and hands it to both; neither screen judges.

// hostsState is the latest report and what it was judged from.
type hostsState struct {
	// key is the tool list and server name of the report, or of the
	// judging on its way (pending).
	key     [sha256.Size]byte
	pending bool
	report  *host.Report
}

// hostsJudgedMsg brings a report judged off the UI goroutine.
type hostsJudgedMsg struct {
	key    [sha256.Size]byte
	report *host.Report
}

// hostsKey identifies a tool list as the server sent it, under a server
// name: the same list judged under the same name is the same report.
func hostsKey(tools []tool.Tool, server, from string) [sha256.Size]byte {
	h := sha256.New()
	for _, part := range append([]string{server, from}, toolParts(tools)...) {
		var n [8]byte
		for i, l := 0, len(part); i < 8; i, l = i+1, l>>8 {
			n[i] = byte(l)
		}
		h.Write(n[:])
		h.Write([]byte(part))
	}
	var out [sha256.Size]byte
	h.Sum(out[:0])
	return out
}

// toolParts is each tool as the server sent it, or its name when the
// raw object is missing (a tool made in a test).
func toolParts(tools []tool.Tool) []string {
	out := make([]string, len(tools))
	for i, t := range tools {
		out[i] = t.Name + "\x00" + string(t.Raw) + "\x00" + string(t.InputSchema) + "\x00" + string(t.OutputSchema) +
			"\x00" + t.Description
	}
	return out
}

// hostServer is the key the hosts' configs would give this server, and
// where it came from: the config name the person connected with, else
// the name the server reports.
func (m *Model) hostServer() (name, from string) {
	if m.serverName != "" {
		return m.serverName, host.FromConfig
	}
	if n := m.conn.info.Name; n != "" {
		return n, host.FromServer
	}
	return "", ""
}

// judgeHosts judges tools for every host unless the same list under the
// same name was judged already or is being judged.
func (m *Model) judgeHosts(list []tool.Tool) tea.Cmd {
	server, from := m.hostServer()
	k := hostsKey(list, server, from)
	if k == m.hosts.key && (m.hosts.pending || m.hosts.report != nil) {
		return nil
	}
	m.hosts.key, m.hosts.pending = k, true
	o := host.Options{Server: server, ServerFrom: from}
	return func() tea.Msg { return hostsJudgedMsg{key: k, report: host.Judge(list, o)} }
}

// handleHostsJudged keeps the newest report and hands it to the screens
// that show it; a report of a list since replaced is dropped.
func (m *Model) handleHostsJudged(msg hostsJudgedMsg) tea.Cmd {
	if msg.key != m.hosts.key {
		return nil
	}
	m.hosts.pending, m.hosts.report = false, msg.report
	cmd := m.toTools(tools.HostsJudged{Report: msg.report})
	if sc, ok := m.screens.made[hostsscreen.ID]; ok {
		cmd = tea.Batch(cmd, m.apply(sc.Update(hostsscreen.Judged{Report: msg.report})))
	}
	return cmd
}

// newHostsScreen makes the Hosts screen on the latest report.
func (m *Model) newHostsScreen() screen.Screen {
	return hostsscreen.New(hostsscreen.Deps{Styles: m.st, Report: func() *host.Report { return m.hosts.report }})
}

// showToolHosts carries out screen.ToolHosts: the tool's Hosts tab over
// the panes, on the host asked for.
func (m *Model) showToolHosts(a screen.ToolHosts) tea.Cmd {
	if !m.toolNow(a.Tool, "its Hosts tab cannot be shown") {
		return nil
	}
	r := m.tools.Update(tools.ShowHosts{Tool: a.Tool, Host: host.ID(a.Host)})
	if r.Handled {
		m.hideScreens()
	}
	return m.apply(r)
}
