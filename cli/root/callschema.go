package root

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/client/toolcache"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/tool"
)

// schemaCache is the tools `call` called on one server, as that server
// last listed them (client/toolcache). Only stdio servers have one: on
// streamable HTTP at 2026-07-28 the session needs the listing itself (to
// mirror x-mcp-header parameters), and the era is known only once
// connected. A nil *schemaCache remembers nothing.
type schemaCache struct {
	store *toolcache.Store
	key   string
}

// openSchemaCache returns the cache of the server t names, or nil.
func openSchemaCache(t target.Target) *schemaCache {
	if t.Transport != target.Stdio {
		return nil
	}
	dir, err := toolcache.DefaultDir()
	if err != nil {
		return nil
	}
	return &schemaCache{store: toolcache.Open(dir), key: toolcache.Key(t)}
}

// tool returns the tool name as last listed, if it is remembered and
// still reads as a tool of that name.
func (c *schemaCache) tool(name string) (tool.Tool, bool) {
	if c == nil {
		return tool.Tool{}, false
	}
	raw, ok := c.store.Tool(c.key, name)
	if !ok {
		return tool.Tool{}, false
	}
	t, err := tool.Parse(raw)
	if err != nil || t.Name != name {
		return tool.Tool{}, false
	}
	return t, true
}

// remember keeps t as listed. Failing to write costs the next call a
// listing, so it is not reported.
func (c *schemaCache) remember(t tool.Tool) {
	if c != nil {
		_ = c.store.Remember(c.key, t.Name, t.Raw)
	}
}

// refresh replaces what a complete listing shows differently.
func (c *schemaCache) refresh(tools []tool.Tool) {
	if c == nil {
		return
	}
	listed := make(map[string]json.RawMessage, len(tools))
	for _, t := range tools {
		listed[t.Name] = t.Raw
	}
	_ = c.store.Refresh(c.key, listed)
}

// callPlan is the tool a call is checked and judged against, and the
// arguments to send.
type callPlan struct {
	tool    tool.Tool
	payload []byte
	// cached is set while tool comes from the cache, unconfirmed by a
	// listing in this session.
	cached bool
	cache  *schemaCache
}

// prepare opens the session and settles the tool and the arguments. A
// tool remembered from an earlier call is called without listing when the
// arguments fit its inputSchema; when they do not, or nothing is
// remembered, the tools are listed and the arguments checked against the
// listing, so a stale cache never refuses a call.
func (o *callOptions) prepare(ctx context.Context, live *reach, base []byte) (*client.Session, callPlan, error) {
	cache := openSchemaCache(live.Server.Target)
	if t, ok := cache.tool(o.Tool); ok {
		payload, err := mergeArgs(base, o.ArgPairs, t.InputSchema)
		if err == nil && o.validate(o.IO, t, payload) == nil {
			s, err := live.dial(ctx)
			if err != nil {
				return nil, callPlan{}, err
			}
			s.NoteTools([]tool.Tool{t})
			return s, callPlan{tool: t, payload: payload, cached: true, cache: cache}, nil
		}
	}
	s, tools, err := live.listTools(ctx)
	if err != nil {
		return nil, callPlan{}, err
	}
	plan, err := o.planFrom(tools, base)
	if err != nil {
		s.Close()
		return nil, callPlan{}, err
	}
	plan.cache = cache
	cache.remember(plan.tool)
	return s, plan, nil
}

// planFrom finds the tool in a listing and checks the arguments against it.
func (o *callOptions) planFrom(tools []tool.Tool, base []byte) (callPlan, error) {
	t, err := findTool(tools, o.Tool)
	if err != nil {
		return callPlan{}, err
	}
	payload, err := mergeArgs(base, o.ArgPairs, t.InputSchema)
	if err != nil {
		return callPlan{}, err
	}
	if err := o.validate(o.IO, t, payload); err != nil {
		return callPlan{}, err
	}
	return callPlan{tool: t, payload: payload}, nil
}

// recheck lists the tools afresh when a cached schema may be why a call
// went wrong: the server answered with a JSON-RPC error, or the result
// breaks the cached outputSchema. The listing replaces the cached tool and
// the result is judged against it; a tool the server no longer lists is
// findTool's error, as it would have been without the cache. Anything
// else keeps the call's own outcome.
func (p *callPlan) recheck(ctx context.Context, s *client.Session, res *client.CallResult, callErr error) error {
	if !p.cached || !p.doubtful(res, callErr) {
		return nil
	}
	tools, err := s.ListTools(ctx)
	if err != nil {
		return nil
	}
	p.cache.refresh(tools)
	fresh, err := findTool(tools, p.tool.Name)
	if err != nil {
		return err
	}
	p.tool, p.cached = fresh, false
	p.cache.remember(fresh)
	return nil
}

// doubtful reports whether an outcome could be the cached schema's doing.
func (p *callPlan) doubtful(res *client.CallResult, callErr error) bool {
	var rpc *client.RPCError
	if callErr != nil {
		return errors.As(callErr, &rpc)
	}
	return res != nil && !res.IsError && !check.Result(p.tool.OutputSchema, res.StructuredContent, false, res.Texts()).Valid
}
