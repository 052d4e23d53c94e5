package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors callers branch on.
var (
	// ErrClosed means the connection has ended.
	ErrClosed = errors.New("connection closed")
	// ErrTimeout means a request got no answer within its timeout.
	ErrTimeout = errors.New("timed out")
	// ErrCancelled means the caller cancelled a request.
	ErrCancelled = errors.New("cancelled")
	// ErrConnectionLost means an HTTP request lost its connection before
	// the answer came (the stream broke off, the server closed or refused
	// the connection) while the session itself may live on: streamable
	// HTTP has no connection to end. Errors that wrap ErrClosed say the
	// session is over.
	ErrConnectionLost = errors.New("connection lost")
)

// lostError marks err as ErrConnectionLost without adding to its message.
type lostError struct{ error }

func (e lostError) Unwrap() error        { return e.error }
func (e lostError) Is(target error) bool { return target == ErrConnectionLost }

// Phases of connecting, named in ConnectError.
const (
	PhaseStart      = "start"
	PhaseConnect    = "connect"
	PhaseInitialize = "initialize"
)

// ConnectError says why a server could not be started, reached or
// initialized, with what the server left behind to explain it.
type ConnectError struct {
	Phase string
	Err   error
	// Hint says what to try next, when there is something to suggest.
	Hint string
	// Stderr holds the last lines the stdio server wrote to stderr.
	Stderr []string
	// Noise is the first non-JSON line the stdio server wrote to stdout.
	Noise string
	// Dropped says why the first JSON line the stdio server wrote that is
	// not a valid JSON-RPC message was dropped, and quotes it.
	Dropped string

	// tryOtherTransport marks a streamable HTTP failure that SSE may fix.
	tryOtherTransport bool
}

// Error renders the failure on one line, then the evidence and the hint.
func (e *ConnectError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %v", e.Phase, e.Err)
	if e.Noise != "" {
		fmt.Fprintf(&b, "\n  the server wrote non-JSON to stdout: %q", e.Noise)
		b.WriteString("\n  stdout of a stdio server must carry only JSON-RPC messages; log to stderr instead")
	}
	if e.Dropped != "" {
		b.WriteString("\n  toolbench dropped a frame that is not valid JSON-RPC 2.0: " + e.Dropped)
	}
	if len(e.Stderr) > 0 {
		b.WriteString("\n  last lines of the server's stderr:")
		for _, l := range e.Stderr {
			b.WriteString("\n    " + l)
		}
	}
	if e.Hint != "" {
		b.WriteString("\n  hint: " + e.Hint)
	}
	return b.String()
}

// Unwrap returns the underlying error.
func (e *ConnectError) Unwrap() error { return e.Err }

// RPCError is a JSON-RPC error the server answered a request with.
type RPCError struct {
	Method  string
	Code    int
	Message string
	Data    json.RawMessage
}

// Error renders the error with its code and method.
func (e *RPCError) Error() string {
	s := fmt.Sprintf("%s: server answered with JSON-RPC error %d: %s", e.Method, e.Code, e.Message)
	if len(e.Data) > 0 && string(e.Data) != "null" {
		s += " (data: " + truncate(string(e.Data), 200) + ")"
	}
	return s
}

// truncate cuts s to at most n bytes on a rune boundary, marking the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !isRuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
