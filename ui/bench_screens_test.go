package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/check/host"
)

// screenBench opens one screen on a fresh model and names what its frame
// shows once open.
type screenBench struct {
	name  string
	open  func(b *testing.B) *Model
	shows string
}

// screenBenches are the workbench's screens at 120×40 over 1,000 tools (a
// log of 1,000 frames, a history of 1,000 calls), each opened by its key.
func screenBenches() []screenBench {
	withTools := func(keys ...string) func(b *testing.B) *Model {
		return func(b *testing.B) *Model {
			m := benchModel(b, manyTools(b, 1000))
			for _, k := range keys {
				m.Update(keyMsg(k))
			}
			return m
		}
	}
	history := func(b *testing.B) *Model {
		m := benchModel(b, manyTools(b, 1000))
		mem := newFakeMemory()
		mem.records = manyRecords(1000)
		m.mem.store = mem
		_, cmd := m.Update(keyMsg("alt+h"))
		// The history's arrival: a message of the screen's package, or the
		// root's historyLoadedMsg in the tree before the screens issue.
		arrived := func(msg tea.Msg) bool {
			t := fmt.Sprintf("%T", msg)
			return strings.HasPrefix(t, "history.") || strings.HasSuffix(t, ".historyLoadedMsg")
		}
		if !runUntil(m, cmd, arrived) {
			b.Fatal("the history never arrived")
		}
		return m
	}
	// The host verdicts arrive as the root's judging command would bring
	// them, then the keys open the screen or the tab.
	withHosts := func(keys ...string) func(b *testing.B) *Model {
		return func(b *testing.B) *Model {
			list := manyTools(b, 1000)
			m := benchModel(b, list)
			server, from := m.hostServer()
			m.Update(hostsJudgedMsg{seq: m.hosts.seq, report: host.Judge(list, host.Options{Server: server, ServerFrom: from})})
			for _, k := range keys {
				m.Update(keyMsg(k))
			}
			return m
		}
	}
	return []screenBench{
		{"tools", withTools(), "Tools 1000"},
		{"hosts", withHosts("alt+w"), "Hosts · 1000 tools"},
		{"hosts tab", withHosts("enter", "alt+8"), "› Claude Code"},
		{"form", withTools("enter"), "▸ tool_00000_search"},
		{"log", func(b *testing.B) *Model { return floodLog(b, 1000) }, "Log · "},
		{"history", history, "1000 calls"},
		{"tasks", withTools("alt+t"), "── Tasks"},
		{"roots", withTools("alt+o"), "Roots: the directories"},
		{"loglevel", withTools("alt+v"), "Log level: the server's"},
		{"help", withTools("?"), "Keys · 1–"},
		{"palette", withTools("ctrl+p"), "Commands · "},
	}
}

// BenchmarkScreenKey: a key press on each screen and the frame drawn after
// it, at 120 columns (target under 2 ms). The key alternates between down
// and up, so each press moves the screen's cursor or scroll and each frame
// is a new one. A screen this tree does not have is skipped, so the same
// benchmark runs on the tree before the screens were packages.
func BenchmarkScreenKey(b *testing.B) {
	for _, sb := range screenBenches() {
		b.Run(sb.name, func(b *testing.B) {
			m := sb.open(b)
			if v := ansi.Strip(m.View().Content); !strings.Contains(v, sb.shows) {
				b.Skipf("no %s screen here: its frame lacks %q:\n%s", sb.name, sb.shows, v)
			}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				k := "down"
				if i%2 == 1 {
					k = "up"
				}
				m.Update(keyMsg(k))
				_ = m.View()
			}
		})
	}
}
