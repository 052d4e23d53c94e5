package stdio

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
)

// running is the table of the requests a connection is serving, by id, so
// that a notifications/cancelled finds the request it names. Its zero value
// is an empty table.
type running struct {
	mu   sync.Mutex
	byID map[string]*request
}

// request is one running request. Its hooks run, under mu, when the client
// cancels it; mu also makes a hook's stop wait for a hook that is running.
type request struct {
	cancelCtx context.CancelFunc

	mu        sync.Mutex
	cancelled bool
	hooks     []*hook
}

// hook is one OnCancelled registration.
type hook struct {
	f       func()
	stopped bool
}

// requestCtxKey is the context key under which Serve stores a request.
type requestCtxKey struct{}

// requestKey returns the table key of a message id, and false when the
// message has none (a notification). Ids are compared as compact JSON, so
// 7 and "7" stay different requests, as JSON-RPC has them.
func requestKey(id json.RawMessage) (string, bool) {
	var b bytes.Buffer
	if len(id) == 0 || json.Compact(&b, id) != nil || b.String() == "null" {
		return "", false
	}
	return b.String(), true
}

// start registers the request id and returns its context, which ends when
// the client cancels it or ctx ends, and the function to call once it has
// been answered.
func (r *running) start(ctx context.Context, id string) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	req := &request{cancelCtx: cancel}
	r.mu.Lock()
	if r.byID == nil {
		r.byID = map[string]*request{}
	}
	r.byID[id] = req
	r.mu.Unlock()
	return context.WithValue(ctx, requestCtxKey{}, req), func() {
		r.mu.Lock()
		// A client that reuses an id while the first request runs has
		// replaced it; only the request itself may take its entry out.
		if r.byID[id] == req {
			delete(r.byID, id)
		}
		r.mu.Unlock()
		cancel()
	}
}

// cancel handles the params of a notifications/cancelled: the request it
// names runs its hooks and has its context cancelled. A request that is
// not running (already answered, or never sent) is ignored, as the spec
// asks.
func (r *running) cancel(params json.RawMessage) {
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(params, &p) != nil {
		return
	}
	id, ok := requestKey(p.RequestID)
	if !ok {
		return
	}
	r.mu.Lock()
	req := r.byID[id]
	r.mu.Unlock()
	if req != nil {
		req.fire()
	}
}

// fire runs the hooks once, then cancels the request's context.
func (req *request) fire() {
	req.mu.Lock()
	if !req.cancelled {
		req.cancelled = true
		for _, h := range req.hooks {
			if !h.stopped {
				h.f()
			}
		}
	}
	req.mu.Unlock()
	req.cancelCtx()
}

// OnCancelled arranges for f to run when the client sends
// notifications/cancelled for the request that ctx belongs to: on Serve's
// reading goroutine, as the notification is read and before the request's
// context is cancelled. So f sees the cancellation when it arrives, however
// late the handler notices it. If the request was cancelled already, f runs
// at once, before OnCancelled returns. f must return promptly and must not
// call OnCancelled or stop: the connection reads nothing while it runs.
//
// stop unregisters f; it reports whether it did so before f ran (true), or
// f has run (false), and it waits for a running f to return. For a context
// that is not a request served by Serve (another transport, or none) f
// never runs and stop reports true.
func OnCancelled(ctx context.Context, f func()) (stop func() bool) {
	req, ok := ctx.Value(requestCtxKey{}).(*request)
	if !ok {
		return func() bool { return true }
	}
	req.mu.Lock()
	if req.cancelled {
		f()
		req.mu.Unlock()
		return func() bool { return false }
	}
	h := &hook{f: f}
	req.hooks = append(req.hooks, h)
	req.mu.Unlock()
	return func() bool {
		req.mu.Lock()
		defer req.mu.Unlock()
		if req.cancelled {
			return false
		}
		h.stopped = true
		return true
	}
}
