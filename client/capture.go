package client

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// capture collects, for one logical request, the id mcp-go gave it and the
// server's raw reply. mcp-go may send more than one request for one call (a
// discovery probe before initialize, input round trips for tools/call); the
// last reply to one of the wanted methods wins.
type capture struct {
	methods []string

	mu     sync.Mutex
	id     mcp.RequestId
	sent   bool
	result json.RawMessage
	rpcErr *mcp.JSONRPCErrorDetails
}

type captureKey struct{}

// withCapture asks the tap to keep the raw replies to methods for the caller.
func withCapture(ctx context.Context, methods ...string) (context.Context, *capture) {
	c := &capture{methods: methods}
	return context.WithValue(ctx, captureKey{}, c), c
}

func captureFrom(ctx context.Context) *capture {
	c, _ := ctx.Value(captureKey{}).(*capture)
	return c
}

func (c *capture) wants(method string) bool {
	for _, m := range c.methods {
		if m == method {
			return true
		}
	}
	return false
}

func (c *capture) sending(req transport.JSONRPCRequest) {
	if c == nil || !c.wants(req.Method) {
		return
	}
	c.mu.Lock()
	c.id, c.sent = req.ID, true
	c.mu.Unlock()
}

func (c *capture) received(req transport.JSONRPCRequest, resp *transport.JSONRPCResponse) {
	if c == nil || !c.wants(req.Method) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if resp.Error != nil {
		c.result, c.rpcErr = nil, resp.Error
		return
	}
	c.result, c.rpcErr = resp.Result, nil
}

// requestID returns the id of the last wanted request sent, if any.
func (c *capture) requestID() (mcp.RequestId, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.id, c.sent
}

// reply returns the raw result or the JSON-RPC error of the last reply.
func (c *capture) reply() (json.RawMessage, *mcp.JSONRPCErrorDetails) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.result, c.rpcErr
}
