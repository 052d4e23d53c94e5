package client

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// ElicitFunc answers a server's elicitation/create request: its message and
// requested schema in; an action ("accept", "decline" or "cancel") and, on
// accept, the content out.
type ElicitFunc func(ctx context.Context, message string, requestedSchema json.RawMessage) (action string, content json.RawMessage, err error)

// SampleFunc answers a server's sampling/createMessage request (its params,
// raw) with the text of an assistant message.
type SampleFunc func(ctx context.Context, params json.RawMessage) (text string, err error)

// elicitHandler adapts an ElicitFunc to mcp-go.
type elicitHandler struct {
	fn   ElicitFunc
	emit func(Event)
}

// Elicit implements mcpclient.ElicitationHandler.
func (h elicitHandler) Elicit(ctx context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	schema, err := json.Marshal(req.Params.RequestedSchema)
	if err != nil {
		return nil, fmt.Errorf("elicitation: requestedSchema: %w", err)
	}
	action, content, err := h.fn(ctx, req.Params.Message, schema)
	if err != nil {
		return nil, err
	}
	res := &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: mcp.ElicitationResponseAction(action)}}
	if len(content) > 0 {
		var v any
		if err := json.Unmarshal(content, &v); err != nil {
			return nil, fmt.Errorf("elicitation: content: %w", err)
		}
		res.Content = v
	}
	return res, nil
}

// sampleHandler adapts a SampleFunc to mcp-go.
type sampleHandler struct{ fn SampleFunc }

// CreateMessage implements mcpclient.SamplingHandler.
func (h sampleHandler) CreateMessage(ctx context.Context, req mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	params, err := json.Marshal(req.CreateMessageParams)
	if err != nil {
		return nil, fmt.Errorf("sampling: %w", err)
	}
	text, err := h.fn(ctx, params)
	if err != nil {
		return nil, err
	}
	return &mcp.CreateMessageResult{
		SamplingMessage: mcp.SamplingMessage{Role: mcp.RoleAssistant, Content: mcp.NewTextContent(text)},
		Model:           "toolbench", StopReason: "endTurn",
	}, nil
}
