package client

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// answerHandlers adapts the session's Answerer to mcp-go's handlers for
// legacy server requests.
type answerHandlers struct{ s *Session }

func (h answerHandlers) ask(ctx context.Context, kind AskKind, params any, out any) error {
	raw, err := json.Marshal(params)
	if err != nil {
		return fmt.Errorf("%s: params: %w", kind, err)
	}
	answer := h.s.opts.Answer
	if answer == nil {
		return &UnansweredError{Ask: Ask{Kind: kind, Params: raw}}
	}
	res, err := answer(ctx, Ask{Kind: kind, Params: raw})
	if err != nil {
		return err
	}
	if err := json.Unmarshal(res, out); err != nil {
		return fmt.Errorf("%s: answer: %w", kind, err)
	}
	return nil
}

// Elicit implements mcpclient.ElicitationHandler.
func (h answerHandlers) Elicit(ctx context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	var res mcp.ElicitationResult
	if err := h.ask(ctx, AskElicit, req.Params, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// CreateMessage implements mcpclient.SamplingHandler.
func (h answerHandlers) CreateMessage(ctx context.Context, req mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	var res mcp.CreateMessageResult
	if err := h.ask(ctx, AskSample, req.CreateMessageParams, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// ListRoots implements mcpclient.RootsHandler.
func (h answerHandlers) ListRoots(ctx context.Context, _ mcp.ListRootsRequest) (*mcp.ListRootsResult, error) {
	var res mcp.ListRootsResult
	if err := h.ask(ctx, AskRoots, struct{}{}, &res); err != nil {
		return nil, err
	}
	return &res, nil
}
