package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/history"
)

// TestCallsAreRecorded calls tools that end every way a call can, and
// checks the record each one leaves in the history.
func TestCallsAreRecorded(t *testing.T) {
	t.Parallel()
	clock := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
	cases := []struct {
		name, tool, args string
		result           string
		err              error
		want             history.Record
	}{
		{name: "valid output", tool: "weather_ok", args: `{"city":"Oslo"}`,
			result: `{"content":[{"type":"text","text":"ok"}],"structuredContent":{"city":"Oslo","temperature":21,"unit":"celsius"}}`,
			want:   history.Record{Output: &history.Output{Checked: true, Valid: true}}},
		{name: "output breaks the schema", tool: "weather_ok", args: `{"city":"Oslo"}`,
			result: `{"content":[{"type":"text","text":"ok"}],"structuredContent":{"city":"Oslo","temperature":"warm","unit":"celsius"}}`,
			want:   history.Record{Output: &history.Output{Checked: true, Valid: false}}},
		{name: "isError result", tool: "echo", args: `{"message":"x"}`,
			result: `{"content":[{"type":"text","text":"no"}],"isError":true}`,
			want:   history.Record{IsError: true, Output: &history.Output{Valid: true}}},
		{name: "failed call", tool: "fail", args: `{"reason":"r"}`,
			err:  &client.RPCError{Method: "tools/call", Code: -32603, Message: "boom"},
			want: history.Record{Error: "boom"}},
		// esc during a call: recorded as cancelled, not as a failure.
		{name: "cancelled call", tool: "echo", args: `{"message":"x"}`,
			err:  fmt.Errorf("call echo: %w", client.ErrCancelled),
			want: history.Record{Error: "cancelled", Cancelled: true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			s.info.Era = "legacy"
			s.call = func(context.Context, string, []byte, func(client.ProgressEvent)) (*client.CallResult, error) {
				if c.err != nil {
					return nil, c.err
				}
				r, err := client.ParseCallResult(json.RawMessage(c.result))
				if r != nil {
					r.Duration = 42 * time.Millisecond
				}
				return r, err
			}
			mem := newFakeMemory()
			h := newMemoryHarness(t, s, mem, 120, 30, nil)
			h.m.now = func() time.Time { return clock }
			h.selectTool(c.tool)
			h.loadArgs(c.args)
			h.key("ctrl+s")
			recs := mem.recorded()
			if len(recs) != 1 {
				t.Fatalf("%d records, want 1:\n%s", len(recs), h.view())
			}
			want := c.want
			want.Tool, want.Arguments, want.Time, want.Result = c.tool, json.RawMessage(c.args), clock, json.RawMessage(c.result)
			checkRecord(t, recs[0], want, c.err != nil)
		})
	}
}

// checkRecord compares a call's record with want; a failed call has no
// result, and its duration is the clock's (which stands still).
func checkRecord(t *testing.T, r, want history.Record, failed bool) {
	t.Helper()
	if r.V != history.RecordVersion || r.Tool != want.Tool || string(r.Arguments) != string(want.Arguments) ||
		!r.Time.Equal(want.Time) || r.From != "tui" || r.Era != "legacy" || r.ProtocolVersion != "2025-11-25" ||
		r.Server.Reported != "fake-server" || r.Server.Version != "1.2.3" {
		t.Errorf("record = %+v", r)
	}
	if r.Cancelled != want.Cancelled || r.Outcome() != want.Outcome() {
		t.Errorf("outcome %q (cancelled %v), want %q", r.Outcome(), r.Cancelled, want.Outcome())
	}
	if r.IsError != want.IsError || failed != (r.Error != "") || !strings.Contains(r.Error, want.Error) {
		t.Errorf("isError %v, error %q; want %v, %q", r.IsError, r.Error, want.IsError, want.Error)
	}
	if !failed && (string(r.Result) != string(want.Result) || r.DurationMs != 42) {
		t.Errorf("result %s in %d ms", r.Result, r.DurationMs)
	}
	if failed && r.Result != nil {
		t.Errorf("a failed call has no result: %s", r.Result)
	}
	checkOutput(t, r.Output, want.Output)
}

func checkOutput(t *testing.T, got, want *history.Output) {
	t.Helper()
	switch {
	case want == nil && got != nil:
		t.Errorf("output = %+v, want none", got)
	case want == nil:
	case got == nil:
		t.Errorf("no output verdict, want %+v", want)
	case got.Checked != want.Checked || got.Valid != want.Valid || (!want.Valid) != (len(got.Errors) > 0):
		t.Errorf("output = %+v, want %+v", got, want)
	case !want.Valid && !strings.HasPrefix(got.Errors[0], "/temperature: "):
		t.Errorf("violation %q lacks its pointer", got.Errors[0])
	}
}

// TestRecordFailureWarnsOnce: a history that cannot be written is said on
// the status line once; the call's result and the form stay.
func TestRecordFailureWarnsOnce(t *testing.T) {
	t.Parallel()
	mem := newFakeMemory()
	mem.failRecord = errors.New("disk full")
	h := newMemoryHarness(t, newFakeSession(t, fixtureTools), mem, 120, 30, nil)
	h.selectTool("echo")
	h.typeText("kept")
	h.key("ctrl+s")
	if v := h.view(); !strings.Contains(v, "was not recorded in the history (said once): disk full") {
		t.Errorf("the first failure should be said:\n%s", v)
	}
	h.key("alt+1", "ctrl+s")
	if v := h.view(); strings.Contains(v, "not recorded") || !strings.Contains(v, "echo ✓") {
		t.Errorf("the second failure should not be said again:\n%s", v)
	}
	if got := h.m.formArgs(); got != `{"message":"kept"}` {
		t.Errorf("the form holds %s", got)
	}
}

// TestNilMemorySaysSo: without a store every memory key says so, and
// calls are made as before.
func TestNilMemorySaysSo(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		setup func(h *harness)
		key   string
	}{
		{"history", func(*harness) {}, "alt+h"},
		{"diff", func(*harness) {}, "alt+c"},
		{"save preset", func(h *harness) { h.selectTool("echo") }, "alt+s"},
		{"presets", func(h *harness) { h.selectTool("echo") }, "alt+b"},
		{"save test", func(h *harness) { h.selectTool("echo"); h.typeText("hi"); h.key("ctrl+s") }, "t"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, newFakeSession(t, fixtureTools))
			c.setup(h)
			h.key(c.key)
			if v := h.view(); !strings.Contains(v, "nothing is remembered in this workbench") {
				t.Errorf("%s should say nothing is remembered:\n%s", c.key, v)
			}
			if onTop(h.m) != "" {
				t.Errorf("%s opened a memory screen without a store", c.key)
			}
		})
	}
}
