package call

import (
	"context"
	"errors"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
)

// callPlan is the tool a call is checked and judged against, and the
// arguments to send.
type callPlan struct {
	tool    tool.Tool
	payload []byte
	// cached is set while tool comes from the cache, unconfirmed by a
	// listing in this session.
	cached bool
	cache  *reach.SchemaCache
}

// prepare opens the session and settles the tool and the arguments. A
// tool remembered from an earlier call is called without listing when the
// arguments fit its inputSchema; when they do not, or nothing is
// remembered, the tools are listed and the arguments checked against the
// listing, so a stale cache never refuses a call.
func (o *CallOptions) prepare(ctx context.Context, live *reach.Live, base []byte) (*client.Session, callPlan, error) {
	cache := reach.OpenSchemaCache(live.Server.Target)
	if t, ok := cache.Tool(o.Tool); ok {
		payload, err := mergeArgs(base, o.ArgPairs, t.InputSchema)
		if err == nil && o.validate(o.IO, t, payload) == nil {
			s, err := live.Dial(ctx)
			if err != nil {
				return nil, callPlan{}, err
			}
			s.NoteTools([]tool.Tool{t})
			return s, callPlan{tool: t, payload: payload, cached: true, cache: cache}, nil
		}
	}
	s, tools, err := live.Tools(ctx)
	if err != nil {
		return nil, callPlan{}, err
	}
	plan, err := o.planFrom(tools, base)
	if err != nil {
		s.Close()
		return nil, callPlan{}, err
	}
	plan.cache = cache
	cache.Remember(plan.tool)
	return s, plan, nil
}

// planFrom finds the tool in a listing and checks the arguments against it.
func (o *CallOptions) planFrom(tools []tool.Tool, base []byte) (callPlan, error) {
	t, err := reach.FindTool(tools, o.Tool)
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
// reach.FindTool's error, as it would have been without the cache. Anything
// else keeps the call's own outcome.
func (p *callPlan) recheck(ctx context.Context, s *client.Session, res *client.CallResult, callErr error) error {
	if !p.cached || !p.doubtful(res, callErr) {
		return nil
	}
	tools, err := s.ListTools(ctx)
	if err != nil {
		return nil
	}
	p.cache.Refresh(tools)
	fresh, err := reach.FindTool(tools, p.tool.Name)
	if err != nil {
		return err
	}
	p.tool, p.cached = fresh, false
	p.cache.Remember(fresh)
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
