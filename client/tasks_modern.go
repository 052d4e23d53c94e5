package client

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// finishModern turns a 2026-07-28 task's terminal state into the call's
// outcome: a completed task carries the call's result, a failed one the
// JSON-RPC error the call would have had (io.modelcontextprotocol/tasks).
func (r *taskRun) finishModern(raw json.RawMessage) (*CallResult, error) {
	var end struct {
		Result json.RawMessage          `json:"result"`
		Error  *mcp.JSONRPCErrorDetails `json:"error"`
	}
	_ = json.Unmarshal(raw, &end)
	switch r.state().Status {
	case TaskCancelled:
		return nil, r.cancelledErr()
	case TaskFailed:
		if end.Error == nil {
			return nil, r.named(fmt.Errorf("%w: %s", errTaskFailedBare, truncate(oneLine(r.state().StatusMessage), 200)))
		}
		return nil, r.named(rpcErrorFrom("tools/call", end.Error))
	}
	if end.Result == nil {
		return nil, r.named(fmt.Errorf("tasks/get: the completed task carries no result: %s", truncate(string(raw), 200)))
	}
	return r.outcome(end.Result)
}

// answerInputs answers the input requests of an input_required task that
// were not answered before, in key order, through the same ask path as
// multi-round-trip rounds, and sends the answers with tasks/update. A key
// is never answered twice: a server may show it again on the next poll
// before the update takes effect.
func (r *taskRun) answerInputs(ctx context.Context, raw json.RawMessage) error {
	var m struct {
		InputRequests map[string]json.RawMessage `json:"inputRequests"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return &InputRequiredError{Method: "tasks/get", Name: r.state().ID, Round: r.updates + 1, Problem: "inputRequests must be an object of requests"}
	}
	keys := make([]string, 0, len(m.InputRequests))
	r.mu.Lock()
	for k := range m.InputRequests {
		if !r.answered[k] {
			keys = append(keys, k)
		}
	}
	r.mu.Unlock()
	if len(keys) == 0 {
		return nil
	}
	sort.Strings(keys)
	r.updates++
	responses := make(map[string]json.RawMessage, len(keys))
	for _, key := range keys {
		res, err := r.answerInput(ctx, key, m.InputRequests[key])
		if err != nil {
			return err
		}
		responses[key] = res
	}
	r.mu.Lock()
	if r.answered == nil {
		r.answered = map[string]bool{}
	}
	for _, k := range keys {
		r.answered[k] = true
	}
	r.mu.Unlock()
	b, err := json.Marshal(responses)
	if err != nil {
		return fmt.Errorf("encode answers: %w", err)
	}
	_, err = r.s.sendTaskRequest(ctx, "tasks/update", r.state().ID, map[string]json.RawMessage{"inputResponses": b})
	return err
}

// answerInput puts one input request to Options.Answer.
func (r *taskRun) answerInput(ctx context.Context, key string, raw json.RawMessage) (json.RawMessage, error) {
	var req struct {
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	id := r.state().ID
	if err := json.Unmarshal(raw, &req); err != nil {
		return nil, &InputRequiredError{Method: "tasks/get", Name: id, Round: r.updates, Problem: fmt.Sprintf("input request %q is not a request object", key)}
	}
	kind := AskKind(req.Method)
	if kind != AskElicit && kind != AskSample && kind != AskRoots {
		return nil, &InputRequiredError{Method: "tasks/get", Name: id, Round: r.updates,
			Problem: fmt.Sprintf("input request %q asks for %q, which is none of elicitation/create, sampling/createMessage, roots/list", key, truncate(req.Method, 60))}
	}
	res, err := r.s.ask(ctx, r.call, Ask{Kind: kind, Params: req.Params, Round: r.updates, Key: key})
	if err != nil {
		return nil, &askError{err}
	}
	return res, nil
}

// sendTaskRequest sends a 2026-07-28 tasks extension request (tasks/get,
// tasks/update, tasks/cancel) for task id over the session's own channel,
// as mcp-go has no such calls: with the per-request _meta every 2026-07-28
// request carries, and the Mcp-Name header set to the task id, which the
// extension asks for so that intermediaries route a task's requests to the
// instance holding it. members are added to the params. A JSON-RPC error
// comes back as a *TaskRequestError.
func (s *Session) sendTaskRequest(ctx context.Context, method, id string, members map[string]json.RawMessage) (json.RawMessage, error) {
	params := map[string]any{"taskId": id, "_meta": s.requestMeta()}
	for k, v := range members {
		params[k] = v
	}
	b, err := json.Marshal(params)
	if err != nil {
		return nil, fmt.Errorf("%s: encode params: %w", method, err)
	}
	header := http.Header{}
	header.Set(mcp.HeaderMethod, method)
	if v, ok := mcp.EncodeHeaderValue(id); ok {
		header.Set(mcp.HeaderName, v)
	}
	req := transport.JSONRPCRequest{JSONRPC: mcp.JSONRPC_VERSION, Method: method, Params: json.RawMessage(b), Header: header,
		ID: mcp.NewRequestId(fmt.Sprintf("toolbench-task-%d", s.tasks.ids.Add(1)))}
	ctx, c := withCapture(ctx, method)
	resp, err := s.tap.SendRequest(ctx, req)
	what := fmt.Sprintf("%s %s", method, truncate(oneLine(id), 80))
	switch {
	case err != nil:
		return nil, s.requestError(what, ctx, err)
	case resp.Error != nil:
		return nil, taskRPCError(id, rpcErrorFrom(method, resp.Error))
	}
	raw, _ := c.reply()
	return raw, nil
}

// requestMeta is the _meta every 2026-07-28 request carries: the protocol
// version, the client's identity and capabilities, and the log level asked
// for (basic/lifecycle; mcp-go adds the same to the requests it sends).
func (s *Session) requestMeta() map[string]any {
	meta := map[string]any{
		mcp.MetaKeyProtocolVersion:    s.mc.ProtocolVersion(),
		mcp.MetaKeyClientCapabilities: s.mc.GetClientCapabilities(),
		mcp.MetaKeyClientInfo:         mcp.Implementation{Name: "toolbench", Version: s.opts.ClientVersion},
	}
	if s.opts.LogLevel != "" {
		meta[mcp.MetaKeyLogLevel] = s.opts.LogLevel
	}
	return meta
}
