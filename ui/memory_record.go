package ui

import (
	"encoding/json"
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// pendingRecord is a call's record waiting for its outputSchema verdict.
type pendingRecord struct{ rec history.Record }

// recordedMsg is the end of a history write.
type recordedMsg struct {
	memReply
	tool string
	err  error
}

// callRecord is the history record of a call that ended as e. The
// outputSchema verdict comes later (finishRecord).
func (m *Model) callRecord(e tools.Ended) history.Record {
	info := m.conn.info
	// The memory knows which server it is bound to; only the server can
	// say what it calls itself.
	rec := history.Record{V: history.RecordVersion, Time: e.Start.UTC(), Tool: e.Tool, Arguments: argsOrEmpty(e.Args),
		Server: history.Server{Reported: info.Name, Version: info.Version},
		Era:    info.Era, ProtocolVersion: info.ProtocolVersion, From: "tui"}
	dur := m.now().Sub(e.Start)
	if res := e.Result; res != nil {
		rec.Result, rec.IsError = res.Raw, res.IsError
		if res.Duration > 0 {
			dur = res.Duration
		}
	}
	rec.DurationMs = dur.Milliseconds()
	if e.Err != nil {
		rec.Error, rec.Cancelled = e.Err.Error(), errors.Is(e.Err, client.ErrCancelled)
	}
	return rec
}

// argsOrEmpty is args, or {} for a call sent with none.
func argsOrEmpty(args []byte) json.RawMessage {
	if len(args) == 0 {
		return json.RawMessage(`{}`)
	}
	return json.RawMessage(args)
}

// rememberCall records a failed call now, and keeps a call with a result
// until its verdict arrives. Without a store it does nothing: calls are
// still made.
func (m *Model) rememberCall(e tools.Ended) tea.Cmd {
	if m.mem.store == nil {
		return nil
	}
	rec := m.callRecord(e)
	if e.Err != nil || e.Result == nil {
		return m.writeRecord(rec)
	}
	m.mem.unjudged[e.Req] = &pendingRecord{rec: rec}
	return nil
}

// finishRecord writes the record of call req with its verdict.
func (m *Model) finishRecord(req int, v check.OutputVerdict) tea.Cmd {
	p, ok := m.mem.unjudged[req]
	if !ok {
		return nil
	}
	delete(m.mem.unjudged, req)
	p.rec.Output = outputOf(v)
	return m.writeRecord(p.rec)
}

// outputOf is the verdict as history keeps it: each violation in words,
// with its pointer.
func outputOf(v check.OutputVerdict) *history.Output {
	return &history.Output{Checked: v.Checked, Valid: v.Valid, Errors: v.Messages()}
}

// writeRecord appends rec to the history in a command.
func (m *Model) writeRecord(rec history.Record) tea.Cmd {
	store := m.mem.store
	return m.memCmd(func() tea.Msg {
		return recordedMsg{tool: rec.Tool, err: store.RecordCall(rec)}
	})
}

// handleRecorded warns once that the history could not be written; the
// call's result and the form stay as they are.
func (m *Model) handleRecorded(msg recordedMsg) {
	if msg.err == nil || m.mem.warned {
		return
	}
	m.mem.warned = true
	m.setStatus(levelError, "the call of "+msg.tool+" was not recorded in the history (said once): "+msg.err.Error())
}
