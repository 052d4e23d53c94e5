package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
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
	// task is the call's task, when it runs as one (tasks.go).
	task *client.Task
	// answers are what the person answered the server with meanwhile.
	answers givenAnswers
}

// toolResult is the last outcome of calling a tool; it outlives reconnects.
type toolResult struct {
	req    int
	args   []byte
	result *client.CallResult
	err    error
	// took is how long a failed call ran; a result brings its own.
	took time.Duration
	// answers are what the person answered the server with during the
	// call; a call saved as a test answers with them.
	answers givenAnswers
	// verdict and lines arrive from a command: ready is set then. width
	// is what lines were rendered for; rendering is set while they are
	// rendered again for a new width.
	verdict   check.OutputVerdict
	lines     []string
	width     int
	ready     bool
	rendering bool
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

// clockTick is how often a running call's clock moves on screen.
const clockTick = 100 * time.Millisecond

// startCall calls the selected tool with args, unless a call is running.
func (m *Model) startCall(tool tool.Tool, args []byte) tea.Cmd {
	if m.calls.running != nil {
		m.setStatus(levelInfo, "a call is already running; esc cancels it")
		return nil
	}
	sess := m.readySession("your values are kept")
	if sess == nil {
		return nil
	}
	m.calls.seq++
	req := m.calls.seq
	ctx, cancel := context.WithCancel(background)
	m.calls.running = &runningCall{req: req, gen: m.conn.gen, tool: tool.Name, args: args, start: m.now(), cancel: cancel}
	m.detail.tab = tabResult
	name, opts := tool.Name, m.callOptions(tool, req)
	call := func() tea.Msg {
		res, err := sess.CallToolWith(ctx, name, args, opts)
		return callDoneMsg{req: req, tool: name, args: args, result: res, err: err}
	}
	return tea.Batch(call, m.timer(clockTick, clockMsg{req: req}))
}

// handleClock moves the running call's clock on, for as long as it runs.
func (m *Model) handleClock(msg clockMsg) tea.Cmd {
	if r := m.calls.running; r != nil && r.req == msg.req {
		return m.timer(clockTick, msg)
	}
	return nil
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
		m.setStatus(levelInfo, "cancelling "+r.tool+"…")
	}
}

// handleCallDone takes a call's outcome. A result is judged against the
// outputSchema and rendered in a command: both can take seconds for tens
// of megabytes, and the UI goroutine must not wait for them.
func (m *Model) handleCallDone(msg callDoneMsg) tea.Cmd {
	r := m.calls.running
	if r == nil || r.req != msg.req {
		return nil
	}
	m.calls.running = nil
	// Questions the call brought die with it.
	m.withdrawAsks(msg.req)
	next := m.showNextAsk()
	tr := &toolResult{req: msg.req, args: msg.args, result: msg.result, err: msg.err, took: m.now().Sub(r.start), answers: r.answers}
	m.calls.results[msg.tool] = tr
	next = tea.Batch(next, m.rememberCall(r, msg))
	if msg.err != nil {
		tr.ready = true
		level := levelError
		if errors.Is(msg.err, client.ErrCancelled) {
			level = levelInfo
		}
		m.setStatus(level, msg.err.Error())
		if r.gen == m.conn.gen {
			m.requestFailed(msg.err)
			if u, ok := client.URLRequiredOf(msg.err); ok {
				// Shown and answered as a URL-mode request is.
				return tea.Batch(next, m.askURLRequired(msg.tool, msg.args, u))
			}
		}
		return next
	}
	var outputSchema []byte
	if t := m.list.ByName(msg.tool); t != nil {
		outputSchema = t.OutputSchema
	}
	st, width, res, name, req, args := m.st, m.detailWidth(), msg.result, msg.tool, msg.req, msg.args
	tr.width = width
	return tea.Batch(next, func() tea.Msg {
		v := judgeResult(outputSchema, res)
		return resultReadyMsg{req: req, tool: name, verdict: v, lines: resultRows(st, args, res, v, width), width: width, judged: true}
	})
}

// wantResult renders the shown tool's result again when the pane's width
// changed since it was rendered.
func (m *Model) wantResult() tea.Cmd {
	t := m.detail.tool
	if t == nil {
		return nil
	}
	tr := m.calls.results[t.Name]
	width := m.detailWidth()
	if tr == nil || !tr.ready || tr.rendering || tr.result == nil || tr.width == width {
		return nil
	}
	tr.rendering = true
	st, res, v, req, name, args := m.st, tr.result, tr.verdict, tr.req, t.Name, tr.args
	return func() tea.Msg {
		return resultReadyMsg{req: req, tool: name, verdict: v, lines: resultRows(st, args, res, v, width), width: width}
	}
}

// handleResultReady takes a judged and rendered result; a rendering for
// a call that has since been replaced is dropped.
func (m *Model) handleResultReady(msg resultReadyMsg) tea.Cmd {
	// The history gets the call even when a newer one replaced it here.
	var record tea.Cmd
	if msg.judged {
		record = m.finishRecord(msg.req, msg.verdict)
	}
	tr := m.calls.results[msg.tool]
	if tr == nil || tr.req != msg.req {
		return record
	}
	tr.verdict, tr.lines, tr.width, tr.ready, tr.rendering = msg.verdict, msg.lines, msg.width, true, false
	if msg.judged {
		m.setStatus(verdictLevel(tr.result, tr.verdict), verdictText(msg.tool, tr.result, tr.verdict))
	}
	return record
}

// lostConnection reports a call that lost its streamable HTTP connection.
// No ClosedEvent tells of it, as the session object lives on; but the
// server crashed, restarted or was cut off by a proxy, so the workbench
// treats it as a broken connection and offers the reconnect. An error that
// wraps ErrClosed is left to the ClosedEvent that comes with it.
func lostConnection(err error) bool {
	return errors.Is(err, client.ErrConnectionLost) && !errors.Is(err, client.ErrClosed)
}

// callFailure is a failed call as the Result tab explains it.
func callFailure(err error) render.Failure {
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
	return render.Failure{Head: head, Message: err.Error(), Evidence: evidenceLines(err, nil)}
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
