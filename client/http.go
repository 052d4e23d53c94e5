package client

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/toolbench/toolbench/target"
)

// noResponseLimit stands in for "no limit" where mcp-go insists on one: the
// request's own context, extended by progress, decides when to give up.
const noResponseLimit = 24 * time.Hour

// newHTTPTransport builds an SSE or streamable HTTP transport whose requests
// pass through probe, so failures can be explained by what the server said.
func newHTTPTransport(t target.Target, kind target.Transport, probe *httpProbe, logger *slog.Logger) (transport.Interface, error) {
	hc := &http.Client{Transport: probe}
	headers := flattenHeader(t.Header)
	if kind == target.SSE {
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
// errors ("session terminated (404)"); the probe keeps the evidence. Answers
// mcp-go would misread it fails itself, with an *HTTPError.
type httpProbe struct {
	base http.RoundTripper
	// note reports what the probe saw that no error will, such as a stream
	// being resumed.
	note func(string)

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

func newHTTPProbe(note func(string)) *httpProbe {
	return &httpProbe{base: http.DefaultTransport.(*http.Transport).Clone(), note: note}
}

// RoundTrip implements http.RoundTripper.
func (p *httpProbe) RoundTrip(req *http.Request) (*http.Response, error) {
	if id := req.Header.Get("Last-Event-ID"); id != "" && req.Method == http.MethodGet && p.note != nil {
		p.note(fmt.Sprintf("the server ended a response stream before the result; resuming it (GET with Last-Event-ID %s)", id))
	}
	resp, err := p.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if resp.StatusCode < 400 && mt != "text/html" {
		if ex := exchangeFrom(req.Context()); ex != nil && mt == "text/event-stream" {
			resp.Body = &watchedStream{ReadCloser: resp.Body, ex: ex}
		}
		return resp, nil
	}
	head, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
	a := &httpAnswer{Method: req.Method, URL: displayURL(req), Status: resp.StatusCode,
		ContentType: mt, Body: strings.TrimSpace(string(head))}
	p.mu.Lock()
	p.last = a
	p.mu.Unlock()
	if misread(a) {
		resp.Body.Close()
		return nil, newHTTPError(a)
	}
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(head), resp.Body), resp.Body}
	return resp, nil
}

// displayURL is where req went, for messages, with its secrets redacted:
// credentials, an API key in the query, an SSE session's id.
func displayURL(req *http.Request) string { return target.Redact(req.URL.String()) }

// misread reports whether mcp-go would mistake an answer. It takes a 2xx
// HTML page for an accepted message and waits for an answer that never comes
// (SSE) or calls it an "unexpected content type" (streamable HTTP), and puts
// a 5xx body that is not JSON-RPC, raw HTML and all, into its error. Redirects
// are for net/http to follow, and the 4xx answers mcp-go knows (401, 404, the
// fallback to SSE) stay with it.
func misread(a *httpAnswer) bool {
	switch {
	case a.Status < 300:
		return a.ContentType == "text/html"
	case a.Status >= 500:
		return a.ContentType == "text/html" || !strings.Contains(a.Body, `"jsonrpc"`)
	}
	return false
}

func (p *httpProbe) lastAnswer() *httpAnswer {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.last
}

// explainHTTP turns a failure to reach or initialize an HTTP server into a
// ConnectError that says what the server did and what to try.
func explainHTTP(phase string, err error, probe *httpProbe, rawURL string) *ConnectError {
	url := target.Redact(rawURL)
	ce := &ConnectError{Phase: phase, Err: redactErr(err)}
	var errno syscall.Errno
	var dnsErr *net.DNSError
	var he *HTTPError
	switch {
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
	a := probe.lastAnswer()
	if a == nil {
		return ce
	}
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
	default:
		he := newHTTPError(a)
		ce.Err, ce.Hint = he, he.hint()
	}
	return ce
}

// HTTPError is an HTTP answer that carries no MCP message: an HTML page, or
// an error status whose body is not JSON-RPC. A request that gets one fails
// with it, wrapped.
type HTTPError struct {
	// Method is the request's HTTP method.
	Method string
	// URL is where the request went, with its secrets redacted.
	URL string
	// Status is the answer's HTTP status code.
	Status int
	// ContentType is the answer's media type, without parameters.
	ContentType string
	// Excerpt is an HTML page's title, or the start of the body on one line.
	Excerpt string
}

func newHTTPError(a *httpAnswer) *HTTPError {
	e := &HTTPError{Method: a.Method, URL: a.URL, Status: a.Status, ContentType: a.ContentType}
	if e.isHTML() {
		e.Excerpt = htmlSummary(a.Body)
	} else {
		e.Excerpt = truncate(oneLine(a.Body), 200)
	}
	return e
}

// Error says what the server answered, on one line.
func (e *HTTPError) Error() string {
	if e.isHTML() {
		return fmt.Sprintf("%s %s answered with an HTML page (HTTP %d), not MCP: %q", e.Method, e.URL, e.Status, e.Excerpt)
	}
	if e.Excerpt == "" {
		return fmt.Sprintf("%s %s failed with HTTP %d %s and an empty body", e.Method, e.URL, e.Status, http.StatusText(e.Status))
	}
	return fmt.Sprintf("%s %s failed with HTTP %d %s: %q", e.Method, e.URL, e.Status, http.StatusText(e.Status), e.Excerpt)
}

func (e *HTTPError) isHTML() bool { return e.ContentType == "text/html" }

func (e *HTTPError) evidence() Evidence { return Evidence{} }

// hint says what to try.
func (e *HTTPError) hint() string {
	switch {
	case e.isHTML():
		return "this looks like a web page, a login page or a proxy's error page, not the server's MCP endpoint; " +
			"check the URL, and pass credentials with -H if a proxy wants them"
	case e.Status >= 500:
		return "the server, or a proxy in front of it, failed; its logs should say why"
	}
	return ""
}

var (
	htmlTitle = regexp.MustCompile(`(?is)<title[^>]*>(.*?)</title>`)
	htmlTag   = regexp.MustCompile(`(?s)<[^>]*>`)
)

// htmlSummary names an HTML page by its title, or else by its first words:
// the markup itself tells a person nothing.
func htmlSummary(page string) string {
	if m := htmlTitle.FindStringSubmatch(page); m != nil {
		if t := oneLine(html.UnescapeString(m[1])); t != "" {
			return truncate(t, 120)
		}
	}
	return truncate(oneLine(html.UnescapeString(htmlTag.ReplaceAllString(page, " "))), 120)
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// exchange keeps what the HTTP traffic of one request showed that mcp-go
// does not report: a response stream that broke off before the result
// (mcp-go logs it and fails with "unexpected nil response").
type exchange struct {
	mu    sync.Mutex
	broke error
}

type exchangeKey struct{}

// withExchange makes the probe keep evidence about the requests sent on ctx.
func withExchange(ctx context.Context) context.Context {
	return context.WithValue(ctx, exchangeKey{}, &exchange{})
}

func exchangeFrom(ctx context.Context) *exchange {
	ex, _ := ctx.Value(exchangeKey{}).(*exchange)
	return ex
}

func (ex *exchange) streamBroke() error {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	return ex.broke
}

// watchedStream is an SSE response body that records on its exchange how
// it broke off: an error other than the clean end, and not caused by mcp-go
// closing it.
type watchedStream struct {
	io.ReadCloser
	ex     *exchange
	closed atomic.Bool
}

// Read implements io.Reader.
func (w *watchedStream) Read(p []byte) (int, error) {
	n, err := w.ReadCloser.Read(p)
	if err != nil && err != io.EOF && !w.closed.Load() {
		w.ex.mu.Lock()
		if w.ex.broke == nil {
			w.ex.broke = err
		}
		w.ex.mu.Unlock()
	}
	return n, err
}

// Close implements io.Closer.
func (w *watchedStream) Close() error {
	w.closed.Store(true)
	return w.ReadCloser.Close()
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
