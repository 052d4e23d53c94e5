package client

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/mark3labs/mcp-go/client/transport"
)

// ErrSessionLost means a streamable HTTP server no longer knows the session
// toolbench started with it, most often because it restarted: every
// request on the session fails from then on, and only a new session (a
// reconnect) helps. Errors that match it are *SessionLostError.
var ErrSessionLost = errors.New("session lost")

// SessionLostError says that a streamable HTTP server refused a request
// that carried the session's Mcp-Session-Id as belonging to no session it
// knows: HTTP 404, the spec's answer for a session that ended (2025-11-25,
// basic/transports, "Session Management"), or HTTP 400 "No valid session
// ID", which servers built on the TypeScript and Python SDKs' examples
// answer instead. The fields are the answer, as evidence; the session ID
// itself is never kept, as it is a credential.
type SessionLostError struct {
	// Method is the HTTP method of the refused request.
	Method string
	// URL is where it went, with its secrets redacted.
	URL string
	// Status is the answer's HTTP status code: 404 or 400.
	Status int
	// Excerpt is the start of the answer's body on one line ("" for none).
	Excerpt string
}

// Error says what the server answered, on one line.
func (e *SessionLostError) Error() string {
	return fmt.Sprintf("the server at %s no longer knows this session: it answered %s with HTTP %d %s",
		e.URL, e.Method, e.Status, http.StatusText(e.Status))
}

// Is makes the error match ErrSessionLost.
func (e *SessionLostError) Is(target error) bool { return target == ErrSessionLost }

func (e *SessionLostError) hint() string {
	return "the server restarted or ended the session; reconnect to start a new one (what the old session held, such as subscriptions, is gone)"
}

func (e *SessionLostError) evidence() Evidence { return Evidence{} }

// noValidSession is the TypeScript and Python SDK examples' words for a
// session ID they do not know.
const noValidSession = "no valid session id"

// sessionRefused reports whether a is the server refusing the session a
// request carried. Without Mcp-Session-Id a 404 is a wrong URL and a 400 a
// bad request, not a lost session; on 2026-07-28 no session ID is sent.
func sessionRefused(req *http.Request, a *httpAnswer) *SessionLostError {
	if req.Header.Get(transport.HeaderKeySessionID) == "" {
		return nil
	}
	switch {
	case a.Status == http.StatusNotFound:
	case a.Status == http.StatusBadRequest && strings.Contains(strings.ToLower(a.Body), noValidSession):
	default:
		return nil
	}
	return &SessionLostError{Method: a.Method, URL: a.URL, Status: a.Status, Excerpt: truncate(oneLine(a.Body), 200)}
}

// noteSessionLost remembers the first answer that refused the session: once
// mcp-go has seen a 404 it refuses further requests itself
// (transport.ErrSessionTerminated), and these need the evidence too.
func (p *httpProbe) noteSessionLost(e *SessionLostError) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.lost == nil {
		p.lost = e
	}
}

// sessionLost is the *SessionLostError that explains err, or nil: the one
// err carries (the probe failed a 400 itself, as mcp-go would take its
// JSON-RPC error for the request's answer), or the remembered refusal
// behind mcp-go's ErrSessionTerminated.
func (p *httpProbe) sessionLost(err error) *SessionLostError {
	var sl *SessionLostError
	if errors.As(err, &sl) {
		return sl
	}
	if !errors.Is(err, transport.ErrSessionTerminated) {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.lost
}
