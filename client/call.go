package client

import (
	"context"
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
// notifications; each one also restarts the call's timeout. When ctx ends or
// the timeout fires, the server is sent notifications/cancelled before
// CallTool returns an error wrapping ErrCancelled or ErrTimeout.
//
// A JSON-RPC error comes back as *RPCError; a result with isError is a
// result, not an error.
func (s *Session) CallTool(ctx context.Context, name string, args []byte, onProgress func(ProgressEvent)) (*CallResult, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	defer s.cancelOnEnd(cancel)()
	timer := time.AfterFunc(s.opts.Timeout, func() { cancel(ErrTimeout) })
	defer timer.Stop()
	token, unwatch := s.watchProgress(func(ev ProgressEvent) {
		timer.Reset(s.opts.Timeout)
		if onProgress != nil {
			onProgress(ev)
		}
	})
	defer unwatch()

	ctx, c := withCapture(withExchange(ctx), string(mcp.MethodToolsCall))
	req := mcp.CallToolRequest{}
	req.Params.Name = name
	req.Params.RawArguments = args
	req.Params.Meta = &mcp.Meta{ProgressToken: token}
	start := time.Now()
	_, err := s.mc.CallTool(ctx, req)
	elapsed := time.Since(start)

	what := fmt.Sprintf("call %s", name)
	raw, rpcErr := c.reply()
	switch {
	case rpcErr != nil:
		return nil, rpcErrorFrom("tools/call", rpcErr)
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
	if context.Cause(ctx) == ErrTimeout {
		reason = fmt.Sprintf("no answer within %s", s.opts.Timeout)
	}
	n := mcp.JSONRPCNotification{JSONRPC: mcp.JSONRPC_VERSION, Notification: mcp.Notification{
		Method: string(mcp.MethodNotificationCancelled),
		Params: mcp.NotificationParams{AdditionalFields: map[string]any{"requestId": id, "reason": reason}},
	}}
	sendCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cancelNoticeWait)
	defer cancel()
	_ = s.tap.SendNotification(sendCtx, n)
}
