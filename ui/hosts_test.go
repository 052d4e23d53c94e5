package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/client"
	hostsscreen "github.com/toolbench/toolbench/ui/screens/hosts"
)

// hostsTools are tools that make several host verdicts appear: one that
// works everywhere, one whose inputSchema root is not an object (hidden
// in Claude Code, with the whole server), one with a long dotted name.
const hostsTools = "testdata/hosts.tools.json"

// hostsKeyContexts are the Hosts tab and the Hosts screen, for the test
// that presses every unbound key.
func hostsKeyContexts(detail func(km keyMap) []key.Binding) []keyContext {
	hk := toolKeys.Hosts
	return []keyContext{
		{"Hosts tab", func(km keyMap) []key.Binding {
			return append(detail(km), hk.Up, hk.Down, hk.First, hk.Last)
		}, func(h *harness) {
			// Cline's findings on pick_shape are longer than the rows
			// they get, scrolled a page: every key has work.
			hostsList(h)
			h.selectTool("pick_shape")
			h.key("alt+8", "down", "down", "down", "down", "down", "down", "down", "down", "pgdown")
		}},
		{"Hosts screen", func(km keyMap) []key.Binding {
			return append(everywhere(km.Global), screenBindings(hostsscreen.New(hostsscreen.Deps{}))...)
		}, func(h *harness) {
			hostsList(h)
			h.key("alt+w", "down", "down", "right", "right", "right", "right", "right", "right", "right", "right", "alt+j")
		}},
	}
}

// hostsList makes the server list the hosts fixture's tools instead.
func hostsList(h *harness) {
	h.t.Helper()
	s := h.m.conn.sess.(*fakeSession)
	s.mu.Lock()
	s.tools = newFakeSession(h.t, hostsTools).tools
	s.mu.Unlock()
	h.update(toolsLoadedMsg{gen: h.m.conn.gen, tools: s.tools})
}

// openHostsHarness connects to the hosts fixture at width×height.
func openHostsHarness(t *testing.T, width, height int) *harness {
	t.Helper()
	h := newHarness(t, newFakeSession(t, hostsTools))
	h.resize(width, height)
	if h.m.hosts.report == nil {
		t.Fatal("the tools arrived but were never judged for their hosts")
	}
	return h
}

func TestHostsJudgedUnderTheServersName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		serverName string
		want, from string
	}{
		{"the name the server reports", "", "fake-server", "server"},
		{"the config name given", "shop", "shop", "config"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, hostsTools)
			connect := func(context.Context, func(client.Event), client.Answerer) (Session, error) { return s, nil }
			h := startHarness(t, connect, Options{Target: "fake", ServerName: tt.serverName, Styles: plainStyles()},
				120, 30)
			r := h.m.hosts.report
			if r == nil {
				t.Fatal("no report")
			}
			if r.Server != tt.want || r.ServerFrom != tt.from {
				t.Errorf("judged as %q from %q, want %q from %q", r.Server, r.ServerFrom, tt.want, tt.from)
			}
			if c := r.Cell("pick_shape", host.ClaudeCode); c == nil || c.Verdict != host.Hidden {
				t.Errorf("pick_shape in Claude Code: %+v, want hidden", c)
			}
		})
	}
}

func TestHostsJudgedOncePerList(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, hostsTools)
	h := newHarness(t, s)
	first := h.m.hosts.report
	if first == nil {
		t.Fatal("no report")
	}
	msg, ok := h.m.judgeHosts(s.tools, nil)().(hostsJudgedMsg)
	if !ok || !msg.same || msg.report != nil {
		t.Errorf("the same list under the same name is judged again: %+v", msg)
	}
	h.m.Update(msg)
	if h.m.hosts.report != first || h.m.hosts.pending {
		t.Error("the same list's answer replaced the report or left a judging pending")
	}
	h.m.conn.info.Name = "renamed"
	renamed := h.m.judgeHosts(s.tools, nil)
	if h.m.hosts.report != first {
		t.Error("starting a judging replaced the report before it arrived")
	}
	stale := h.m.judgeHosts(s.tools, nil)
	older := renamed().(hostsJudgedMsg)
	if older.same || older.report == nil {
		t.Errorf("a new server name does not judge the list again: %+v", older)
	}
	h.m.Update(older)
	if h.m.hosts.report != first {
		t.Error("an older judging's answer was taken after a newer one started")
	}
	h.m.Update(stale().(hostsJudgedMsg))
	if r := h.m.hosts.report; r == first || r.Server != "renamed" {
		t.Errorf("the newest judging's report was not taken: %+v", r)
	}
}

func TestHostsScreenFromThePaletteAndEnterOpensTheTab(t *testing.T) {
	t.Parallel()
	h := openHostsHarness(t, 120, 30)
	h.key("ctrl+p")
	h.typeText("where each tool works")
	h.key("enter")
	if !h.m.shows(hostsscreen.ID) {
		t.Fatalf("the palette did not open the Hosts screen:\n%s", h.view())
	}
	v := h.view()
	if !strings.Contains(v, "CC  CD  GPT") || !strings.Contains(v, "(server)") {
		t.Fatalf("the Hosts screen shows no matrix:\n%s", v)
	}
	h.key("down", "down", "right", "right")
	if v := h.view(); !strings.Contains(v, "ChatGPT · pick_shape: unknown") {
		t.Fatalf("the selected cell's findings are not shown:\n%s", v)
	}
	h.key("enter")
	if h.m.stack.Len() != 0 || h.m.tab() != "Hosts" {
		t.Fatalf("enter did not show the tool's Hosts tab (tab %q):\n%s", h.m.tab(), h.view())
	}
	v = h.view()
	if !strings.Contains(v, "› ChatGPT") || !strings.Contains(v, "ChatGPT · pick_shape: unknown") {
		t.Errorf("the Hosts tab is not on ChatGPT for pick_shape:\n%s", v)
	}
}

func TestHostsScreenRowTabAndChordFreeKey(t *testing.T) {
	t.Parallel()
	h := openHostsHarness(t, 160, 30)
	if head := strings.Split(h.view(), "\n")[0]; !strings.Contains(head, "W Hosts") {
		t.Errorf("the screen row lacks the Hosts tab: %q", head)
	}
	h.key("W")
	if !h.m.shows(hostsscreen.ID) {
		t.Fatalf("W did not open the Hosts screen:\n%s", h.view())
	}
	h.key("esc")
	if h.m.stack.Len() != 0 {
		t.Errorf("esc did not close the Hosts screen")
	}
}

func TestHostsTabCursorAndFindings(t *testing.T) {
	t.Parallel()
	h := openHostsHarness(t, 120, 40)
	h.selectTool("pick_shape")
	h.key("alt+8")
	v := h.view()
	for _, want := range []string{"[Hosts]", "› Claude Code", "hidden", "Claude Code · pick_shape: hidden",
		"schema.input.root-not-object", "source: anthropics/claude-code#88049", "name for its model: mcp__fake-server__pick_shape"} {
		if !strings.Contains(v, want) {
			t.Errorf("the Hosts tab lacks %q:\n%s", want, v)
		}
	}
	h.key("down", "down")
	v = h.view()
	if !strings.Contains(v, "› ChatGPT") || !strings.Contains(v, "not known:") {
		t.Errorf("down did not select ChatGPT and its unknown finding:\n%s", v)
	}
	h.key("G")
	if v := h.view(); !strings.Contains(v, "› Continue") || !strings.Contains(v, "fake_server_pick_shape") {
		t.Errorf("end did not select Continue and its name for the model:\n%s", v)
	}
}

func TestGoldenHostsTab(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 30}, {120, 30}} {
		t.Run(fmt.Sprint(size[0]), func(t *testing.T) {
			t.Parallel()
			h := openHostsHarness(t, size[0], size[1])
			h.selectTool("pick_shape")
			h.key("alt+8")
			golden.RequireEqual(t, []byte(h.view()))
		})
	}
}

func TestGoldenHostsScreen(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 30}, {120, 30}} {
		t.Run(fmt.Sprint(size[0]), func(t *testing.T) {
			t.Parallel()
			h := openHostsHarness(t, size[0], size[1])
			h.key("W", "down", "down")
			golden.RequireEqual(t, []byte(h.view()))
		})
	}
}

// TestHostsScreenClickSelectsACell: a click on a cell of the matrix, at
// the place the frame draws it, selects that tool and host; a second
// click on it opens the tool's Hosts tab.
func TestHostsScreenClickSelectsACell(t *testing.T) {
	t.Parallel()
	h := openHostsHarness(t, 120, 30)
	h.key("W")
	lines := strings.Split(h.view(), "\n")
	x, y := -1, -1
	for i, l := range lines {
		if c := strings.Index(l, " GPT "); c >= 0 && x < 0 {
			x = len([]rune(l[:c])) + 1
		}
		if strings.Contains(l, "  pick_shape ") {
			y = i
		}
	}
	if x < 0 || y < 0 {
		t.Fatalf("no GPT column or pick_shape row:\n%s", h.view())
	}
	h.update(tea.MouseClickMsg{Button: tea.MouseLeft, X: x, Y: y})
	if v := h.view(); !strings.Contains(v, "› pick_shape") || !strings.Contains(v, "ChatGPT · pick_shape: unknown") {
		t.Fatalf("the click did not select pick_shape in ChatGPT:\n%s", v)
	}
	h.update(tea.MouseClickMsg{Button: tea.MouseLeft, X: x, Y: y})
	if h.m.stack.Len() != 0 || h.m.tab() != "Hosts" || !strings.Contains(h.view(), "› ChatGPT") {
		t.Errorf("the second click did not open the Hosts tab on ChatGPT:\n%s", h.view())
	}
}
