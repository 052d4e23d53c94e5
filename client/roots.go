package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

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

// logLevels are the levels a client may ask for, lowest first (RFC 5424
// severities, as the specification names them).
var logLevels = [...]string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// LogLevels returns the levels SetLogLevel takes, lowest first.
func LogLevels() []string { return append([]string(nil), logLevels[:]...) }

// ErrNoLogging is what SetLogLevel's error wraps when a legacy server did
// not declare the logging capability: logging/setLevel would be refused.
var ErrNoLogging = errors.New("the server does not declare logging")

// SetLogLevel asks the server for log messages at level and above: with
// logging/setLevel on a legacy server that declared logging, and on
// 2026-07-28 by declaring the level in the _meta of every later request. A
// level outside LogLevels() is refused before anything is sent.
func (s *Session) SetLogLevel(ctx context.Context, level string) error {
	if err := checkLogLevel(level); err != nil {
		return err
	}
	modern := mcp.IsModernProtocol(s.mc.ProtocolVersion())
	if !modern && !s.declares("logging") {
		return fmt.Errorf("set log level %s: %w", level, ErrNoLogging)
	}
	req := mcp.SetLevelRequest{}
	req.Params.Level = mcp.LoggingLevel(level)
	//lint:ignore SA1019 logging is deprecated on 2026-07-28 but still what legacy servers speak.
	if err := s.mc.SetLevel(ctx, req); err != nil {
		return s.requestError(fmt.Sprintf("set log level %s", level), ctx, err)
	}
	return nil
}

// checkLogLevel refuses a level the specification does not name.
func checkLogLevel(level string) error {
	if slices.Contains(logLevels[:], level) {
		return nil
	}
	return fmt.Errorf("log level %q: want one of %s", level, strings.Join(logLevels[:], ", "))
}

// declares reports whether the server's capabilities name capability.
func (s *Session) declares(capability string) bool {
	var caps map[string]json.RawMessage
	if json.Unmarshal(s.info.Capabilities, &caps) != nil {
		return false
	}
	v, ok := caps[capability]
	return ok && string(v) != "null"
}

// applyLogLevel applies Options.LogLevel once the session is up. A server
// that cannot take it costs a warning, not the session: its tools still
// work.
func (s *Session) applyLogLevel(ctx context.Context) {
	if s.opts.LogLevel == "" {
		return
	}
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	if err := s.SetLogLevel(ctx, s.opts.LogLevel); err != nil {
		s.emit(DiagnosticEvent{At: time.Now(), Level: "WARN", Message: "log level not set: " + err.Error()})
	}
}
