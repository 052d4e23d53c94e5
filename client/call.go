package client

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/toolbench/toolbench/target"
)

// cancelNoticeWait bounds how long a cancelled call waits for the
// notifications/cancelled to be written before returning.
const cancelNoticeWait = time.Second

// CallTool calls a tool with args, the arguments object exactly as given
// (nil sends none). onProgress, when set, receives the call's progress
// notifications; each one that advances the progress also restarts the
// call's timeout, up to the session's maximum duration (see requestClock).
// When ctx ends or the timeout fires, the server is sent notifications/cancelled before
// CallTool returns an error wrapping ErrCancelled or ErrTimeout.
//
// What the server asks during the call goes to Options.Answer, with the
// call's timeout paused while it is answered; on 2026-07-28 CallTool drives
// the input rounds itself (see roundTrip). When an ask was refused with an
// error wrapping ErrNoAnswer, CallTool fails with an error wrapping that
// *UnansweredError, whatever the server answered then.
//
// A JSON-RPC error comes back as *RPCError; a result with isError is a
// result, not an error. CallTool is CallToolWith with only OnProgress set.
func (s *Session) CallTool(ctx context.Context, name string, args []byte, onProgress func(ProgressEvent)) (*CallResult, error) {
	return s.CallToolWith(ctx, name, args, CallOptions{OnProgress: onProgress})
}

// CallToolWith is CallTool with the options of a call that may run as a
// task. On 2025-11-25 a tool whose taskSupport is required (or optional,
// with TaskForce) is sent task-augmented; on 2026-07-28 the server decides.
// A task is followed until it ends (see taskRun) and its result is the
// call's, with CallResult.Task its last state; when ctx ends or the
// timeout fires meanwhile, the server is sent tasks/cancel.
func (s *Session) CallToolWith(ctx context.Context, name string, args []byte, opts CallOptions) (*CallResult, error) {
	augment, err := s.taskAugmentation(name, opts.Task)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	defer s.cancelOnEnd(cancel)()
	clock := s.requestClock(cancel)
	defer clock.stop()
	token, unwatch := s.watchProgress(func(ev ProgressEvent) {
		clock.progressed(ev.Progress)
		if opts.OnProgress != nil {
			opts.OnProgress(ev)
		}
	})
	defer unwatch()

	call := s.calls.newInflight(ctx, name, clock.hold, cancel, s.maxAsks())
	defer s.calls.begin(call)()
	ctx = withHold(withGroup(withInflight(withExchange(ctx), call), call.group), clock.hold)
	req := mcp.CallToolRequest{}
	req.Params.Name = name
	req.Params.RawArguments = args
	req.Params.Meta = &mcp.Meta{ProgressToken: token}
	req.Params.Task = augment
	start := time.Now()
	c, rerr := s.roundTrip(ctx, call, string(mcp.MethodToolsCall), name, func(ctx context.Context) error {
		_, err := s.mc.CallTool(ctx, req)
		return err
	})
	if raw, _ := c.reply(); raw != nil {
		if t, ok := createdTask(raw, augment != nil, s.isModern()); ok {
			run := &taskRun{s: s, call: call, clock: clock, onTask: opts.OnTask, start: start}
			return run.follow(ctx, t)
		}
	}
	return s.callOutcome(ctx, call, c, rerr, time.Since(start))
}

// callOutcome turns what a call's last round left into CallTool's answer.
func (s *Session) callOutcome(ctx context.Context, call *inflight, c *capture, err error, elapsed time.Duration) (*CallResult, error) {
	what := fmt.Sprintf("call %s", call.tool)
	if f := call.failure(); f != nil {
		if ctx.Err() != nil {
			// The ask limit ended the request: the server must hear of it.
			s.confirmCancelled(ctx, c)
		}
		return nil, fmt.Errorf("%s: %w", what, f)
	}
	raw, rpcErr := c.reply()
	var rounds *InputRoundsError
	var bad *InputRequiredError
	var refused *askError
	switch {
	case rpcErr != nil:
		return nil, callRPCError(call.tool, rpcErrorFrom("tools/call", rpcErr))
	case errors.As(err, &rounds) || errors.As(err, &bad):
		return nil, err
	case raw != nil:
		// mcp-go may reject a result its types cannot hold; the raw one is
		// what the server sent and what gets shown and judged.
		r, perr := ParseCallResult(raw)
		if perr != nil {
			return nil, fmt.Errorf("%s: %w", what, perr)
		}
		r.Duration = elapsed
		return r, nil
	case ctx.Err() != nil && context.Cause(ctx) != ErrClosed:
		s.confirmCancelled(ctx, c)
	case errors.As(err, &refused):
		return nil, fmt.Errorf("%s: %w", what, refused.err)
	}
	return nil, s.requestError(what, ctx, err)
}

// confirmCancelled makes sure the server was told that a request it is still
// working on was abandoned. mcp-go sends notifications/cancelled itself over
// stdio, in the background, and waiting for it is enough. Over streamable
// HTTP on protocol 2026-07-28, ending the request's stream is the
// cancellation. Everywhere else mcp-go sends nothing, and an SSE server keeps
// running the call, so toolbench sends the notification itself.
func (s *Session) confirmCancelled(ctx context.Context, c *capture) {
	id, sent := c.requestID()
	if !sent {
		return
	}
	switch {
	case s.transport == target.Stdio:
		s.tap.waitCancelSent(id, cancelNoticeWait)
		return
	case s.transport == target.StreamableHTTP && mcp.IsModernProtocol(s.mc.ProtocolVersion()):
		return
	}
	reason := "cancelled by the user"
	switch context.Cause(ctx) {
	case ErrTimeout:
		reason = fmt.Sprintf("no answer within %s", s.opts.Timeout)
	case ErrMaxDuration:
		reason = fmt.Sprintf("still running after %s", s.maxDuration())
	}
	n := mcp.JSONRPCNotification{JSONRPC: mcp.JSONRPC_VERSION, Notification: mcp.Notification{
		Method: string(mcp.MethodNotificationCancelled),
		Params: mcp.NotificationParams{AdditionalFields: map[string]any{"requestId": id, "reason": reason}},
	}}
	sendCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cancelNoticeWait)
	defer cancel()
	_ = s.tap.SendNotification(sendCtx, n)
}
