package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// inflight is a call in progress, as the asks that arrive during it see
// it: which tool, the call's context (an ask ends when its call does), a way
// to pause the call's timeout while a person answers, and the first ask
// nobody was set up to answer.
type inflight struct {
	tool string
	ctx  context.Context
	// group is the frame group of the call's frames (see Frame.Group).
	group int64
	// turn is held while one of the call's asks is being answered.
	turn chan struct{}
	// hold pauses the call's timeout until the function it returns runs.
	hold func() (release func())
	// stop ends the call, with the cause its error reports.
	stop context.CancelCauseFunc
	// maxAsks bounds the asks answered during the call.
	maxAsks int

	mu         sync.Mutex
	unanswered *UnansweredError
	asks       int
	tooMany    *AskLimitError
}

// admit counts one more ask of the call and reports whether it may be
// answered. The first ask past the limit ends the call with an
// *AskLimitError: a server that keeps asking would otherwise keep the call
// alive, and the answers coming, for ever.
func (c *inflight) admit(a Ask) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.asks++
	if c.maxAsks <= 0 || c.asks <= c.maxAsks {
		return nil
	}
	if c.tooMany == nil {
		c.tooMany = &AskLimitError{Limit: c.maxAsks, Last: a}
		if c.stop != nil {
			c.stop(c.tooMany)
		}
	}
	return c.tooMany
}

// failure returns what ended the call from the client's side, whatever the
// server made of it: the first ask nobody answered, or the ask past the
// limit; nil when neither happened.
func (c *inflight) failure() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.unanswered != nil {
		return c.unanswered
	}
	if c.tooMany != nil {
		return c.tooMany
	}
	return nil
}

// refused notes an ask refused with ErrNoAnswer; the first one is what the
// call reports.
func (c *inflight) refused(a Ask) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.unanswered == nil {
		c.unanswered = &UnansweredError{Ask: a}
	}
}

// callTable is the set of calls in progress on a session.
type callTable struct {
	mu    sync.Mutex
	calls map[*inflight]struct{}
	group int64
	// loose is the turn of the asks that belong to no known call.
	loose chan struct{}
	// urls are the ids of the URL elicitations accepted and not yet
	// completed: notifications/elicitation/complete for any other id is
	// ignored, as the specification requires.
	urls map[string]bool
}

// looseTurn returns the turn of the asks of no known call.
func (t *callTable) looseTurn() chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.loose == nil {
		t.loose = make(chan struct{}, 1)
	}
	return t.loose
}

// newInflight returns a call of tool on ctx, in a new frame group, whose
// timeout hold pauses and which stop ends; it answers at most maxAsks asks
// (0: any number).
func (t *callTable) newInflight(ctx context.Context, tool string, hold func() func(), stop context.CancelCauseFunc, maxAsks int) *inflight {
	return &inflight{tool: tool, ctx: ctx, group: t.nextGroup(), hold: hold, stop: stop, maxAsks: maxAsks, turn: make(chan struct{}, 1)}
}

// begin registers a call; end unregisters it.
func (t *callTable) begin(c *inflight) (end func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.calls == nil {
		t.calls = map[*inflight]struct{}{}
	}
	t.calls[c] = struct{}{}
	return func() {
		t.mu.Lock()
		delete(t.calls, c)
		t.mu.Unlock()
	}
}

// nextGroup returns a new frame group id, never 0.
func (t *callTable) nextGroup() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.group++
	return t.group
}

type inflightKey struct{}

// withInflight marks ctx as that of call c: a server request that arrives
// on the call's own response stream (streamable HTTP) carries it.
func withInflight(ctx context.Context, c *inflight) context.Context {
	return context.WithValue(ctx, inflightKey{}, c)
}

// attribute finds the call a server request of kind belongs to: the one
// whose stream carried it when ctx says, else the only call in progress,
// else none (no call, or several: a legacy server request names no call).
// A roots/list belongs to a call only by its stream: legacy servers ask for
// roots on their own schedule (server-everything does after initialize and
// after each list change), and a call in progress then has nothing to do
// with it.
func (t *callTable) attribute(ctx context.Context, kind AskKind) *inflight {
	if c, ok := ctx.Value(inflightKey{}).(*inflight); ok {
		return c
	}
	if kind == AskRoots {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.calls) != 1 {
		return nil
	}
	for c := range t.calls {
		return c
	}
	return nil
}

// askContext is the context an Answerer gets for an ask of call c that
// arrived on ctx: it ends with either.
func askContext(ctx context.Context, c *inflight) (context.Context, context.CancelFunc) {
	if c == nil {
		return context.WithCancel(ctx)
	}
	actx, cancel := context.WithCancelCause(ctx)
	stop := context.AfterFunc(c.ctx, func() { cancel(context.Cause(c.ctx)) })
	return actx, func() {
		stop()
		cancel(errors.New("ask answered"))
	}
}

// serveRequest answers a request the server sent (protocol 2025-11-25 and
// older): what it asks goes to Options.Answer with its params as sent, a
// ping is answered at once, and anything else is refused as an unknown
// method. Both frames are recorded, grouped with the call the request
// belongs to when that is known: the call following the task its
// related-task _meta names, else as callTable.attribute finds it. Every transport comes here: stdio and
// streamable HTTP through mcp-go's request handler, SSE through the event
// stream filter (see sseDivert).
func (s *Session) serveRequest(ctx context.Context, req transport.JSONRPCRequest) *transport.JSONRPCResponse {
	params, ok := s.rawAsks.take(req.ID)
	var err error
	if !ok {
		params, err = rawParams(req.Params)
	}
	call := s.tasks.callOf(params)
	if call == nil {
		call = s.calls.attribute(ctx, AskKind(req.Method))
	}
	group := int64(0)
	if call != nil {
		group = call.group
	}
	s.tap.recordGrouped(group, Received, transport.JSONRPCRequest{JSONRPC: req.JSONRPC, ID: req.ID, Method: req.Method, Params: params})
	var resp *transport.JSONRPCResponse
	switch kind := AskKind(req.Method); {
	case err != nil:
		resp = transport.NewJSONRPCErrorResponse(req.ID, mcp.INVALID_PARAMS, "params are not JSON", nil)
	case req.Method == string(mcp.MethodPing):
		resp = transport.NewJSONRPCResultResponse(req.ID, json.RawMessage(`{}`))
	case kind == AskElicit || kind == AskSample || kind == AskRoots:
		resp = s.answerRequest(ctx, call, req.ID, Ask{Kind: kind, Params: params})
	default:
		resp = transport.NewJSONRPCErrorResponse(req.ID, mcp.METHOD_NOT_FOUND, "toolbench does not serve "+req.Method, nil)
	}
	f := newFrame(Sent, responseBytes(resp))
	f.Group = group
	s.tap.record(f)
	return resp
}

// answerRequest asks the Answerer and turns its answer into the response.
// A refusal tells the server only that the client did not answer, never
// why: the reason may name local files. The person learns why from a
// diagnostic, unless the call the ask belongs to fails with it.
func (s *Session) answerRequest(ctx context.Context, call *inflight, id mcp.RequestId, a Ask) *transport.JSONRPCResponse {
	res, err := s.ask(ctx, call, a)
	switch {
	case err == nil:
		s.calls.noteURLElicitation(a, res)
		return transport.NewJSONRPCResultResponse(id, res)
	case ctx.Err() != nil || (call != nil && call.ctx.Err() != nil):
		return transport.NewJSONRPCErrorResponse(id, mcp.REQUEST_INTERRUPTED, "the request this belongs to was cancelled", nil)
	case errors.Is(err, ErrNoAnswer):
		if call == nil {
			s.emit(DiagnosticEvent{At: time.Now(), Level: "INFO", Message: "not answered: " + err.Error()})
		}
		return transport.NewJSONRPCErrorResponse(id, mcp.INTERNAL_ERROR, "the client is not set up to answer "+string(a.Kind), nil)
	}
	s.emit(DiagnosticEvent{At: time.Now(), Level: "WARN", Message: "refused: " + err.Error()})
	return transport.NewJSONRPCErrorResponse(id, rejectedCode, "the client declined to answer "+string(a.Kind), nil)
}

// rejectedCode is the error code of an ask the client refused; the
// specification's sampling example uses -1 for "User rejected sampling
// request".
const rejectedCode = -1

// ask puts one Ask to Options.Answer on behalf of call (nil when the ask
// belongs to no known call), with the call's timeout paused while it is
// answered. A refusal wrapping ErrNoAnswer is noted on the call, which then
// fails with the *UnansweredError whatever the server makes of it.
func (s *Session) ask(ctx context.Context, call *inflight, a Ask) (json.RawMessage, error) {
	if call != nil {
		a.Tool = call.tool
		if err := call.admit(a); err != nil {
			return nil, fmt.Errorf("%s: %w", a.Kind, err)
		}
		defer call.hold()()
	}
	actx, done := askContext(ctx, call)
	defer done()
	turn := s.calls.looseTurn()
	if call != nil {
		turn = call.turn
	}
	// One question at a time per call, as Answerer promises: a legacy
	// server may send several at once (mcp-go's bridge does).
	select {
	case turn <- struct{}{}:
		defer func() { <-turn }()
	case <-actx.Done():
		return nil, fmt.Errorf("%s: %w", a.Kind, context.Cause(actx))
	}
	var res json.RawMessage
	err := error(&UnansweredError{Ask: a})
	if s.opts.Answer != nil {
		res, err = s.opts.Answer(actx, a)
	}
	if err != nil {
		if errors.Is(err, ErrNoAnswer) && call != nil {
			call.refused(a)
		}
		return nil, fmt.Errorf("%s: %w", a.Kind, err)
	}
	if !isJSONObject(res) {
		return nil, fmt.Errorf("%s: the answer is not a JSON object: %s", a.Kind, truncate(string(res), 100))
	}
	return res, nil
}

// rawParams returns a request's params as JSON: as sent when the
// transport kept them raw, re-encoded when it decoded them.
func rawParams(p any) (json.RawMessage, error) {
	switch v := p.(type) {
	case nil:
		return nil, nil
	case json.RawMessage:
		return v, nil
	}
	return json.Marshal(p)
}

// isJSONObject reports whether b is one JSON object.
func isJSONObject(b []byte) bool {
	var m map[string]json.RawMessage
	return json.Unmarshal(b, &m) == nil && m != nil
}

// clientCapabilities are what every session declares, whatever
// Options.Answer is, so that servers offer the tools that ask: elicitation
// in form and URL mode, sampling with tools, and roots with list-changed
// notifications.
func clientCapabilities() mcp.ClientCapabilities {
	var caps mcp.ClientCapabilities
	caps.Elicitation = &mcp.ElicitationCapability{Form: &struct{}{}, URL: &struct{}{}}
	caps.Sampling = &mcp.SamplingCapability{Tools: &struct{}{}}
	caps.Roots = &struct {
		ListChanged bool `json:"listChanged,omitempty"`
	}{ListChanged: true}
	// Only the extension: the client hosts no tasks of its own
	// (tasks.requests.elicitation and .sampling stay undeclared).
	caps.Extensions = map[string]any{TasksExtension: map[string]any{}}
	return caps
}

// rawRequests keeps the params of server requests exactly as sent, by id,
// for serveRequest: mcp-go's stdio and streamable HTTP transports decode a
// server request's params into maps, which loses the order of an
// elicitation's properties (the order the form shows them in) and
// re-encodes numbers and escapes. The stream readers note each request
// before mcp-go sees it; serveRequest takes it out.
type rawRequests struct {
	mu   sync.Mutex
	byID map[string]json.RawMessage
}

// maxRawRequests bounds the requests kept unclaimed: a server that floods
// requests mcp-go then drops must not grow memory.
const maxRawRequests = 64

// note keeps msg's params when msg is a server request.
func (r *rawRequests) note(msg []byte) {
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if json.Unmarshal(msg, &req) != nil || req.Method == "" || len(req.ID) == 0 || string(req.ID) == "null" {
		return
	}
	var id mcp.RequestId
	if json.Unmarshal(req.ID, &id) != nil {
		return
	}
	key, err := json.Marshal(id)
	if err != nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.byID == nil {
		r.byID = map[string]json.RawMessage{}
	}
	if len(r.byID) >= maxRawRequests {
		clear(r.byID)
	}
	r.byID[string(key)] = append(json.RawMessage(nil), req.Params...)
}

// take returns and forgets the raw params of the request with id.
func (r *rawRequests) take(id mcp.RequestId) (json.RawMessage, bool) {
	key, err := json.Marshal(id)
	if err != nil {
		return nil, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	raw, ok := r.byID[string(key)]
	delete(r.byID, string(key))
	return raw, ok
}

// maxWatchedLine bounds the server request whose raw params are kept; a
// longer one reaches the Answerer with its params re-encoded by mcp-go.
const maxWatchedLine = 1 << 20
