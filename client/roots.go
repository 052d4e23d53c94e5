package client

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// RootsChanged tells a legacy server that the client's roots changed, so it
// asks for them again. On 2026-07-28 roots are asked for per request and
// there is nothing to send.
func (s *Session) RootsChanged(ctx context.Context) error {
	if mcp.IsModernProtocol(s.mc.ProtocolVersion()) {
		return nil
	}
	if err := s.mc.RootListChanges(ctx); err != nil {
		return s.requestError("roots list changed", ctx, err)
	}
	return nil
}

// SetLogLevel asks the server for log messages at level and above: with
// logging/setLevel on a legacy server, and on 2026-07-28 by declaring the
// level in the _meta of every later request.
func (s *Session) SetLogLevel(ctx context.Context, level string) error {
	req := mcp.SetLevelRequest{}
	req.Params.Level = mcp.LoggingLevel(level)
	//lint:ignore SA1019 logging is deprecated on 2026-07-28 but still what legacy servers speak.
	if err := s.mc.SetLevel(ctx, req); err != nil {
		return s.requestError(fmt.Sprintf("set log level %s", level), ctx, err)
	}
	return nil
}
