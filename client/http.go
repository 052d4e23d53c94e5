package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/toolbench/toolbench/redirect"
	"github.com/toolbench/toolbench/target"
)

// noResponseLimit stands in for "no limit" where mcp-go insists on one: the
// request's own context, extended by progress, decides when to give up.
const noResponseLimit = 24 * time.Hour

// sseEndpointLimit caps the wait for an SSE server's endpoint event. A server
// that has answered the GET sends it at once; one that opens a stream and
// sends nothing is not an SSE endpoint (a streamable HTTP one does that), and
// the wait for it must not eat a minute.
const sseEndpointLimit = 5 * time.Second

// newHTTPTransport builds an SSE or streamable HTTP transport whose requests
// pass through probe, so failures can be explained by what the server said.
func newHTTPTransport(t target.Target, kind target.Transport, probe *httpProbe, logger *slog.Logger, timeout time.Duration) (transport.Interface, error) {
	hc := probe.client(probe, 0)
	headers := flattenHeader(t.Header)
	if kind == target.SSE {
		return transport.NewSSE(t.URL,
			transport.WithHeaders(headers),
			transport.WithHTTPClient(hc),
			transport.WithSSELogger(logger),
			transport.WithResponseTimeout(noResponseLimit),
			transport.WithEndpointTimeout(min(timeout, sseEndpointLimit)),
		)
	}
	// The GET event stream carries what a legacy server sends outside a
	// request's own response stream (log messages, server requests). mcp-go
	// opens it only on legacy connections; on 2026-07-28 there is none.
	return transport.NewStreamableHTTP(t.URL,
		transport.WithHTTPHeaders(headers),
		transport.WithHTTPBasicClient(hc),
		transport.WithHTTPLogger(slog.New(quietNoListening{logger.Handler()})),
		//lint:ignore SA1019 deprecated for 2026-07-28, which has no GET stream; legacy servers still need it, and mcp-go skips it on modern connections
		transport.WithContinuousListening(),
	)
}

// noListeningMessage is what mcp-go logs, at error level, when a server
// answers the GET stream with 405: a server that offers no stream is within
// the spec, and nothing a person should be warned about.
const noListeningMessage = "server does not support listening"

// quietNoListening drops mcp-go's log record of a 405 to the GET stream.
type quietNoListening struct{ slog.Handler }

// Handle implements slog.Handler.
func (q quietNoListening) Handle(ctx context.Context, r slog.Record) error {
	if r.Message == noListeningMessage {
		return nil
	}
	return q.Handler.Handle(ctx, r)
}

// WithAttrs implements slog.Handler.
func (q quietNoListening) WithAttrs(attrs []slog.Attr) slog.Handler {
	return quietNoListening{q.Handler.WithAttrs(attrs)}
}

// WithGroup implements slog.Handler.
func (q quietNoListening) WithGroup(name string) slog.Handler {
	return quietNoListening{q.Handler.WithGroup(name)}
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
	// base is the plain transport, which the transport checks use.
	base *http.Transport
	// next carries the session's requests: base, or what
	// Options.HTTPWrap made of it (the auth package adds tokens there).
	next http.RoundTripper
	// checkJSON makes the probe read the JSON answer to each JSON-RPC
	// request and fail the ones that are not JSON-RPC responses: the
	// streamable HTTP transport answers requests in the HTTP response.
	checkJSON bool
	// note reports what the probe saw that no error will, such as a stream
	// being resumed.
	note func(string)
	// divert, when set, takes the server's requests out of a GET event
	// stream (the SSE transport's) and answers them (see sseDivert).
	divert func(msg []byte)
	// watch, when set, is shown every server request in an event stream
	// before mcp-go reads it (see rawRequests).
	watch func(msg []byte)
	// redirects is the policy of every client that sends through the
	// probe or its base (see Session.redirectPolicy).
	redirects redirect.Policy

	mu   sync.Mutex
	last *httpAnswer
	// lost is the first answer that refused the session (see
	// noteSessionLost).
	lost *SessionLostError
	// streamed is set once a GET was answered with an event stream.
	streamed bool
}

// httpAnswer is what a failed HTTP exchange looked like.
type httpAnswer struct {
	Method      string
	URL         string
	Status      int
	ContentType string
	Body        string
	// Challenge is the answer's WWW-Authenticate header.
	Challenge string
}

// newHTTPProbe returns the probe for a session with t over kind, with the
// TLS settings t asks for; a CA file that cannot be used is a *ConnectError.
func newHTTPProbe(t target.Target, kind target.Transport, note func(string), wrap func(http.RoundTripper) http.RoundTripper) (*httpProbe, error) {
	base := http.DefaultTransport.(*http.Transport).Clone()
	cfg, err := tlsConfig(t)
	if err != nil {
		return nil, err
	}
	if cfg != nil {
		base.TLSClientConfig = cfg
	}
	var next http.RoundTripper = base
	if wrap != nil {
		next = wrap(base)
	}
	return &httpProbe{base: base, next: next, checkJSON: kind == target.StreamableHTTP, note: note}, nil
}

// RoundTrip implements http.RoundTripper.
func (p *httpProbe) RoundTrip(req *http.Request) (*http.Response, error) {
	if id := req.Header.Get("Last-Event-ID"); id != "" && req.Method == http.MethodGet && p.note != nil {
		p.note(fmt.Sprintf("the server ended a response stream before the result; resuming it (GET with Last-Event-ID %s)", id))
	}
	resp, err := sendOnce(p.next, req)
	if err != nil {
		return nil, err
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if p.checkJSON && req.Method == http.MethodGet && resp.StatusCode == http.StatusMethodNotAllowed {
		// A server without a GET stream; not evidence of any failure.
		return resp, nil
	}
	if resp.StatusCode < 400 && mt != "text/html" {
		return p.passed(req, resp, mt)
	}
	if resp.StatusCode < 400 && resp.Header.Get("Location") != "" {
		// A redirect's page is no evidence: net/http follows it, or the
		// redirect policy refuses it with an error of its own.
		return resp, nil
	}
	head, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
	a := &httpAnswer{Method: req.Method, URL: displayURL(req), Status: resp.StatusCode,
		ContentType: mt, Body: strings.TrimSpace(string(head)),
		Challenge: truncate(oneLine(strings.Join(resp.Header.Values("WWW-Authenticate"), ", ")), 500)}
	p.remember(a)
	if lost := sessionRefused(req, a); lost != nil {
		p.noteSessionLost(lost)
		if a.Status == http.StatusBadRequest && req.Method != http.MethodGet {
			// mcp-go would hand its JSON-RPC error to the request as the
			// server's answer to it, or fail with the status alone.
			resp.Body.Close()
			return nil, lost
		}
	}
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

// passed looks after an answer that may carry MCP: an event stream is
// watched for breaking off, and the JSON answer to a request is checked to
// be a JSON-RPC response.
func (p *httpProbe) passed(req *http.Request, resp *http.Response, mt string) (*http.Response, error) {
	switch {
	case mt == "text/event-stream":
		if req.Method == http.MethodGet && resp.StatusCode == http.StatusOK {
			p.mu.Lock()
			p.streamed = true
			p.mu.Unlock()
			if p.divert != nil {
				resp.Body = newSSEDivert(resp.Body, p.divert, nil)
			}
		}
		if p.watch != nil {
			resp.Body = newSSEDivert(resp.Body, nil, p.watch)
		}
		if ex := exchangeFrom(req.Context()); ex != nil {
			resp.Body = &watchedStream{ReadCloser: resp.Body, ex: ex}
		}
	case mt == "application/json" && p.checkJSON && awaitsResponse(req.Context()):
		return p.checkedJSON(req, resp)
	}
	return resp, nil
}

// jsonCheckLimit bounds the JSON answers the probe reads whole to check
// them; a larger one goes to mcp-go unchecked rather than held twice.
const jsonCheckLimit = 1 << 20

// checkedJSON reads a JSON answer to a request and fails it with an
// *HTTPError when it is not a JSON-RPC response: mcp-go would report "response
// should contain RPC id: { <nil> [] <nil>}", which tells a person nothing.
func (p *httpProbe) checkedJSON(req *http.Request, resp *http.Response) (*http.Response, error) {
	body, err := io.ReadAll(io.LimitReader(resp.Body, jsonCheckLimit+1))
	if err != nil || len(body) > jsonCheckLimit {
		resp.Body = struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(body), resp.Body), resp.Body}
		return resp, nil
	}
	resp.Body.Close()
	if !isJSONRPCResponse(body) {
		a := &httpAnswer{Method: req.Method, URL: displayURL(req), Status: resp.StatusCode,
			ContentType: "application/json", Body: strings.TrimSpace(string(body))}
		p.remember(a)
		return nil, &HTTPError{Method: a.Method, URL: a.URL, Status: a.Status, ContentType: a.ContentType,
			Excerpt: truncate(oneLine(a.Body), 200), NotJSONRPC: true}
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp, nil
}

// isJSONRPCResponse reports whether body is one JSON-RPC response: an
// object with an id, which is what mcp-go needs to match it to its request.
func isJSONRPCResponse(body []byte) bool {
	var msg struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(body, &msg) != nil {
		return false
	}
	return len(msg.ID) > 0 && string(msg.ID) != "null"
}

func (p *httpProbe) remember(a *httpAnswer) {
	p.mu.Lock()
	p.last = a
	p.mu.Unlock()
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

// openedStream reports whether a GET was answered with an event stream.
func (p *httpProbe) openedStream() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.streamed
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
