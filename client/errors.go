package client

import (
	"encoding/json"
	"errors"
	"fmt"
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

// Evidence is what a failure left behind to explain it. Errors of this
// package carry it as data, never inside their one-line message, so each
// surface (the CLI, the workbench) can lay it out in its own words.
type Evidence struct {
	// Stderr holds the last lines the stdio server wrote to stderr.
	Stderr []string
	// Noise is the first non-JSON line the stdio server wrote to stdout.
	Noise string
	// Dropped says why the first JSON line the stdio server wrote that is
	// not a valid JSON-RPC message was dropped, and quotes it.
	Dropped string
	// Challenge is the WWW-Authenticate header of a 401 or 403 answer.
	Challenge string
}

// merge fills what e lacks from o.
func (e Evidence) merge(o Evidence) Evidence {
	if len(e.Stderr) == 0 {
		e.Stderr = o.Stderr
	}
	if e.Noise == "" {
		e.Noise = o.Noise
	}
	if e.Dropped == "" {
		e.Dropped = o.Dropped
	}
	if e.Challenge == "" {
		e.Challenge = o.Challenge
	}
	return e
}

// explained is implemented by this package's errors that carry a hint or
// evidence.
type explained interface {
	// hint is the advice the error carries, or "".
	hint() string
	// evidence is what the error saw, as data.
	evidence() Evidence
}

// HintOf returns the advice carried by the outermost error in err's chain
// that has any, or "".
func HintOf(err error) string {
	for _, e := range chain(err) {
		if x, ok := e.(explained); ok && x.hint() != "" {
			return x.hint()
		}
	}
	return ""
}

// EvidenceOf returns the evidence carried by the errors of err's chain,
// the outer ones first where two say the same thing.
func EvidenceOf(err error) Evidence {
	var ev Evidence
	for _, e := range chain(err) {
		if x, ok := e.(explained); ok {
			ev = ev.merge(x.evidence())
		}
	}
	return ev
}

// chain lists err and everything it wraps, depth first.
func chain(err error) []error {
	var out []error
	var walk func(error)
	walk = func(e error) {
		for e != nil {
			out = append(out, e)
			switch u := e.(type) {
			case interface{ Unwrap() []error }:
				for _, inner := range u.Unwrap() {
					walk(inner)
				}
				return
			case interface{ Unwrap() error }:
				e = u.Unwrap()
			default:
				return
			}
		}
	}
	walk(err)
	return out
}

// RequestError is a request that failed for a reason the client can
// explain beyond what the transport said.
type RequestError struct {
	// What names the request: "call echo", "tools/list".
	What string
	Err  error
	// Hint says what to try next, when there is something to suggest.
	Hint string
	// Lost marks a request whose HTTP connection broke off before the
	// answer came: it wraps ErrConnectionLost.
	Lost bool
}

// Error renders the failure on one line.
func (e *RequestError) Error() string { return e.What + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *RequestError) Unwrap() error { return e.Err }

// Is makes a lost request match ErrConnectionLost.
func (e *RequestError) Is(target error) bool { return e.Lost && target == ErrConnectionLost }

func (e *RequestError) hint() string       { return e.Hint }
func (e *RequestError) evidence() Evidence { return Evidence{} }

// ServerExitError says that a stdio server nobody stopped ended.
type ServerExitError struct {
	// Status is how the process ended: "exit status 1", "signal: killed".
	Status string
	// Stderr holds its last stderr lines, which usually give the reason
	// (a panic, a missing setting).
	Stderr []string
}

// Error renders the failure on one line.
func (e *ServerExitError) Error() string { return "the server exited (" + e.Status + ")" }

func (e *ServerExitError) hint() string       { return "" }
func (e *ServerExitError) evidence() Evidence { return Evidence{Stderr: e.Stderr} }

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
	// Evidence is what the server left behind.
	Evidence Evidence
	// Also is the failure of a second attempt made on another transport
	// (SSE after streamable HTTP, for a bare URL), nil when none was made.
	Also error

	// tryOtherTransport marks a streamable HTTP failure that SSE may fix.
	tryOtherTransport bool
}

// Error renders the failure on one line; the evidence and the hint are
// fields, for the surface to lay out.
func (e *ConnectError) Error() string { return e.Phase + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *ConnectError) Unwrap() error { return e.Err }

func (e *ConnectError) hint() string       { return e.Hint }
func (e *ConnectError) evidence() Evidence { return e.Evidence }

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
