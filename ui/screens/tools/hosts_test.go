package tools

import (
	"os"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/tool"
)

// hostsFixture are tools that make several host verdicts appear.
const hostsFixture = "../../testdata/hosts.tools.json"

// hostsHarness shows the hosts fixture judged as the server "shop".
func hostsHarness(t *testing.T, width, height int) (*harness, *host.Report) {
	t.Helper()
	data, err := os.ReadFile(hostsFixture)
	if err != nil {
		t.Fatal(err)
	}
	tools, err := tool.ParseList(data)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, width, height)
	h.Send(Listed{Tools: tools})
	r := host.Judge(tools, host.Options{Server: "shop", ServerFrom: host.FromConfig})
	h.Send(HostsJudged{Report: r})
	return h, r
}

func TestHostsTabCursor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		tool   string
		keys   []string
		cursor string
		shows  []string
	}{
		{"first host", "pick_shape", nil, "› Claude Code",
			[]string{"Claude Code · pick_shape: hidden", "whole server", "source: anthropics/claude-code#88049 (2026-08-19)",
				`as server "shop" (its config name)`, "name for its model: mcp__shop__pick_shape"}},
		{"down to an unknown", "pick_shape", []string{"down", "down"}, "› ChatGPT",
			[]string{"ChatGPT · pick_shape: unknown", "not known:"}},
		{"up stops at the first", "pick_shape", []string{"down", "up", "up"}, "› Claude Code",
			[]string{"Claude Code · pick_shape: hidden"}},
		{"end, a renamed tool", "archive.search_orders_by_customer_and_date_range", []string{"end"}, "› Continue",
			[]string{"Continue · archive.search_orders_by_customer_and_date_range: rejected",
				"name for its model: shop_archive.search_orders", "REJ name.charset"}},
		{"VS Code sanitises the dot", "archive.search_orders_by_customer_and_date_range",
			[]string{"down", "down", "down", "down"}, "› VS Code",
			[]string{"name for its model: mcp_shop_archive_search_orders", "characters outside [a-z0-9_-] made _"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h, _ := hostsHarness(t, 160, 50)
			h.open(tt.tool)
			h.Key("alt+8")
			h.Key(tt.keys...)
			v := h.View()
			if !strings.Contains(v, "[Hosts]") || !strings.Contains(v, tt.cursor) {
				t.Fatalf("not on the Hosts tab with %q:\n%s", tt.cursor, v)
			}
			for _, want := range tt.shows {
				if !strings.Contains(v, want) {
					t.Errorf("the tab lacks %q:\n%s", want, v)
				}
			}
		})
	}
}

func TestShowHostsOpensTheTabOnTheHost(t *testing.T) {
	t.Parallel()
	h, _ := hostsHarness(t, 160, 50)
	r := h.Send(ShowHosts{Tool: "pick_shape", Host: host.Cline})
	if !r.Handled {
		t.Fatal("ShowHosts of a listed tool was not handled")
	}
	v := h.View()
	if h.s.Shown() != "pick_shape" || h.s.listFocused() || !strings.Contains(v, "› Cline") ||
		!strings.Contains(v, "Cline · pick_shape: hidden") {
		t.Errorf("ShowHosts did not show pick_shape's Hosts tab on Cline:\n%s", v)
	}
	if r := h.Send(ShowHosts{Tool: "no_such_tool", Host: host.Cline}); r.Handled {
		t.Error("ShowHosts of a tool the server lacks was handled")
	}
}

func TestHostsTabBeforeTheReport(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 120, 30)
	h.open("echo")
	h.Key("alt+8", "down", "end")
	if v := h.View(); !strings.Contains(v, "judging the tool for each MCP host") {
		t.Errorf("the tab before any report:\n%s", v)
	}
}

func TestHostsTabPageKeysScrollTheFindings(t *testing.T) {
	t.Parallel()
	h, _ := hostsHarness(t, 100, 26)
	h.open("pick_shape")
	h.Key("alt+8")
	before := h.View()
	h.Key("pgdown")
	after := h.View()
	if before == after || !strings.Contains(after, "› Claude Code") {
		t.Errorf("pgdown did not scroll the findings under the hosts:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// TestHostsTabShowsWhatTheModelReceives: under a host's findings the tab
// shows the tool as that host hands it to its model (host.View): Claude
// Code's payload under input_schema, Codex's changes with their rules.
func TestHostsTabShowsWhatTheModelReceives(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		keys  []string
		shows []string
	}{
		{"claude code", nil, []string{"What its model receives", `"input_schema"`, `"name": "mcp__shop__lookup_order"`}},
		{"codex", []string{"down", "down", "down", "down", "down"}, []string{"What its model receives", `"parameters"`, `"strict": false`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h, _ := hostsHarness(t, 160, 200)
			h.open("lookup_order")
			h.Key("alt+8")
			h.Key(tt.keys...)
			v := h.View()
			for _, want := range tt.shows {
				if !strings.Contains(v, want) {
					t.Errorf("the tab lacks %q:\n%s", want, v)
				}
			}
		})
	}
}
