package client

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// earlyInitAfter is how long a first server/discover probe on stdio waits
// alone before initialize is sent beside it. A server that knows the probe
// answers it within milliseconds; one that ignores it would otherwise cost
// the whole probe bound (firstProbeLimit) before initialize was even sent.
const earlyInitAfter = 100 * time.Millisecond

// earlyInitGrace is how long an answered early initialize waits for the
// server/discover answer that may be right behind it.
const earlyInitGrace = 50 * time.Millisecond

// errEarlyInitialized ends a probe whose server answered the initialize
// sent beside it: a legacy server, silent to server/discover.
var errEarlyInitialized = errors.New("initialize, sent beside server/discover, was answered")

// earlyInit is an initialize sent beside the first server/discover probe
// of a stdio server whose era nothing remembers. Its answer is held for
// the initialize mcp-go sends once the probe fails, so that one goes
// unsent: the server sees a single initialize either way.
type earlyInit struct {
	// params are what mcp-go's own initialize carries.
	params any
	// answered is closed once the early initialize has its answer, or
	// failed.
	answered chan struct{}

	mu sync.Mutex
	// sent is set once the early initialize is on its way; closed once
	// mcp-go's initialize came, after which none is sent early.
	sent, closed bool
	resp         *transport.JSONRPCResponse
}

// earlyInitID is the JSON-RPC id of the early initialize; mcp-go numbers
// its requests, so a string cannot collide with them.
const earlyInitID = "toolbench-initialize"

// newEarlyInit returns the early initialize of a client called version:
// the params mcp-go sends after a failed probe (the newest protocol that
// has the handshake, toolbench's identity and capabilities).
func newEarlyInit(version string) *earlyInit {
	return &earlyInit{answered: make(chan struct{}), params: struct {
		ProtocolVersion string                 `json:"protocolVersion"`
		ClientInfo      mcp.Implementation     `json:"clientInfo"`
		Capabilities    mcp.ClientCapabilities `json:"capabilities"`
	}{mcp.LATEST_LEGACY_PROTOCOL_VERSION, mcp.Implementation{Name: "toolbench", Version: version}, clientCapabilities()}}
}

// beside returns the probe's context, probe, made to end with
// errEarlyInitialized as soon as the initialize sent beside it after
// earlyInitAfter is answered with a result. parent bounds that initialize
// (the whole handshake). stop ends the watching.
func (e *earlyInit) beside(parent, probe context.Context, t *tap) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(probe)
	go func() {
		select {
		case <-time.After(earlyInitAfter):
		case <-ctx.Done():
			return
		}
		if !e.start() {
			return
		}
		defer close(e.answered)
		req := transport.JSONRPCRequest{JSONRPC: mcp.JSONRPC_VERSION, ID: mcp.NewRequestId(earlyInitID),
			Method: string(mcp.MethodInitialize), Params: e.params}
		resp, err := t.exchange(parent, 0, req)
		if err != nil || resp == nil {
			return
		}
		e.mu.Lock()
		e.resp = resp
		e.mu.Unlock()
		if resp.Error == nil {
			// A server that speaks both eras and answers requests
			// concurrently may answer the initialize first although its
			// server/discover answer is on the way: only one still missing
			// after earlyInitGrace makes it a silent legacy server, so the
			// era chosen (and remembered) does not depend on which of its
			// goroutines won.
			select {
			case <-time.After(earlyInitGrace):
				cancel(errEarlyInitialized)
			case <-ctx.Done():
			}
		}
	}()
	return ctx, func() { cancel(context.Canceled) }
}

// start marks the early initialize sent, unless mcp-go's came first.
func (e *earlyInit) start() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return false
	}
	e.sent = true
	return true
}

// take returns the answer to the early initialize as the answer to
// mcp-go's initialize, whose id is id, waiting for it if it is on its way;
// ok is false when there is none (not sent, or no answer came), and
// mcp-go's initialize is sent.
func (e *earlyInit) take(ctx context.Context, id mcp.RequestId) (*transport.JSONRPCResponse, bool) {
	if e == nil {
		return nil, false
	}
	e.mu.Lock()
	sent := e.sent
	e.closed = true
	e.mu.Unlock()
	if !sent {
		return nil, false
	}
	select {
	case <-e.answered:
	case <-ctx.Done():
		return nil, false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.resp == nil {
		return nil, false
	}
	resp := *e.resp
	resp.ID = id
	e.resp = nil
	return &resp, true
}
