package recall

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/tool"
)

// TestRecord: a call's record names the server as it reported itself,
// its arguments ({} for none), and the way it ended, timed by the
// client's measure when it has one.
func TestRecord(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 12, 1, 18, 0, 0, 0, time.FixedZone("CET", 3600))
	now := start.Add(2 * time.Second)
	info := client.ServerInfo{Name: "srv", Version: "1.0", Era: "legacy", ProtocolVersion: "2025-11-25"}
	tests := []struct {
		name string
		call Call
		want history.Record
	}{
		{"result", Call{Tool: "echo", Args: []byte(`{"m":1}`), Start: start,
			Result: &client.CallResult{Raw: []byte(`{"content":[]}`), IsError: true, Duration: 42 * time.Millisecond}},
			history.Record{Arguments: []byte(`{"m":1}`), Result: []byte(`{"content":[]}`), IsError: true, DurationMs: 42}},
		{"no arguments, no measure", Call{Tool: "echo", Start: start, Result: &client.CallResult{Raw: []byte(`{}`)}},
			history.Record{Arguments: []byte(`{}`), Result: []byte(`{}`), DurationMs: 2000}},
		{"failed", Call{Tool: "echo", Start: start, Err: errors.New("boom")},
			history.Record{Arguments: []byte(`{}`), Error: "boom", DurationMs: 2000}},
		{"cancelled", Call{Tool: "echo", Start: start, Err: fmt.Errorf("call echo: %w", client.ErrCancelled)},
			history.Record{Arguments: []byte(`{}`), Error: "call echo: cancelled", Cancelled: true, DurationMs: 2000}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := Record(tt.call, info, now)
			want := tt.want
			want.V, want.Time, want.Tool, want.From = history.RecordVersion, start.UTC(), "echo", "tui"
			want.Server, want.Era, want.ProtocolVersion = history.Server{Reported: "srv", Version: "1.0"}, "legacy", "2025-11-25"
			if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
				t.Errorf("record\n got %+v\nwant %+v", got, want)
			}
		})
	}
}

// TestUnjudgedWritesOnce: a waiting record comes back once, with its
// verdict; a request with none waiting gives nothing.
func TestUnjudgedWritesOnce(t *testing.T) {
	t.Parallel()
	u := Unjudged{7: {Tool: "echo"}}
	rec, ok := u.Judged(7, check.OutputVerdict{Checked: true, Valid: true})
	if !ok || rec.Tool != "echo" || rec.Output == nil || !rec.Output.Checked || !rec.Output.Valid {
		t.Fatalf("judged: %+v, %t", rec, ok)
	}
	if _, ok := u.Judged(7, check.OutputVerdict{}); ok {
		t.Error("a record was judged twice")
	}
}

// TestSnapshot: the snapshot holds the tools' raw JSON as one array, and
// the server as it described itself.
func TestSnapshot(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 1, 18, 0, 0, 0, time.FixedZone("CET", 3600))
	tools := []tool.Tool{{Raw: []byte(`{"name":"a"}`)}, {Raw: []byte(`{"name":"b"}`)}}
	s := Snapshot(tools, client.ServerInfo{Name: "srv", Title: "Server", Version: "2", ProtocolVersion: "2026-07-28"}, now)
	if string(s.Tools) != `[{"name":"a"},{"name":"b"}]` || !s.Taken.Equal(now) || s.Taken.Location() != time.UTC {
		t.Errorf("tools %s taken %v", s.Tools, s.Taken)
	}
	if s.Server.Name != "srv" || s.Server.Title != "Server" || s.Server.Version != "2" || s.ProtocolVersion != "2026-07-28" {
		t.Errorf("server %+v, protocol %s", s.Server, s.ProtocolVersion)
	}
	if empty := Snapshot(nil, client.ServerInfo{}, now); string(empty.Tools) != `[]` {
		t.Errorf("no tools: %s", empty.Tools)
	}
}
