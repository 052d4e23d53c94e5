package ui

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/toolbench/toolbench/snapshot"
)

// handReport is a report with a breaking and two other changes, one a
// changed description.
func handReport() *snapshot.Report {
	return &snapshot.Report{Breaking: 1, NonBreaking: 2, Groups: []snapshot.Group{
		{Kind: snapshot.KindTool, Name: "weather_ok", Changes: []snapshot.Change{
			{Severity: snapshot.Breaking, Rule: "required-added", Pointer: "/inputSchema/required/2",
				New: json.RawMessage(`"country"`), Summary: "country is now required"},
			{Severity: snapshot.NonBreaking, Rule: "description-changed", Pointer: "/description",
				Old: json.RawMessage(`"Weather for a city."`), New: json.RawMessage(`"Current weather for a city."`),
				Summary: "the description changed",
				Text:    []snapshot.Edit{{Op: "+", Text: "Current"}, {Op: "=", Text: " "}, {Op: "-", Text: "Weather"}, {Op: "+", Text: "weather"}, {Op: "=", Text: " for a city."}}},
		}},
		{Kind: snapshot.KindTool, Name: "echo_twice", Changes: []snapshot.Change{
			{Severity: snapshot.NonBreaking, Rule: "tool-added", Pointer: "", Summary: "a tool was added"},
		}},
	}}
}

// reports hands out the reports in turn and remembers what it compared.
type reports struct {
	mu   sync.Mutex
	next []*snapshot.Report
	old  []*snapshot.Snapshot
}

func (r *reports) diff(old, _ *snapshot.Snapshot) (*snapshot.Report, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.old = append(r.old, old)
	if len(r.next) == 0 {
		return &snapshot.Report{}, nil
	}
	out := r.next[0]
	r.next = r.next[1:]
	return out, nil
}

func TestDiffBannerAndScreen(t *testing.T) {
	t.Parallel()
	mem := newFakeMemory()
	mem.snap = &snapshot.Snapshot{Format: snapshot.Format, Tools: json.RawMessage(`[]`)}
	r := &reports{next: []*snapshot.Report{handReport()}}
	h := newMemoryHarness(t, newFakeSession(t, fixtureTools), mem, 120, 30, r.diff)
	lines := strings.Split(h.view(), "\n")
	if !strings.Contains(lines[1], "since last time: 1 breaking, 2 other changes · alt+c shows them") {
		t.Fatalf("the banner should sit under the header:\n%s", h.view())
	}
	if len(lines) != 30 || h.m.bodyHeight() != 27 {
		t.Errorf("the banner takes a row from the body: %d rows, the detail pane %d high", len(lines), h.m.bodyHeight())
	}
	if len(mem.saved) != 1 || !json.Valid(mem.saved[0].Tools) || !strings.Contains(string(mem.saved[0].Tools), `"weather_ok"`) ||
		mem.saved[0].Server.Name != "fake-server" || mem.saved[0].ProtocolVersion != "2025-11-25" {
		t.Errorf("the current tools should be kept as the next snapshot: %+v", mem.saved)
	}
	h.key("alt+c")
	v := h.view()
	for _, want := range []string{"Changes since last time 1 breaking · 2 other", "tool weather_ok",
		"breaking required-added /inputSchema/required/2", "country is now required", `— → "country"`,
		"{+Current+} [-Weather-]{+weather+} for a city.", "tool echo_twice", "other    tool-added"} {
		if !strings.Contains(v, want) {
			t.Errorf("the diff screen lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "since last time:") || h.m.bodyHeight() != 28 {
		t.Errorf("opening the diff retires the banner and gives the row back (detail %d high):\n%s", h.m.bodyHeight(), v)
	}
	h.key("esc")
	// A reconnect compares with the snapshot this run kept: nothing
	// changed, no banner again.
	h.key("alt+r")
	if v := h.view(); strings.Contains(v, "since last time:") {
		t.Errorf("a reconnect with no change should not banner:\n%s", v)
	}
	if len(r.old) != 2 || r.old[1] != mem.saved[0] {
		t.Errorf("the reconnect should compare with the snapshot kept at the first connect")
	}
}

func TestDiffFirstContactNoBanner(t *testing.T) {
	t.Parallel()
	mem := newFakeMemory()
	r := &reports{next: []*snapshot.Report{handReport()}}
	h := newMemoryHarness(t, newFakeSession(t, fixtureTools), mem, 120, 30, r.diff)
	if v := h.view(); strings.Contains(v, "since last time") {
		t.Errorf("a first contact has nothing to compare:\n%s", v)
	}
	if len(r.old) != 0 || len(mem.saved) != 1 {
		t.Errorf("compared %d times, saved %d snapshots", len(r.old), len(mem.saved))
	}
}

// TestDiffOncePerConnection: a list_changed reload within a connection
// does not compare again.
func TestDiffOncePerConnection(t *testing.T) {
	t.Parallel()
	mem := newFakeMemory()
	s := newFakeSession(t, fixtureTools)
	h := newMemoryHarness(t, s, mem, 120, 30, (&reports{}).diff)
	h.update(toolsLoadedMsg{gen: h.m.conn.gen, tools: s.tools})
	mem.mu.Lock()
	n := mem.lastSnapshotCalls
	mem.mu.Unlock()
	if n != 1 {
		t.Errorf("LastSnapshot read %d times in one connection", n)
	}
}
