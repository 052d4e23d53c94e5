package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// ErrNoCompletions is what Complete returns, without asking, when the
// server declared no completions capability.
var ErrNoCompletions = errors.New("the server does not offer completions")

// CanComplete reports whether the server declared the completions
// capability; a server without it is never asked.
func (s *Session) CanComplete() bool { return declared(s.info.Capabilities, "completions") != nil }

// Complete asks for completions of argument arg of ref, given its value
// so far and the values of the arguments already filled (context.arguments).
func (s *Session) Complete(ctx context.Context, ref CompletionRef, arg, value string, filled map[string]string) (*Completion, error) {
	what := "complete " + arg
	if !s.CanComplete() {
		return nil, fmt.Errorf("%s: %w", what, ErrNoCompletions)
	}
	var r map[string]string
	switch {
	case ref.Prompt != "" && ref.URITemplate == "":
		r = map[string]string{"type": "ref/prompt", "name": ref.Prompt}
	case ref.URITemplate != "" && ref.Prompt == "":
		r = map[string]string{"type": "ref/resource", "uri": ref.URITemplate}
	default:
		return nil, fmt.Errorf("%s: the reference must name exactly one of a prompt and a URI template", what)
	}
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	ctx, c := withCapture(ctx, string(mcp.MethodCompletionComplete))
	req := mcp.CompleteRequest{}
	req.Params.Ref = r
	req.Params.Argument = mcp.CompleteArgument{Name: arg, Value: value}
	req.Params.Context = mcp.CompleteContext{Arguments: filled}
	_, err := s.mc.Complete(ctx, req)
	raw, rpcErr := c.reply()
	if rpcErr != nil {
		return nil, fmt.Errorf("%s: %w", what, rpcErrorFrom(string(mcp.MethodCompletionComplete), rpcErr))
	}
	if raw == nil {
		return nil, s.requestError(what, ctx, err)
	}
	var w struct {
		Completion struct {
			Values  []string `json:"values"`
			Total   *int     `json:"total"`
			HasMore bool     `json:"hasMore"`
		} `json:"completion"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		return nil, fmt.Errorf("%s: the result is not a completion/complete result: %w", what, err)
	}
	return &Completion{Values: w.Completion.Values, Total: w.Completion.Total, HasMore: w.Completion.HasMore}, nil
}

// Offers reports whether the server declared capability name
// ("resources", "prompts", "completions", ...) as an object, however
// empty: a server without it is not asked for that feature.
func (s *Session) Offers(name string) bool { return declared(s.info.Capabilities, name) != nil }

// declared returns member name of a capabilities object as sent, nil when
// it is absent, null or not an object.
func declared(caps json.RawMessage, name string) map[string]json.RawMessage {
	var all map[string]json.RawMessage
	if json.Unmarshal(caps, &all) != nil {
		return nil
	}
	var member map[string]json.RawMessage
	if json.Unmarshal(all[name], &member) != nil || member == nil {
		return nil
	}
	return member
}
