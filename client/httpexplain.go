package client

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"syscall"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/toolbench/toolbench/redirect"
	"github.com/toolbench/toolbench/target"
)

// explainHTTP turns a failure to reach or initialize an HTTP server into a
// ConnectError that says what the server did and what to try.
func (s *Session) explainHTTP(ctx context.Context, phase string, err error) *ConnectError {
	if ce := explainTLS(phase, err, s.target); ce != nil {
		return ce
	}
	url := target.Redact(s.target.URL)
	ce := &ConnectError{Phase: phase, Err: redactErr(err)}
	var errno syscall.Errno
	var dnsErr *net.DNSError
	var he *HTTPError
	var re *redirect.Error
	switch {
	case errors.As(err, &re):
		// The hop was never made: nothing the server said explains more.
		ce.Err, ce.Hint = re, re.Hint()
		return ce
	case errors.As(err, &errno) && errno == syscall.ECONNREFUSED:
		ce.Err = fmt.Errorf("connection refused at %s", url)
		ce.Hint = "is the server running and listening on that host and port?"
		return ce
	case errors.As(err, &dnsErr):
		ce.Err = fmt.Errorf("cannot resolve host %q", dnsErr.Name)
		return ce
	case errors.As(err, &he):
		ce.Err, ce.Hint = he, he.hint()
		return ce
	case errors.Is(err, context.DeadlineExceeded):
		return ce
	}
	a := s.probe.lastAnswer()
	if a != nil && (a.Status == http.StatusUnauthorized || a.Status == http.StatusForbidden) {
		explainAccess(ce, a)
		return ce
	}
	if mismatch := s.explainMismatch(ctx, phase, err); mismatch != nil {
		return mismatch
	}
	switch {
	case a == nil:
	case a.Status == http.StatusNotFound:
		ce.Err = fmt.Errorf("no MCP endpoint at %s (HTTP 404)", url)
		ce.Hint = "MCP endpoints are usually at /mcp (streamable HTTP) or /sse (SSE); check the server's docs for its path"
	case a.Status == http.StatusMethodNotAllowed:
		ce.Err = fmt.Errorf("%s %s is not allowed (HTTP 405)", a.Method, url)
		ce.Hint = "the endpoint may speak the other HTTP transport: try `sse URL` or `http URL`"
	default:
		he := newHTTPError(a)
		ce.Err, ce.Hint = he, he.hint()
	}
	return ce
}

// explainAccess says why the server refused access and keeps its challenge,
// which names the scheme it wants (Bearer for OAuth) and, for OAuth, where
// its authorization metadata is.
func explainAccess(ce *ConnectError, a *httpAnswer) {
	ce.Evidence.Challenge = a.Challenge
	if a.Status == http.StatusUnauthorized {
		ce.Err = errors.New("the server refused access (HTTP 401 Unauthorized): it wants credentials, " +
			"such as an OAuth access token")
		ce.Hint = "toolbench cannot sign in with OAuth yet; get a token from the server's provider and " +
			"pass it with -H 'Authorization: Bearer <token>' (or the header the server expects)"
		return
	}
	ce.Err = errors.New("the server refused access (HTTP 403 Forbidden): the credentials sent are not " +
		"enough for it, or none were sent")
	ce.Hint = "check the token and the scopes it grants (an OAuth server names the scope it wants in its challenge); " +
		"pass credentials with -H 'Authorization: Bearer <token>' (or the header the server expects)"
}

// explainMismatch recognises an endpoint of the other HTTP transport when
// the person named one: `sse URL` at a streamable HTTP endpoint, or `http
// URL` at an SSE-only one. What failed is only a hint (an event stream that
// never names an endpoint, a 4xx to the first POST), so one more request
// asks the endpoint in its own transport's terms. A bare URL needs none of
// this: both transports are tried.
func (s *Session) explainMismatch(ctx context.Context, phase string, err error) *ConnectError {
	if s.target.Transport != s.transport {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), min(sniffTimeout, s.opts.Timeout))
	defer cancel()
	url := target.Redact(s.target.URL)
	switch {
	case s.transport == target.SSE && s.probe.servesStreamable(ctx, s.target):
		what := "it answers a JSON-RPC POST"
		if s.probe.openedStream() {
			what = "it opened an event stream but sent no endpoint event, and answers a JSON-RPC POST"
		}
		return &ConnectError{Phase: phase,
			Err:  fmt.Errorf("%s is a streamable HTTP endpoint, not an SSE one: %s", url, what),
			Hint: "connect with `http " + url + "`, or give the bare URL and toolbench tries both transports"}
	case s.transport == target.StreamableHTTP && worthTryingSSE(err, s.probe) && s.probe.servesSSE(ctx, s.target):
		return &ConnectError{Phase: phase,
			Err:  fmt.Errorf("%s is an SSE endpoint (the older HTTP+SSE transport), not a streamable HTTP one: it refuses the POST and answers a GET with an endpoint event", url),
			Hint: "connect with `sse " + url + "`, or give the bare URL and toolbench tries both transports"}
	}
	return nil
}

// worthTryingSSE says whether a failed streamable HTTP attempt may mean the
// server speaks the older HTTP+SSE transport, per the spec's backwards
// compatibility advice: a 4xx on the initialize POST, or an unexpected answer.
func worthTryingSSE(err error, probe *httpProbe) bool {
	if isFinal(err) {
		return false
	}
	if errors.Is(err, transport.ErrLegacySSEServer) {
		return true
	}
	a := probe.lastAnswer()
	if a == nil {
		return false
	}
	return a.Status >= 400 && a.Status < 500 &&
		a.Status != http.StatusUnauthorized && a.Status != http.StatusForbidden
}

// explainRequestHTTP says what went wrong over HTTP with a request that got
// no answer, or returns nil when the HTTP traffic showed nothing wrong.
func explainRequestHTTP(what string, ctx context.Context, err error, rawURL string) error {
	url := target.Redact(rawURL)
	var he *HTTPError
	if errors.As(err, &he) {
		return &RequestError{What: what, Err: he, Hint: he.hint()}
	}
	if ex := exchangeFrom(ctx); ex != nil {
		if broke := ex.streamBroke(); broke != nil {
			return &RequestError{What: what, Lost: true,
				Err:  fmt.Errorf("the connection to %s was lost before the result arrived: the response stream broke off (%w)", url, broke),
				Hint: "the server may have crashed or restarted, or a proxy cut the stream; the tool may have run all the same"}
		}
	}
	var errno syscall.Errno
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.As(err, &errno) && errno == syscall.ECONNRESET:
		return &RequestError{What: what, Lost: true,
			Err:  fmt.Errorf("the server at %s closed the connection without answering (%w)", url, wireCause(err)),
			Hint: "it may have crashed or restarted; the tool may have run all the same"}
	case errors.As(err, &errno) && errno == syscall.ECONNREFUSED:
		return &RequestError{What: what, Lost: true,
			Err:  fmt.Errorf("the server at %s refused the connection: it is no longer listening (%w)", url, wireCause(err)),
			Hint: "restart it and try again"}
	}
	return nil
}

// wireCause is the innermost error of err's chain: "EOF" or "connection
// reset by peer" rather than mcp-go's layers of "failed to send request".
func wireCause(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}
