package ui

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/history"
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

// rowsOf are the history rows shown, by tool name, in order.
func rowsOf(h *harness) []string {
	var tools []string
	for _, i := range h.m.mem.history.matches {
		tools = append(tools, h.m.mem.history.records[i].Tool)
	}
	return tools
}

func TestHistoryScreenNewestFirst(t *testing.T) {
	t.Parallel()
	failed := rec("fail", `{"reason":"r"}`, 1)
	failed.Result, failed.Error, failed.Output = nil, "the server answered -32603: boom", nil
	h, _, _ := historyHarness(t, rec("echo", `{"message":"first"}`, 30), rec("weather_ok", `{"city":"Oslo"}`, 20), failed)
	v := h.view()
	for _, want := range []string{"History 3 calls", "17:59:00     fail", "failed", "17:40:00     weather_ok", "ok",
		`{"city":"Oslo"}`, "12ms", "Arguments", "the server answered -32603: boom"} {
		if !strings.Contains(v, want) {
			t.Errorf("the screen lacks %q:\n%s", want, v)
		}
	}
	if got := strings.Join(rowsOf(h), " "); got != "fail weather_ok echo" {
		t.Errorf("rows %s, want newest first", got)
	}
	h.key("down")
	if v := h.view(); !strings.Contains(v, `"city": "Oslo"`) {
		t.Errorf("the detail should show the selected call's arguments, pretty:\n%s", v)
	}
}

func TestHistoryFilterIsFreshEachTime(t *testing.T) {
	t.Parallel()
	h, _, _ := historyHarness(t, rec("echo", `{}`, 3), rec("weather_ok", `{}`, 2), rec("weather_broken", `{}`, 1))
	h.key("/")
	h.typeText("weather")
	h.key("enter")
	if got := strings.Join(rowsOf(h), " "); got != "weather_broken weather_ok" {
		t.Errorf("filtered rows %s", got)
	}
	if v := h.view(); !strings.Contains(v, "2 matches") {
		t.Errorf("the heading should count the matches:\n%s", v)
	}
	h.key("/")
	if got := h.m.mem.history.filter.Value(); got != "" || len(rowsOf(h)) != 3 {
		t.Errorf("a new / should start an empty filter, got %q and %d rows", got, len(rowsOf(h)))
	}
	h.typeText("ECHO")
	h.key("esc")
	if len(rowsOf(h)) != 3 {
		t.Errorf("esc clears the filter: %v", rowsOf(h))
	}
}

func TestHistoryRerun(t *testing.T) {
	t.Parallel()
	h, s, mem := historyHarness(t, rec("echo", `{"message":"again"}`, 1))
	h.key("enter")
	if calls := s.callLog(); len(calls) != 1 || calls[0] != `echo {"message":"again"}` {
		t.Errorf("calls = %q", calls)
	}
	if h.m.mem.history.shown || h.m.detail.tool == nil || h.m.detail.tool.Name != "echo" || h.m.detail.tab != tabResult {
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
	if got := string(h.m.detail.editor().form.JSON()); got != `{"city":"Bergen","unit":"celsius"}` {
		t.Errorf("the form holds %s", got)
	}
	if h.m.detail.tab != tabForm || h.m.focus != focusDetail || len(s.callLog()) != 0 {
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
			if v := h.view(); !strings.Contains(v, "the server has no tool retired_tool now") || !h.m.mem.history.shown {
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
	if h.m.list.Filtering() || h.m.detail.tool == nil || h.m.detail.tool.Name != "echo" || h.m.focus != focusDetail {
		t.Errorf("echo should be open in its form, the filter done:\n%s", h.view())
	}
	if got := string(h.m.detail.editor().form.JSON()); got != `{"message":"again"}` {
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
	if h.m.mem.history.cursor != 0 || !h.m.showRoots {
		t.Errorf("a key on the roots screen moved the history's cursor to %d", h.m.mem.history.cursor)
	}
	lines := strings.Split(h.view(), "\n")
	if hints := lines[len(lines)-1]; strings.Contains(hints, "re-run") {
		t.Errorf("the roots screen shows the history's hints: %s", hints)
	}
}
