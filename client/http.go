package client

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
)

// noResponseLimit stands in for "no limit" where mcp-go insists on one: the
// request's own context, extended by progress, decides when to give up.
const noResponseLimit = 24 * time.Hour

// newHTTPTransport builds an SSE or streamable HTTP transport whose requests
// pass through probe, so failures can be explained by what the server said.
func newHTTPTransport(t Target, kind Transport, probe *httpProbe, logger *slog.Logger) (transport.Interface, error) {
	hc := &http.Client{Transport: probe}
	headers := flattenHeader(t.Header)
	if kind == SSE {
		return transport.NewSSE(t.URL,
			transport.WithHeaders(headers),
			transport.WithHTTPClient(hc),
			transport.WithSSELogger(logger),
			transport.WithResponseTimeout(noResponseLimit),
		)
	}
	return transport.NewStreamableHTTP(t.URL,
		transport.WithHTTPHeaders(headers),
		transport.WithHTTPBasicClient(hc),
		transport.WithHTTPLogger(logger),
	)
}

// flattenHeader turns repeated headers into one comma-joined value, which is
// what mcp-go's transports take and what HTTP means by repetition.
func flattenHeader(h http.Header) map[string]string {
	out := make(map[string]string, len(h))
	for k, vs := range h {
		out[k] = strings.Join(vs, ", ")
	}
	return out
}

// httpProbe is an http.RoundTripper that remembers the last HTTP answer that
// was not MCP: an error status or an HTML page. mcp-go turns these into terse
// errors ("session terminated (404)"); the probe keeps the evidence.
type httpProbe struct {
	base http.RoundTripper

	mu   sync.Mutex
	last *httpAnswer
}

// httpAnswer is what a failed HTTP exchange looked like.
type httpAnswer struct {
	Method      string
	URL         string
	Status      int
	ContentType string
	Body        string
}

func newHTTPProbe() *httpProbe {
	return &httpProbe{base: http.DefaultTransport.(*http.Transport).Clone()}
}

// RoundTrip implements http.RoundTripper.
func (p *httpProbe) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := p.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if resp.StatusCode < 400 && mt != "text/html" {
		return resp, nil
	}
	head, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(head), resp.Body), resp.Body}
	p.mu.Lock()
	p.last = &httpAnswer{Method: req.Method, URL: req.URL.Redacted(), Status: resp.StatusCode,
		ContentType: mt, Body: strings.TrimSpace(string(head))}
	p.mu.Unlock()
	return resp, nil
}

func (p *httpProbe) lastAnswer() *httpAnswer {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.last
}

// explainHTTP turns a failure to reach or initialize an HTTP server into a
// ConnectError that says what the server did and what to try.
func explainHTTP(phase string, err error, probe *httpProbe, url string) *ConnectError {
	ce := &ConnectError{Phase: phase, Err: err}
	var errno syscall.Errno
	var dnsErr *net.DNSError
	switch {
	case errors.As(err, &errno) && errno == syscall.ECONNREFUSED:
		ce.Err = fmt.Errorf("connection refused at %s", url)
		ce.Hint = "is the server running and listening on that host and port?"
		return ce
	case errors.As(err, &dnsErr):
		ce.Err = fmt.Errorf("cannot resolve host %q", dnsErr.Name)
		return ce
	case errors.Is(err, context.DeadlineExceeded):
		return ce
	}
	a := probe.lastAnswer()
	if a == nil {
		return ce
	}
	excerpt := truncate(oneLine(a.Body), 200)
	switch {
	case a.Status == http.StatusUnauthorized || a.Status == http.StatusForbidden:
		ce.Err = fmt.Errorf("the server refused access (HTTP %d %s)", a.Status, http.StatusText(a.Status))
		ce.Hint = "it needs credentials: pass them with -H 'Authorization: Bearer <token>' (or the header the server expects)"
	case a.Status == http.StatusNotFound:
		ce.Err = fmt.Errorf("no MCP endpoint at %s (HTTP 404)", url)
		ce.Hint = "MCP endpoints are usually at /mcp (streamable HTTP) or /sse (SSE); check the server's docs for its path"
	case a.Status == http.StatusMethodNotAllowed:
		ce.Err = fmt.Errorf("%s %s is not allowed (HTTP 405)", a.Method, url)
		ce.Hint = "the endpoint may speak the other HTTP transport: try `sse URL` or `http URL`"
	case a.ContentType == "text/html":
		ce.Err = fmt.Errorf("%s answered with an HTML page (HTTP %d), not MCP: %q", url, a.Status, excerpt)
		ce.Hint = "this looks like a web page or a proxy's error page, not the server's MCP endpoint"
	default:
		ce.Err = fmt.Errorf("%s %s failed with HTTP %d %s: %q", a.Method, url, a.Status, http.StatusText(a.Status), excerpt)
	}
	return ce
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
