package client

import "context"

// ListPrompts returns every prompt, following pages.
func (s *Session) ListPrompts(ctx context.Context) ([]Prompt, error) {
	return nil, errNotBuilt
}

// GetPrompt gets one prompt with its arguments, driving input rounds on
// 2026-07-28.
func (s *Session) GetPrompt(ctx context.Context, name string, args map[string]string) (*PromptResult, error) {
	return nil, errNotBuilt
}
