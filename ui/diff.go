package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/snapshot"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/recall"
	"github.com/toolbench/toolbench/ui/render"
)

// diffState is what changed in the server's interface since the snapshot
// kept at the last connect: the report, and whether its banner shows.
// The changes screen (ui/screens/changes) shows the report.
type diffState struct {
	// compare is snapshot.Diff; tests give a hand-made report instead.
	compare func(old, new *snapshot.Snapshot) (*snapshot.Report, error)
	// gen is the connection whose tools were last compared: each
	// connection compares once, on its first listing.
	gen    int
	report *snapshot.Report
	banner bool
}

// diffDoneMsg brings the comparison with the last snapshot; first is set
// when there was none (no banner on a first contact).
type diffDoneMsg struct {
	memReply
	report *snapshot.Report
	first  bool
	err    error
}

// compareTools compares the tools of a new connection with the last
// snapshot and keeps them as the next one, in a command; once per
// connection, and never without a store.
func (m *Model) compareTools(tools []tool.Tool) tea.Cmd {
	d := &m.mem.diff
	if m.mem.store == nil || d.gen == m.conn.gen {
		return nil
	}
	d.gen = m.conn.gen
	cur, store, compare := recall.Snapshot(tools, m.conn.info, m.now()), m.mem.store, d.compare
	return m.memCmd(func() tea.Msg {
		last, err := store.LastSnapshot()
		if err != nil {
			return diffDoneMsg{err: fmt.Errorf("read the last snapshot: %w", err)}
		}
		var report *snapshot.Report
		if last != nil {
			if report, err = compare(last, cur); err != nil {
				return diffDoneMsg{err: fmt.Errorf("compare with the last snapshot: %w", err)}
			}
		}
		if err := store.SaveSnapshot(cur); err != nil {
			return diffDoneMsg{report: report, first: last == nil, err: fmt.Errorf("keep the snapshot: %w", err)}
		}
		return diffDoneMsg{report: report, first: last == nil}
	})
}

// handleDiffDone shows the banner when something changed. A comparison
// that finds nothing leaves an earlier report be: a reconnect compares
// with the snapshot this run saved, and must not take the news away.
func (m *Model) handleDiffDone(msg diffDoneMsg) {
	if msg.err != nil {
		m.setStatus(levelError, "since last time: "+msg.err.Error())
	}
	if msg.first || msg.report.Empty() {
		return
	}
	m.showChanges(msg.report)
}

// bannerChanged lays the panes out again for the body the banner leaves.
func (m *Model) bannerChanged() {
	m.handleResize(tea.WindowSizeMsg{Width: m.width, Height: m.height})
}

// bannerRows is 1 while the banner shows, under the header.
func (m *Model) bannerRows() int {
	if m.mem.diff.banner {
		return 1
	}
	return 0
}

// bannerLine is the banner: how many changes, and the key that shows them.
func (m *Model) bannerLine() string {
	r := m.mem.diff.report
	text := fmt.Sprintf("since last time: %d breaking, %d other changes · %s shows them", r.Breaking, r.NonBreaking,
		m.keys.Mem.Memory.Diff.Help().Key)
	style := m.st.WarnBanner
	if r.Breaking == 0 {
		style = m.st.Accent
	}
	return style.Render(text)
}

// withBanner puts the banner under the header while it shows.
func (m *Model) withBanner(lines []string) []string {
	if m.bannerRows() == 0 {
		return lines
	}
	return append([]string{lines[0], render.Clip(m.bannerLine(), m.width)}, lines[1:]...)
}
