package ui

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/client"
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
// already shown, so that nothing was judged again. othersErr is why the
// resources' and prompts' lists could not be judged, when they could not.
type hostsJudgedMsg struct {
	seq       int
	key       [sha256.Size]byte
	same      bool
	report    *host.Report
	othersErr error
}

// hostsInput is what a judging judges: the tool list and the tools/list
// pages it came in, the server's key and what the server said of itself.
type hostsInput struct {
	tools        []tool.Tool
	pages        []json.RawMessage
	server, from string
	info         client.ServerInfo
}

// hostsKey identifies a judging's input: the same list, pages, name and
// instructions on the same protocol are the same report. It streams
// every part into the hash, length first, copying nothing: a list of
// 10,000 tools is megabytes.
func hostsKey(in hostsInput) [sha256.Size]byte {
	h := sha256.New()
	part := func(b []byte) {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	for _, s := range []string{in.server, in.from, in.info.ProtocolVersion, in.info.Instructions} {
		part([]byte(s))
	}
	for _, pg := range in.pages {
		part(pg)
	}
	for _, t := range in.tools {
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

// judgeHosts judges the server for every host off the UI goroutine, as
// toolbench hosts judges a live target: the tools, then what the server
// answered to its list requests (the tools/list pages the tools came in,
// the resources' and prompts' lists it declares, its instructions, on its
// era). Nothing is judged when the input is that of the report already
// shown. The hashing, the listing and the judging all run in the
// command: none may hold up the first frame of a long list.
func (m *Model) judgeHosts(list []tool.Tool, pages []json.RawMessage) tea.Cmd {
	in := hostsInput{tools: list, pages: pages, info: m.conn.info}
	in.server, in.from = m.hostServer()
	m.hosts.seq++
	m.hosts.pending = true
	seq, prev, have := m.hosts.seq, m.hosts.key, m.hosts.report != nil
	sess := m.conn.sess
	return func() tea.Msg {
		k := hostsKey(in)
		if have && k == prev {
			return hostsJudgedMsg{seq: seq, key: k, same: true}
		}
		r := host.Judge(in.tools, host.Options{Server: in.server, ServerFrom: in.from})
		if sess == nil {
			return hostsJudgedMsg{seq: seq, key: k, report: r}
		}
		ls, err := liveLists(sess, in)
		r.AddLists(ls)
		return hostsJudgedMsg{seq: seq, key: k, report: r, othersErr: err}
	}
}

// liveLists is what the list rules judge: the tools/list pages, then the
// other lists' pages, fetched now as a host fetches them on connecting.
// When those cannot be listed, the tools' pages are judged alone and the
// error says why.
func liveLists(sess Session, in hostsInput) (host.Lists, error) {
	ls := host.Lists{Era: in.info.Era, ProtocolVersion: in.info.ProtocolVersion, Instructions: in.info.Instructions}
	for i, raw := range in.pages {
		ls.Pages = append(ls.Pages, host.ListPage{Method: "tools/list", Page: i + 1, Raw: raw})
	}
	others, err := sess.ListOtherPages(background)
	for _, p := range others {
		ls.Pages = append(ls.Pages, host.ListPage{Method: p.Method, Page: p.Page, Raw: p.Raw})
	}
	return ls, err
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
	if msg.othersErr != nil {
		m.log.Add(m.now(), "toolbench", "warning", "host verdicts: the resources' and prompts' lists were not judged: "+msg.othersErr.Error())
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
