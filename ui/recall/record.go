package recall

import (
	"bytes"
	"encoding/json"
	"errors"
	"time"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/snapshot"
	"github.com/toolbench/toolbench/tool"
)

// Call is a call as it ended, what its record is made of.
type Call struct {
	Tool  string
	Args  []byte
	Start time.Time
	// Result is nil when the call failed; Err says why.
	Result *client.CallResult
	Err    error
}

// Record is the history record of call c, made on the server info
// describes and ended at now. The outputSchema verdict comes later
// (Output), once the result is judged.
func Record(c Call, info client.ServerInfo, now time.Time) history.Record {
	// The memory knows which server it is bound to; only the server can
	// say what it calls itself.
	rec := history.Record{V: history.RecordVersion, Time: c.Start.UTC(), Tool: c.Tool, Arguments: Args(c.Args),
		Server: history.Server{Reported: info.Name, Version: info.Version},
		Era:    info.Era, ProtocolVersion: info.ProtocolVersion, From: "tui"}
	dur := now.Sub(c.Start)
	if res := c.Result; res != nil {
		rec.Result, rec.IsError = res.Raw, res.IsError
		// The client's measure, when it has one, is the call's own time.
		if res.Duration > 0 {
			dur = res.Duration
		}
	}
	rec.DurationMs = dur.Milliseconds()
	if c.Err != nil {
		rec.Error, rec.Cancelled = c.Err.Error(), errors.Is(c.Err, client.ErrCancelled)
	}
	return rec
}

// Args is args, or {} for a call sent with none: a record and a saved
// test always name an object.
func Args(args []byte) json.RawMessage {
	if len(args) == 0 {
		return json.RawMessage(`{}`)
	}
	return json.RawMessage(args)
}

// Output is the verdict as history keeps it: each violation in words,
// with its pointer.
func Output(v check.OutputVerdict) *history.Output {
	return &history.Output{Checked: v.Checked, Valid: v.Valid, Errors: v.Messages()}
}

// Snapshot is the snapshot of tools as the server info describes listed
// them, taken at now: each tool's raw JSON, as the server sent it.
func Snapshot(tools []tool.Tool, info client.ServerInfo, now time.Time) *snapshot.Snapshot {
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i, t := range tools {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(t.Raw)
	}
	buf.WriteByte(']')
	return &snapshot.Snapshot{Format: snapshot.Format, Taken: now.UTC(),
		Server:          snapshot.ServerInfo{Name: info.Name, Title: info.Title, Version: info.Version},
		ProtocolVersion: info.ProtocolVersion, Tools: buf.Bytes()}
}

// Unjudged are the records of calls whose result is still being judged
// against the outputSchema, by request number: a record is written once,
// with its verdict.
type Unjudged map[int]history.Record

// Judged is the record of call req with verdict v, which leaves u; ok is
// false when no record waits for req.
func (u Unjudged) Judged(req int, v check.OutputVerdict) (rec history.Record, ok bool) {
	rec, ok = u[req]
	if !ok {
		return history.Record{}, false
	}
	delete(u, req)
	rec.Output = Output(v)
	return rec, true
}
