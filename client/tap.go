package client

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// tap sits between mcp-go's client and its transport. It records every frame
// and hands the raw result of a request to whoever asked for it through the
// request's context: mcp-go's typed results drop parts of what servers send
// (schema keywords, whole tools), and a QA tool must show the server's bytes.
//
// mcp-go discovers transport features by type assertion, so tap alone only
// implements transport.Interface; wrapTransport picks a wrapper that also
// forwards exactly the optional interfaces the inner transport has.
type tap struct {
	inner  transport.Interface
	record func(Frame)

	mu      sync.Mutex
	onNote  func(mcp.JSONRPCNotification)
	cancels map[string]chan struct{}

	// typedTools says whether mcp-go needs tool lists decoded: it caches
	// every tool to mirror x-mcp-header parameters into HTTP headers, which
	// only streamable HTTP on protocol 2026-07-28 uses. Elsewhere the cache
	// is dead weight (tens of megabytes for ten thousand tools), so mcp-go
	// gets an empty list and toolbench keeps the raw one.
	typedTools func() bool

	// era enforces and observes the protocol era's rules (tapera.go); nil
	// enforces none.
	era *eraRules
	// early sends initialize beside a first server/discover probe
	// (earlyinit.go); nil sends it only after the probe.
	early *earlyInit

	// deep ends the requests whose answers the stdio line filter found
	// nested too deep to decode; nil ends none.
	deep *deepWaits

	// serve, when set, answers server-to-client requests in place of
	// mcp-go's handlers (see Session.serveRequest).
	serve func(context.Context, transport.JSONRPCRequest) *transport.JSONRPCResponse
}

func newTap(inner transport.Interface, record func(Frame)) *tap {
	t := &tap{inner: inner, record: record, cancels: map[string]chan struct{}{}}
	inner.SetNotificationHandler(t.handleNotification)
	return t
}

// Start implements transport.Interface.
func (t *tap) Start(ctx context.Context) error { return t.inner.Start(ctx) }

// Close implements transport.Interface.
func (t *tap) Close() error { return t.inner.Close() }

// GetSessionId implements transport.Interface.
func (t *tap) GetSessionId() string { return t.inner.GetSessionId() }

// SetNotificationHandler implements transport.Interface.
func (t *tap) SetNotificationHandler(h func(mcp.JSONRPCNotification)) {
	t.mu.Lock()
	t.onNote = h
	t.mu.Unlock()
}

// SendRequest implements transport.Interface.
func (t *tap) SendRequest(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	if err := t.era.before(req); err != nil {
		return nil, err
	}
	if bound := t.era.probeBound(req); bound > 0 {
		parent := ctx
		var cancel context.CancelFunc
		ctx, cancel = pausableTimeout(ctx, bound)
		defer cancel()
		if t.early != nil {
			var stop func()
			ctx, stop = t.early.beside(parent, ctx, t)
			defer stop()
		}
	}
	req = spliced(ctx, req)
	c := captureFrom(ctx)
	c.sending(req)
	group := groupFrom(ctx)
	resp, err := t.sendOrTake(ctx, group, req)
	if t.era.sendAgain(req, resp) {
		resp, err = t.exchange(ctx, group, req)
	}
	if rule := t.era.after(ctx, req, resp, err); rule != nil {
		return nil, rule
	}
	if resp != nil {
		c.received(req, resp)
		if req.Method == string(mcp.MethodToolsList) && c != nil && resp.Error == nil && t.typedTools != nil {
			if t.typedTools() {
				return withValidHeaderTools(resp), err
			}
			light := *resp
			light.Result = json.RawMessage(`{"tools":[]}`)
			return &light, err
		}
		if req.Method == string(mcp.MethodToolsCall) && c != nil && resp.Error == nil && len(resp.Result) > lightResultMin {
			light := *resp
			light.Result = withoutContent(resp.Result)
			return &light, err
		}
	}
	return resp, err
}

// sendOrTake exchanges req with the server, unless it is an initialize
// whose answer the early initialize already holds (that exchange is in
// the frame log).
func (t *tap) sendOrTake(ctx context.Context, group int64, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	if req.Method == string(mcp.MethodInitialize) {
		if resp, ok := t.early.take(ctx, req.ID); ok {
			return resp, nil
		}
	}
	return t.exchange(ctx, group, req)
}

// exchange sends req to the server and records both frames.
func (t *tap) exchange(ctx context.Context, group int64, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	t.recordGrouped(group, Sent, req)
	id, _ := json.Marshal(req.ID)
	ctx, stop := t.deep.watch(ctx, id)
	defer stop()
	resp, err := t.inner.SendRequest(context.WithValue(ctx, requestKey{}, true), req)
	if deep := deepFailure(ctx); deep != nil {
		return nil, deep
	}
	if resp != nil {
		f := newFrame(Received, responseBytes(resp))
		f.Group = group
		t.record(f)
	}
	return resp, err
}

// requestKey marks the context of a JSON-RPC request on its way to the
// transport, so the HTTP probe knows that the answer must be its response.
type requestKey struct{}

// awaitsResponse reports whether ctx is that of a request sent through a tap.
func awaitsResponse(ctx context.Context) bool {
	marked, _ := ctx.Value(requestKey{}).(bool)
	return marked
}

// SendNotification implements transport.Interface.
func (t *tap) SendNotification(ctx context.Context, n mcp.JSONRPCNotification) error {
	t.recordJSON(Sent, n)
	err := t.inner.SendNotification(ctx, n)
	if err == nil && n.Method == string(mcp.MethodNotificationCancelled) {
		id, _ := json.Marshal(n.Params.AdditionalFields["requestId"])
		t.markCancelSent(string(id))
	}
	return err
}

// cancelSent returns the channel that is closed once a notifications/cancelled
// for the request id (its JSON encoding) has been written.
func (t *tap) cancelSent(id string) chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	ch, ok := t.cancels[id]
	if !ok {
		ch = make(chan struct{})
		t.cancels[id] = ch
	}
	return ch
}

func (t *tap) markCancelSent(id string) {
	ch := t.cancelSent(id)
	t.mu.Lock()
	defer t.mu.Unlock()
	select {
	case <-ch:
	default:
		close(ch)
	}
}

// waitCancelSent waits up to d for a notifications/cancelled naming id.
func (t *tap) waitCancelSent(id mcp.RequestId, d time.Duration) bool {
	key, _ := json.Marshal(id)
	ch := t.cancelSent(string(key))
	defer func() {
		t.mu.Lock()
		delete(t.cancels, string(key))
		t.mu.Unlock()
	}()
	select {
	case <-ch:
		return true
	case <-time.After(d):
		return false
	}
}

func (t *tap) handleNotification(n mcp.JSONRPCNotification) {
	t.recordJSON(Received, n)
	t.mu.Lock()
	h := t.onNote
	t.mu.Unlock()
	if h != nil {
		h(n)
	}
}

// wrapRequestHandler records server-to-client requests and our answers,
// or hands them to serve, which records them itself, when it is set.
func (t *tap) wrapRequestHandler(h transport.RequestHandler) transport.RequestHandler {
	if t.serve != nil {
		return func(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
			return t.serve(ctx, req), nil
		}
	}
	return func(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
		t.recordJSON(Received, req)
		resp, err := h(ctx, req)
		if resp != nil {
			t.record(newFrame(Sent, responseBytes(resp)))
		}
		return resp, err
	}
}

func (t *tap) recordJSON(dir Direction, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte(`{"error":"toolbench could not encode this frame"}`)
	}
	t.record(newFrame(dir, b))
}

// responseBytes rebuilds a response envelope around the server's raw result
// without re-encoding the result, which may be tens of megabytes.
func responseBytes(r *transport.JSONRPCResponse) []byte {
	id, _ := json.Marshal(r.ID)
	key, body := `,"result":`, []byte(r.Result)
	if r.Error != nil {
		key = `,"error":`
		body, _ = json.Marshal(r.Error)
	}
	out := make([]byte, 0, len(body)+len(id)+32)
	out = append(out, `{"jsonrpc":"2.0","id":`...)
	out = append(out, id...)
	out = append(out, key...)
	out = append(out, body...)
	return append(out, '}')
}

// wrapTransport returns a tap around inner that keeps inner's optional
// interfaces: without SetProtocolVersion an HTTP transport would not send the
// negotiated protocol version header, and without SetRequestHandler server
// requests (elicitation, sampling) would go unanswered.
func wrapTransport(t *tap) transport.Interface {
	switch inner := t.inner.(type) {
	case *transport.StreamableHTTP:
		return &tapStreamable{tap: t, s: inner}
	case *transport.SSE:
		return &tapSSE{tap: t, s: inner}
	case transport.BidirectionalInterface:
		return &tapBidir{tap: t, b: inner}
	default:
		return t
	}
}

// tapBidir forwards server requests (stdio).
type tapBidir struct {
	*tap
	b transport.BidirectionalInterface
}

// SetRequestHandler implements transport.BidirectionalInterface.
func (w *tapBidir) SetRequestHandler(h transport.RequestHandler) {
	w.b.SetRequestHandler(w.wrapRequestHandler(h))
}

// tapSSE forwards the HTTP features of the SSE transport.
type tapSSE struct {
	*tap
	s *transport.SSE
}

// SetProtocolVersion implements transport.HTTPConnection.
func (w *tapSSE) SetProtocolVersion(v string) { w.s.SetProtocolVersion(v) }

// SetConnectionLostHandler lets mcp-go report a dropped SSE stream.
func (w *tapSSE) SetConnectionLostHandler(h func(error)) { w.s.SetConnectionLostHandler(h) }

// tapStreamable forwards the features of the streamable HTTP transport.
type tapStreamable struct {
	*tap
	s *transport.StreamableHTTP
}

// SetRequestHandler implements transport.BidirectionalInterface.
func (w *tapStreamable) SetRequestHandler(h transport.RequestHandler) {
	w.s.SetRequestHandler(w.wrapRequestHandler(h))
}

// SetProtocolVersion implements transport.HTTPConnection.
func (w *tapStreamable) SetProtocolVersion(v string) { w.s.SetProtocolVersion(v) }

// RequiresLegacyProtocol says that the transport does not rule out
// 2026-07-28. It is configured with the GET event stream, which mcp-go takes
// to mean legacy only; toolbench decides the era itself, and mcp-go opens
// the stream on legacy connections alone.
func (w *tapStreamable) RequiresLegacyProtocol() bool { return false }

var (
	_ transport.BidirectionalInterface = (*tapBidir)(nil)
	_ transport.HTTPConnection         = (*tapSSE)(nil)
	_ transport.HTTPConnection         = (*tapStreamable)(nil)
	_ transport.BidirectionalInterface = (*tapStreamable)(nil)
)

// lightResultMin is the size above which mcp-go gets a tools/call result
// without its content: toolbench reads the raw result, and mcp-go's typed
// copy of a 50 MB text block cost two seconds and 200 MB more at the peak.
const lightResultMin = 64 << 10

// withoutContent keeps the members of a tools/call result that mcp-go acts
// on (multi-round-trip input requests, isError, _meta) and drops content and
// structuredContent. A result that is not an object is passed on whole, for
// mcp-go to reject as before.
func withoutContent(result json.RawMessage) json.RawMessage {
	var keep struct {
		Meta          json.RawMessage `json:"_meta,omitempty"`
		ResultType    json.RawMessage `json:"resultType,omitempty"`
		IsError       json.RawMessage `json:"isError,omitempty"`
		InputRequests json.RawMessage `json:"inputRequests,omitempty"`
		RequestState  json.RawMessage `json:"requestState,omitempty"`
		Content       []struct{}      `json:"content"`
	}
	if json.Unmarshal(result, &keep) != nil {
		return result
	}
	keep.Content = []struct{}{}
	light, err := json.Marshal(keep)
	if err != nil {
		return result
	}
	return light
}
