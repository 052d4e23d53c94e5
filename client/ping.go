package client

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// Ping checks that the server still answers: it sends a request the server
// must answer and waits for the answer, within the session's timeout. On
// protocol 2025-11-25 and older that is a JSON-RPC ping; protocol 2026-07-28
// removed ping, and its servers must answer server/discover, which changes
// nothing on either side. The request passes the tap like any other, so it
// shows in the frame log.
//
// It returns nil once the server answered (an error answer counts: the
// server is there), an error wrapping ErrTimeout when no answer came in
// time, ErrCancelled when ctx ended first, and ErrClosed when the session
// is over.
func (s *Session) Ping(ctx context.Context) error {
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	ctx, c := withCapture(ctx, string(mcp.MethodPing), string(mcp.MethodServerDiscover))
	err := s.sendPing(ctx)
	if _, rpcErr := c.reply(); rpcErr != nil {
		return nil
	}
	if err != nil {
		return s.requestError("ping", ctx, err)
	}
	return nil
}

// sendPing sends the era's liveness request.
func (s *Session) sendPing(ctx context.Context) error {
	if mcp.IsModernProtocol(s.mc.ProtocolVersion()) {
		_, err := s.mc.Discover(ctx, mcp.DiscoverRequest{})
		return err
	}
	// Client.Ping is deprecated because protocol 2026-07-28 removed ping,
	// and there it sends nothing; on the older protocols, the only ones
	// that reach this line, it sends the ping they define.
	//lint:ignore SA1019 only called on a legacy protocol, where Ping does send.
	return s.mc.Ping(ctx)
}
