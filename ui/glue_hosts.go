package ui

import (
	"crypto/sha256"
	"encoding/binary"

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
	// seq counts the judgings started; only the newest one's answer is
	// taken, and pending says it is still on its way.
	seq     int
	pending bool
	// key is the tool list and server name report was judged from.
	key    [sha256.Size]byte
	report *host.Report
}

// hostsJudgedMsg brings a judging's answer from off the UI goroutine:
// the report, or same when the list and name were those of the report
// already shown, so that nothing was judged again.
type hostsJudgedMsg struct {
	seq    int
	key    [sha256.Size]byte
	same   bool
	report *host.Report
}

// hostsKey identifies a tool list as the server sent it, under a server
// name: the same list judged under the same name is the same report. It
// streams every part into the hash, length first, copying nothing: a
// list of 10,000 tools is megabytes.
func hostsKey(tools []tool.Tool, server, from string) [sha256.Size]byte {
	h := sha256.New()
	part := func(b []byte) {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	part([]byte(server))
	part([]byte(from))
	for _, t := range tools {
		// Raw is the tool as sent; a tool made in a test has none, so its
		// name and schemas count as well.
		for _, b := range [][]byte{[]byte(t.Name), t.Raw, t.InputSchema, t.OutputSchema, []byte(t.Description)} {
			part(b)
		}
	}
	var out [sha256.Size]byte
	h.Sum(out[:0])
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

// judgeHosts judges tools for every host off the UI goroutine, unless
// the list and name are those of the report already shown. Both the
// comparison's hashing and the judging run in the command: neither may
// hold up the first frame of a long list.
func (m *Model) judgeHosts(list []tool.Tool) tea.Cmd {
	server, from := m.hostServer()
	m.hosts.seq++
	m.hosts.pending = true
	seq, prev, have := m.hosts.seq, m.hosts.key, m.hosts.report != nil
	o := host.Options{Server: server, ServerFrom: from}
	return func() tea.Msg {
		k := hostsKey(list, server, from)
		if have && k == prev {
			return hostsJudgedMsg{seq: seq, key: k, same: true}
		}
		return hostsJudgedMsg{seq: seq, key: k, report: host.Judge(list, o)}
	}
}

// handleHostsJudged keeps the newest judging's report and hands it to the
// screens that show it; an older judging's answer is dropped, and the
// same list's changes nothing.
func (m *Model) handleHostsJudged(msg hostsJudgedMsg) tea.Cmd {
	if msg.seq != m.hosts.seq {
		return nil
	}
	m.hosts.pending = false
	if msg.same {
		return nil
	}
	m.hosts.key, m.hosts.report = msg.key, msg.report
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
