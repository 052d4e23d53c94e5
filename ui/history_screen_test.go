package ui

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/history"
	historyscreen "github.com/toolbench/toolbench/ui/screens/history"
	"github.com/toolbench/toolbench/ui/screens/roots"
)

// historyClock is the tests' now; the records are minutes before it.
var historyClock = time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)

// rec is a record of tool called with args, min minutes before the clock.
func rec(tool, args string, min int) history.Record {
	return history.Record{V: history.RecordVersion, Time: historyClock.Add(-time.Duration(min) * time.Minute), Tool: tool,
		Arguments: json.RawMessage(args), Result: json.RawMessage(`{"content":[{"type":"text","text":"done"}]}`),
		DurationMs: 12, Output: &history.Output{Valid: true}}
}

// historyHarness opens the history screen over the records, oldest first.
func historyHarness(t *testing.T, records ...history.Record) (*harness, *fakeSession, *fakeMemory) {
	t.Helper()
	mem := newFakeMemory()
	mem.records = records
	s := newFakeSession(t, fixtureTools)
	h := newMemoryHarness(t, s, mem, 120, 30, nil)
	h.m.now = func() time.Time { return historyClock }
	h.key("alt+h")
	return h, s, mem
}

func TestHistoryRerun(t *testing.T) {
	t.Parallel()
	h, s, mem := historyHarness(t, rec("echo", `{"message":"again"}`, 1))
	h.key("enter")
	if calls := s.callLog(); len(calls) != 1 || calls[0] != `echo {"message":"again"}` {
		t.Errorf("calls = %q", calls)
	}
	if onTop(h.m) != "" || h.m.tools.Shown() == "" || h.m.tools.Shown() != "echo" || h.m.tab() != "Result" {
		t.Errorf("the re-run should show echo's Result tab:\n%s", h.view())
	}
	if recs := mem.recorded(); len(recs) != 2 {
		t.Errorf("the re-run should be recorded too: %d records", len(recs))
	}
}

func TestHistoryEditLoadsTheForm(t *testing.T) {
	t.Parallel()
	h, s, _ := historyHarness(t, rec("weather_ok", `{"city":"Bergen","unit":"celsius"}`, 1))
	h.key("e")
	if got := h.m.formArgs(); got != `{"city":"Bergen","unit":"celsius"}` {
		t.Errorf("the form holds %s", got)
	}
	if h.m.tab() != "Form" || h.m.listFocused() || len(s.callLog()) != 0 {
		t.Errorf("edit should show the form without calling:\n%s", h.view())
	}
	if v := h.view(); !strings.Contains(v, "Bergen") {
		t.Errorf("the form should show the loaded value:\n%s", v)
	}
}

func TestHistoryToolGone(t *testing.T) {
	t.Parallel()
	for _, k := range []string{"enter", "e"} {
		t.Run(k, func(t *testing.T) {
			t.Parallel()
			h, s, _ := historyHarness(t, rec("retired_tool", `{}`, 1))
			h.key(k)
			if v := h.view(); !strings.Contains(v, "the server has no tool retired_tool now") || onTop(h.m) != historyscreen.ID {
				t.Errorf("a tool the server no longer has is an error, and the screen stays:\n%s", v)
			}
			if len(s.callLog()) != 0 {
				t.Errorf("calls = %v", s.callLog())
			}
		})
	}
}

func TestHistoryWarningsShownOnce(t *testing.T) {
	t.Parallel()
	mem := newFakeMemory()
	mem.records = []history.Record{rec("echo", `{}`, 1)}
	mem.warnings = []history.Warning{{File: "calls.jsonl", Line: 7, Problem: "torn line"}, {File: "calls.jsonl", Line: 9, Problem: "not JSON"}}
	h := newMemoryHarness(t, newFakeSession(t, fixtureTools), mem, 120, 30, nil)
	h.key("alt+h")
	if v := h.view(); !strings.Contains(v, "history: calls.jsonl:7: skipped: torn line (and 1 more lines)") {
		t.Errorf("the warnings should be said:\n%s", v)
	}
	h.m.setStatus(levelInfo, "")
	h.key("alt+h", "alt+h")
	if v := h.view(); strings.Contains(v, "skipped") {
		t.Errorf("the warnings are said once:\n%s", v)
	}
}

// TestHistoryLoading: until the history arrives the screen says so.
func TestHistoryLoading(t *testing.T) {
	t.Parallel()
	h := newMemoryHarness(t, newFakeSession(t, fixtureTools), newFakeMemory(), 120, 30, nil)
	h.feed(keyMsg("alt+h"))
	if v := h.view(); !strings.Contains(v, "loading…") {
		t.Errorf("the screen should say loading:\n%s", v)
	}
	h.settle()
	if v := h.view(); !strings.Contains(v, "no calls of this server are recorded yet") {
		t.Errorf("an empty history says so:\n%s", v)
	}
}

// TestHistoryOpensAToolTheFilterHides: a tool list filtered to other
// tools, its filter still being typed, gives way to the recorded tool.
func TestHistoryOpensAToolTheFilterHides(t *testing.T) {
	t.Parallel()
	mem := newFakeMemory()
	mem.records = []history.Record{rec("echo", `{"message":"again"}`, 1)}
	h := newMemoryHarness(t, newFakeSession(t, fixtureTools), mem, 120, 30, nil)
	h.key("/")
	h.typeText("weath")
	h.key("alt+h", "e")
	if h.m.toolFilter() != "" || h.m.tools.Shown() == "" || h.m.tools.Shown() != "echo" || h.m.listFocused() {
		t.Errorf("echo should be open in its form, the filter done:\n%s", h.view())
	}
	if got := h.m.formArgs(); got != `{"message":"again"}` {
		t.Errorf("the form holds %s", got)
	}
}

// TestRootsOverHistory: the roots picker opened over the history screen
// takes the keys and the hints, as it does over the other screens.
func TestRootsOverHistory(t *testing.T) {
	t.Parallel()
	h, _, _ := historyHarness(t, rec("echo", `{}`, 2), rec("echo", `{}`, 1))
	h.key("alt+o")
	h.key("down")
	if !h.m.shows(roots.ID) || onTop(h.m) == historyscreen.ID {
		t.Errorf("the roots screen should take the keys over the history:\n%s", h.view())
	}
	lines := strings.Split(h.view(), "\n")
	if hints := lines[len(lines)-1]; strings.Contains(hints, "re-run") {
		t.Errorf("the roots screen shows the history's hints: %s", hints)
	}
}

// TestHistoryFilterShowsItsPlaceholder: through the workbench, the
// history's filter line shows its whole placeholder and the screen takes
// the body's width as it is made (a text input without a width shows one
// letter of its placeholder, which reads like a typed character).
func TestHistoryFilterShowsItsPlaceholder(t *testing.T) {
	t.Parallel()
	h, _, _ := historyHarness(t, rec("echo", `{}`, 1))
	h.key("/")
	lines := strings.Split(h.view(), "\n")
	if !strings.Contains(lines[2], "/part of a tool's name") {
		t.Errorf("the filter line should show its whole placeholder:\n%s", h.view())
	}
	if rule := strings.Repeat("─", 120); !strings.Contains(h.view(), rule) {
		t.Errorf("the screen should be as wide as the body (120):\n%s", h.view())
	}
}
