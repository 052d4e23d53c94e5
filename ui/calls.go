package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/render"
)

// runningCall is the call in flight: at most one at a time.
type runningCall struct {
	req      int
	gen      int
	tool     string
	args     []byte
	start    time.Time
	cancel   context.CancelFunc
	progress float64
	total    float64
	message  string
}

// toolResult is the last outcome of calling a tool; it outlives reconnects.
type toolResult struct {
	req     int
	args    []byte
	result  *client.CallResult
	err     error
	verdict check.OutputVerdict
	lines   []string
	offset  int
	ready   bool
}

type calls struct {
	seq     int
	running *runningCall
	results map[string]*toolResult
}

func newCalls() calls { return calls{results: map[string]*toolResult{}} }

func (c *calls) cancelRunning() {
	if c.running != nil {
		c.running.cancel()
	}
}

// startCall calls the selected tool with args, unless a call is running.
func (m *Model) startCall(tool tool.Tool, args []byte) tea.Cmd {
	if m.calls.running != nil {
		m.status.set(m.now(), levelInfo, "a call is already running; esc cancels it")
		return nil
	}
	sess := m.conn.sess
	if sess == nil || m.conn.phase != phaseReady {
		m.status.set(m.now(), levelError, "not connected — alt+r to reconnect; your values are kept")
		return nil
	}
	m.calls.seq++
	req := m.calls.seq
	ctx, cancel := context.WithCancel(background)
	m.calls.running = &runningCall{req: req, gen: m.conn.gen, tool: tool.Name, args: args, start: m.now(), cancel: cancel}
	m.detail.tab = tabResult
	send := m.send
	name := tool.Name
	return func() tea.Msg {
		res, err := sess.CallTool(ctx, name, args, func(ev client.ProgressEvent) { send(progressMsg{req: req, ev: ev}) })
		return callDoneMsg{req: req, tool: name, args: args, result: res, err: err}
	}
}

func (m *Model) handleProgress(msg progressMsg) tea.Cmd {
	r := m.calls.running
	if r == nil || r.req != msg.req {
		return nil
	}
	r.progress, r.total, r.message = msg.ev.Progress, msg.ev.Total, msg.ev.Message
	return nil
}

// cancelCall asks the running call to stop; the server is told with
// notifications/cancelled and the outcome arrives as callDoneMsg.
func (m *Model) cancelCall() {
	if r := m.calls.running; r != nil {
		r.cancel()
		m.status.set(m.now(), levelInfo, "cancelling "+r.tool+"…")
	}
}

func (m *Model) handleCallDone(msg callDoneMsg) tea.Cmd {
	r := m.calls.running
	if r == nil || r.req != msg.req {
		return nil
	}
	m.calls.running = nil
	tr := &toolResult{req: msg.req, args: msg.args, result: msg.result, err: msg.err}
	m.calls.results[msg.tool] = tr
	if msg.err != nil {
		tr.lines, tr.ready = errorLines(m, msg.err), true
		level := levelError
		if errors.Is(msg.err, client.ErrCancelled) {
			level = levelInfo
		}
		m.status.set(m.now(), level, firstLine(msg.err.Error()))
		if lostConnection(msg.err) && r.gen == m.conn.gen && m.conn.phase == phaseReady {
			m.connectionBroke(msg.err)
		}
		return nil
	}
	tool := m.list.byName(msg.tool)
	var outputSchema []byte
	if tool != nil {
		outputSchema = tool.OutputSchema
	}
	tr.verdict = check.Result(outputSchema, msg.result.StructuredContent, msg.result.IsError, msg.result.Texts())
	m.status.set(m.now(), verdictLevel(msg.result, tr.verdict), verdictText(msg.tool, msg.result, tr.verdict))
	st, width, res, verdict := m.st, m.detailWidth(), msg.result, tr.verdict
	return func() tea.Msg {
		return resultRenderedMsg{req: msg.req, tool: msg.tool, lines: render.Result(st, res, verdict, width)}
	}
}

func (m *Model) handleResultRendered(msg resultRenderedMsg) tea.Cmd {
	tr := m.calls.results[msg.tool]
	if tr == nil || tr.req != msg.req {
		return nil
	}
	tr.lines, tr.ready = msg.lines, true
	return nil
}

// lostConnection reports a call that lost its streamable HTTP connection.
// No ClosedEvent tells of it, as the session object lives on; but the
// server crashed, restarted or was cut off by a proxy, so the workbench
// treats it as a broken connection and offers the reconnect. An error that
// wraps ErrClosed is left to the ClosedEvent that comes with it.
func lostConnection(err error) bool {
	return errors.Is(err, client.ErrConnectionLost) && !errors.Is(err, client.ErrClosed)
}

func errorLines(m *Model, err error) []string {
	var rpc *client.RPCError
	head := "The call failed"
	switch {
	case errors.Is(err, client.ErrCancelled):
		head = "Cancelled: the server was sent notifications/cancelled"
	case errors.Is(err, client.ErrTimeout):
		head = "Timed out"
	case errors.As(err, &rpc):
		head = fmt.Sprintf("The server answered with a JSON-RPC error (%d)", rpc.Code)
	}
	lines := []string{m.st.ErrorBanner.Render(head)}
	// The message may quote the server, which nobody vetted.
	for _, l := range render.Wrap(termsafe.Text(err.Error()), m.detailWidth()) {
		lines = append(lines, m.st.Error.Render(l))
	}
	lines = append(lines, m.evidenceLines(client.EvidenceOf(err), client.HintOf(err))...)
	if tail := client.EvidenceOf(err).Stderr; len(tail) > 0 {
		lines = append(lines, m.st.Muted.Render("last lines of the server's stderr:"))
		for _, l := range tail {
			lines = append(lines, m.st.Muted.Render("  "+termsafe.Line(l)))
		}
	}
	return lines
}

func verdictLevel(r *client.CallResult, v check.OutputVerdict) statusLevel {
	if r.IsError || !v.Valid {
		return levelError
	}
	return levelOK
}

func verdictText(tool string, r *client.CallResult, v check.OutputVerdict) string {
	switch {
	case r.IsError:
		return tool + " returned an error result (isError)"
	case !v.Valid:
		return fmt.Sprintf("%s: structuredContent breaks the outputSchema (%d)", tool, len(v.Errors))
	case v.Checked:
		return fmt.Sprintf("%s ✓ in %s; output matches its schema", tool, r.Duration.Round(time.Millisecond))
	}
	return fmt.Sprintf("%s ✓ in %s", tool, r.Duration.Round(time.Millisecond))
}
