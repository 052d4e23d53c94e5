package client

import "context"

// ListResources returns every resource, following pages.
func (s *Session) ListResources(ctx context.Context) ([]Resource, error) {
	return nil, errNotBuilt
}

// ListResourceTemplates returns every resource template, following pages.
func (s *Session) ListResourceTemplates(ctx context.Context) ([]ResourceTemplate, error) {
	return nil, errNotBuilt
}

// ReadResource reads one resource, driving input rounds on 2026-07-28.
func (s *Session) ReadResource(ctx context.Context, uri string) (*ReadResult, error) {
	return nil, errNotBuilt
}
