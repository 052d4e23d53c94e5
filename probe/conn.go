package probe

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
)

// maxReply bounds the part of an answer a case keeps.
const maxReply = 300

// errProbeBound ends a call that ran past Options.CallTimeout.
var errProbeBound = errors.New("the probe's bound on a call passed")

// msgProbeBound is the message of a call cut short by the probe's own
// bound, with the bound.
const msgProbeBound = "no answer within the probe's %s (--call-timeout): slow or stuck, not judged"

// call makes one call and records what came back. A connection that ends
// during the call is brought back (or the run stopped) here, so callers
// only judge.
func (r *runner) call(ctx context.Context, tool, kind string, args []byte) (Case, *client.CallResult) {
	c := Case{Kind: kind, Arguments: args}
	r.ensureSession(ctx)
	if r.stopped != "" {
		c.Outcome, c.Verdict, c.Message = OutcomeNotRun, NotRun, r.stopped
		return c, nil
	}
	r.opts.Observer.take() // requests from before this call are not its own
	if r.opts.OnCall != nil {
		r.opts.OnCall(tool, kind)
	}
	callCtx, cancel := ctx, context.CancelFunc(func() {})
	if r.opts.CallTimeout > 0 {
		callCtx, cancel = context.WithTimeoutCause(ctx, r.opts.CallTimeout, errProbeBound)
	}
	defer cancel()
	start := time.Now()
	res, err := r.session.CallToolWith(callCtx, tool, args, client.CallOptions{})
	c.DurationMs = time.Since(start).Milliseconds()
	c.ServerRequests = r.opts.Observer.take()
	if err == nil {
		c.Outcome, c.Reply = OutcomeResult, firstText(res)
		if res.IsError {
			c.Outcome = OutcomeIsError
		}
		return c, res
	}
	c.Reply = clip(err.Error())
	var rpc *client.RPCError
	switch {
	case errors.As(err, &rpc):
		c.Outcome = OutcomeProtocolError
		c.Reply = clip(fmt.Sprintf("JSON-RPC error %d: %s", rpc.Code, rpc.Message))
	case ctx.Err() != nil:
		c.Outcome = OutcomeCancelled
		r.stopped = "interrupted"
	case errors.Is(context.Cause(callCtx), errProbeBound):
		// The client words any deadline as its own --timeout; the
		// message says whose bound it was.
		c.Outcome, c.Message, c.Reply = OutcomeTimeout, fmt.Sprintf(msgProbeBound, r.opts.CallTimeout), ""
	case errors.Is(err, client.ErrTimeout):
		c.Outcome = OutcomeTimeout
	case errors.Is(err, client.ErrClosed), errors.Is(err, client.ErrConnectionLost):
		c.Outcome = OutcomeClosed
		c.Reply = clip(err.Error() + r.stderrTail())
		r.serverGone(ctx, fmt.Sprintf("the server went away during a call to %s", tool))
	default:
		c.Outcome = OutcomeError
	}
	return c, nil
}

// ensureSession notices a server that died between calls (after answering
// one, say) and brings it back before the next call.
func (r *runner) ensureSession(ctx context.Context) {
	if r.stopped != "" {
		return
	}
	if ctx.Err() != nil {
		r.stopped = "interrupted"
		return
	}
	select {
	case <-r.session.Done():
		why := "the server went away between calls"
		if err := r.session.Err(); err != nil {
			why += " (" + err.Error() + ")"
		}
		r.serverGone(ctx, why)
	default:
	}
}

// serverGone reconnects after the server went away, or stops the run.
func (r *runner) serverGone(ctx context.Context, why string) {
	switch {
	case ctx.Err() != nil:
		r.stopped = "interrupted"
	case r.opts.Reconnect == nil:
		r.stopped = why + "; the remaining calls were not made"
	case r.report.Reconnects >= r.opts.MaxReconnects:
		r.stopped = fmt.Sprintf("%s, after %s already; stopping", why, plural.Count(r.report.Reconnects, "reconnect"))
	default:
		s, err := r.opts.Reconnect(ctx)
		if err != nil {
			r.stopped = fmt.Sprintf("%s; reconnecting failed: %v", why, err)
			return
		}
		r.report.Reconnects++
		r.session = s
		r.owned = append(r.owned, s)
		r.notes = append(r.notes, why+"; reconnected")
	}
}

// stderrTail returns the last lines a stdio server wrote, to explain a crash.
func (r *runner) stderrTail() string {
	st, ok := r.session.(stderrTailer)
	if !ok {
		return ""
	}
	lines := st.StderrTail(3)
	if len(lines) == 0 {
		return ""
	}
	return "; its stderr ended with: " + strings.Join(lines, " | ")
}

func (r *runner) closeOwned() {
	for _, s := range r.owned {
		_ = s.Close()
	}
}

// firstText is the first text block of a result, or a note of what it held.
func firstText(res *client.CallResult) string {
	for _, c := range res.Content {
		if c.Type == "text" {
			return clip(c.Text)
		}
	}
	if len(res.Content) > 0 {
		return fmt.Sprintf("(%d content blocks, the first %s)", len(res.Content), res.Content[0].Type)
	}
	return ""
}

// clip cuts s to maxReply bytes on a rune boundary.
func clip(s string) string {
	if len(s) <= maxReply {
		return s
	}
	n := maxReply
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
