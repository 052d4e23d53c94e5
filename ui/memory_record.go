package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/ui/recall"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// recordedMsg is the end of a history write.
type recordedMsg struct {
	memReply
	tool string
	err  error
}

// rememberCall records a failed call now, and keeps a call with a result
// until its verdict arrives. Without a store it does nothing: calls are
// still made.
func (m *Model) rememberCall(e tools.Ended) tea.Cmd {
	if m.mem.store == nil {
		return nil
	}
	rec := recall.Record(recall.Call{Tool: e.Tool, Args: e.Args, Start: e.Start, Result: e.Result, Err: e.Err},
		m.conn.info, m.now())
	if e.Err != nil || e.Result == nil {
		return m.writeRecord(rec)
	}
	m.mem.unjudged[e.Req] = rec
	return nil
}

// finishRecord writes the record of call req with its verdict.
func (m *Model) finishRecord(req int, v check.OutputVerdict) tea.Cmd {
	rec, ok := m.mem.unjudged.Judged(req, v)
	if !ok {
		return nil
	}
	return m.writeRecord(rec)
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
