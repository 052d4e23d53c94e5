package tools

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/check/host"
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
}

// toolResult is the last outcome of calling a tool; it outlives reconnects.
type toolResult struct {
	req    int
	args   []byte
	result *client.CallResult
	err    error
	// took is how long a failed call ran; a result brings its own.
	took time.Duration
	// verdict and lines arrive from a command: ready is set then. width
	// is what lines were rendered for; rendering is set while they are
	// rendered again for a new width.
	verdict   check.OutputVerdict
	notes     []host.Finding
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
func (s *Screen) startCall(tool tool.Tool, args []byte) tea.Cmd {
	if s.calls.running != nil {
		s.status(render.LevelInfo, "a call is already running; esc cancels it")
		return nil
	}
	sess, gen := s.session("your values are kept")
	if sess == nil {
		return nil
	}
	s.calls.seq++
	req := s.calls.seq
	ctx, cancel := context.WithCancel(background)
	s.calls.running = &runningCall{req: req, gen: gen, tool: tool.Name, args: args, start: s.d.Now(), cancel: cancel}
	s.detail.tab = tabResult
	name, opts := tool.Name, s.callOptions(tool, req)
	call := func() tea.Msg {
		res, err := sess.CallToolWith(ctx, name, args, opts)
		return callDoneMsg{req: req, tool: name, args: args, result: res, err: err}
	}
	return tea.Batch(call, s.d.Timer(clockTick, clockMsg{req: req}))
}

// handleClock moves the running call's clock on, for as long as it runs.
func (s *Screen) handleClock(msg clockMsg) tea.Cmd {
	if r := s.calls.running; r != nil && r.req == msg.req {
		return s.d.Timer(clockTick, msg)
	}
	return nil
}

func (s *Screen) handleProgress(msg progressMsg) tea.Cmd {
	r := s.calls.running
	if r == nil || r.req != msg.req {
		return nil
	}
	r.progress, r.total, r.message = msg.ev.Progress, msg.ev.Total, msg.ev.Message
	return nil
}

// cancelCall asks the running call to stop; the server is told with
// notifications/cancelled and the outcome arrives as callDoneMsg.
func (s *Screen) cancelCall() {
	if r := s.calls.running; r != nil {
		r.cancel()
		s.status(render.LevelInfo, "cancelling "+r.tool+"…")
	}
}

// handleCallDone takes a call's outcome. A result is judged against the
// outputSchema and rendered in a command: both can take seconds for tens
// of megabytes, and the UI goroutine must not wait for them. The root
// learns of the end first (Deps.Ended): what a failure says about the
// connection, and the questions the call brought, are its.
func (s *Screen) handleCallDone(msg callDoneMsg) tea.Cmd {
	r := s.calls.running
	if r == nil || r.req != msg.req {
		return nil
	}
	s.calls.running = nil
	tr := &toolResult{req: msg.req, args: msg.args, result: msg.result, err: msg.err, took: s.d.Now().Sub(r.start)}
	s.calls.results[msg.tool] = tr
	ended := s.d.Ended(Ended{Req: msg.req, Gen: r.gen, Tool: msg.tool, Args: msg.args, Start: r.start,
		Result: msg.result, Err: msg.err})
	if msg.err != nil {
		tr.ready = true
		return ended
	}
	judge := s.resultJudge(msg.tool)
	st, width, res, name, req, args := s.st, s.detailWidth(), msg.result, msg.tool, msg.req, msg.args
	tr.width = width
	return tea.Batch(ended, func() tea.Msg {
		v, notes := judge(res)
		return resultReadyMsg{req: req, tool: name, verdict: v, notes: notes, lines: ResultRows(st, args, res, v, notes, width),
			width: width, judged: true}
	})
}

// wantResult renders the shown tool's result again when the pane's width
// changed since it was rendered.
func (s *Screen) wantResult() tea.Cmd {
	t := s.detail.tool
	if t == nil {
		return nil
	}
	tr := s.calls.results[t.Name]
	width := s.detailWidth()
	if tr == nil || !tr.ready || tr.rendering || tr.result == nil || tr.width == width {
		return nil
	}
	tr.rendering = true
	st, res, v, notes, req, name, args := s.st, tr.result, tr.verdict, tr.notes, tr.req, t.Name, tr.args
	return func() tea.Msg {
		return resultReadyMsg{req: req, tool: name, verdict: v, notes: notes, lines: ResultRows(st, args, res, v, notes, width), width: width}
	}
}

// handleResultReady takes a judged and rendered result; a rendering for
// a call that has since been replaced is dropped.
func (s *Screen) handleResultReady(msg resultReadyMsg) tea.Cmd {
	// The history gets the call even when a newer one replaced it here.
	var record tea.Cmd
	if msg.judged {
		record = s.d.Judged(msg.req, msg.verdict)
	}
	tr := s.calls.results[msg.tool]
	if tr == nil || tr.req != msg.req {
		return record
	}
	tr.verdict, tr.notes, tr.lines, tr.width, tr.ready, tr.rendering = msg.verdict, msg.notes, msg.lines, msg.width, true, false
	if msg.judged {
		s.status(verdictLevel(tr.result, tr.verdict), verdictText(msg.tool, tr.result, tr.verdict))
	}
	return record
}

// callFailure is a failed call as the Result tab explains it.
func (s *Screen) callFailure(err error) render.Failure {
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
	return render.Failure{Head: head, Message: err.Error(), Evidence: s.evidence(err, nil)}
}

func verdictLevel(r *client.CallResult, v check.OutputVerdict) render.Level {
	if r.IsError || !v.Valid {
		return render.LevelError
	}
	return render.LevelOK
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
