package client

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
)

// ListPrompts returns every prompt, following pages. The session remembers
// the prompts' declared arguments, so GetPrompt can name a missing required
// one before sending.
func (s *Session) ListPrompts(ctx context.Context) ([]Prompt, error) {
	raws, err := s.listPages(ctx, string(mcp.MethodPromptsList), "prompts", func(ctx context.Context, cursor string) error {
		req := mcp.ListPromptsRequest{}
		req.Params.Cursor = mcp.Cursor(cursor)
		_, err := s.mc.ListPromptsByPage(ctx, req)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list prompts: %w", err)
	}
	out := make([]Prompt, 0, len(raws))
	for i, raw := range raws {
		p, err := parsePrompt(raw)
		if err != nil {
			return nil, fmt.Errorf("list prompts: prompt %d: %w", i, err)
		}
		out = append(out, p)
	}
	s.prompts.remember(out)
	return out, nil
}

// GetPrompt gets one prompt with its arguments, driving input rounds on
// 2026-07-28. When the prompt was listed and a required argument has no
// value (absent or ""), nothing is sent and the error is a
// *PromptArgumentError; GetPromptUnchecked sends it anyway.
func (s *Session) GetPrompt(ctx context.Context, name string, args map[string]string) (*PromptResult, error) {
	if missing := s.prompts.missing(name, args); len(missing) > 0 {
		return nil, &PromptArgumentError{Prompt: name, Missing: missing}
	}
	return s.GetPromptUnchecked(ctx, name, args)
}

// GetPromptUnchecked is GetPrompt without the local check of required
// arguments: sending bad input on purpose is part of QA.
func (s *Session) GetPromptUnchecked(ctx context.Context, name string, args map[string]string) (*PromptResult, error) {
	what := "prompt " + truncate(name, 120)
	req := mcp.GetPromptRequest{}
	req.Params.Name = name
	req.Params.Arguments = args
	raw, _, err := s.exchange(ctx, string(mcp.MethodPromptsGet), name, what, func(ctx context.Context) error {
		_, err := s.mc.GetPrompt(ctx, req)
		return err
	})
	if err != nil {
		return nil, err
	}
	return parsePromptResult(what, raw)
}

// parsePromptResult decodes a prompts/get result, keeping the raw bytes.
func parsePromptResult(what string, raw json.RawMessage) (*PromptResult, error) {
	var w struct {
		Description string `json:"description"`
		Messages    []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		return nil, fmt.Errorf("%s: the result is not a prompts/get result: %w", what, err)
	}
	r := &PromptResult{Description: w.Description, Raw: raw, Messages: make([]PromptMessage, 0, len(w.Messages))}
	for i, m := range w.Messages {
		if len(m.Content) == 0 {
			r.Messages = append(r.Messages, PromptMessage{Role: m.Role})
			continue
		}
		c, err := parseContent(m.Content)
		if err != nil {
			return nil, fmt.Errorf("%s: message %d: %w", what, i, err)
		}
		r.Messages = append(r.Messages, PromptMessage{Role: m.Role, Content: c})
	}
	return r, nil
}

// promptCache is the declared arguments of the prompts last listed.
type promptCache struct {
	mu   sync.Mutex
	args map[string][]PromptArgument
}

func (c *promptCache) remember(prompts []Prompt) {
	m := make(map[string][]PromptArgument, len(prompts))
	for _, p := range prompts {
		m[p.Name] = p.Arguments
	}
	c.mu.Lock()
	c.args = m
	c.mu.Unlock()
}

// missing names the required arguments of prompt name that args leaves
// without a value; nil when the prompt was never listed.
func (c *promptCache) missing(name string, args map[string]string) []string {
	c.mu.Lock()
	declared := c.args[name]
	c.mu.Unlock()
	var out []string
	for _, a := range declared {
		if a.Required && args[a.Name] == "" {
			out = append(out, a.Name)
		}
	}
	return out
}
