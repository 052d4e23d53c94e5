package client

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/client/transport"
)

// splice is what a multi-round-trip retry adds to its request's params:
// inputResponses and requestState, as raw JSON. mcp-go builds the retry's
// params itself (and may re-encode them); the tap puts these members in
// last, so the requestState goes out byte for byte as the server sent it.
type splice struct {
	method string
	// members are the params members to set, by name.
	members map[string]json.RawMessage
}

type spliceKey struct{}

// withSplice asks the tap to add sp's members to the params of the next
// request for sp.method sent on ctx.
func withSplice(ctx context.Context, sp *splice) context.Context {
	if sp == nil {
		return ctx
	}
	return context.WithValue(ctx, spliceKey{}, sp)
}

// spliced returns req with the members of ctx's splice in its params; req
// itself when there is none for its method or its params are not an object.
func spliced(ctx context.Context, req transport.JSONRPCRequest) transport.JSONRPCRequest {
	sp, _ := ctx.Value(spliceKey{}).(*splice)
	if sp == nil || sp.method != req.Method {
		return req
	}
	params := map[string]json.RawMessage{}
	if req.Params != nil {
		b, err := json.Marshal(req.Params)
		if err != nil || json.Unmarshal(b, &params) != nil || params == nil {
			return req
		}
	}
	for k, v := range sp.members {
		params[k] = v
	}
	b, err := json.Marshal(params)
	if err != nil {
		return req
	}
	req.Params = json.RawMessage(b)
	return req
}

type groupKey struct{}

// withGroup makes the frames of the requests sent on ctx carry group.
func withGroup(ctx context.Context, group int64) context.Context {
	return context.WithValue(ctx, groupKey{}, group)
}

// groupFrom returns the frame group of ctx, 0 for none.
func groupFrom(ctx context.Context) int64 {
	g, _ := ctx.Value(groupKey{}).(int64)
	return g
}

// recordGrouped records v as a frame of group.
func (t *tap) recordGrouped(group int64, dir Direction, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte(`{"error":"toolbench could not encode this frame"}`)
	}
	f := newFrame(dir, b)
	f.Group = group
	t.record(f)
}
