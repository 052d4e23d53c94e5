package client

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

// ListResources returns every resource, following pages.
func (s *Session) ListResources(ctx context.Context) ([]Resource, error) {
	raws, err := s.listPages(ctx, string(mcp.MethodResourcesList), "resources", func(ctx context.Context, cursor string) error {
		req := mcp.ListResourcesRequest{}
		req.Params.Cursor = mcp.Cursor(cursor)
		_, err := s.mc.ListResourcesByPage(ctx, req)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list resources: %w", err)
	}
	out := make([]Resource, 0, len(raws))
	for i, raw := range raws {
		r, err := parseResource(raw)
		if err != nil {
			return nil, fmt.Errorf("list resources: resource %d: %w", i, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// ListResourceTemplates returns every resource template, following pages.
func (s *Session) ListResourceTemplates(ctx context.Context) ([]ResourceTemplate, error) {
	raws, err := s.listPages(ctx, string(mcp.MethodResourcesTemplatesList), "resourceTemplates", func(ctx context.Context, cursor string) error {
		req := mcp.ListResourceTemplatesRequest{}
		req.Params.Cursor = mcp.Cursor(cursor)
		_, err := s.mc.ListResourceTemplatesByPage(ctx, req)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list resource templates: %w", err)
	}
	out := make([]ResourceTemplate, 0, len(raws))
	for i, raw := range raws {
		t, err := parseTemplate(raw)
		if err != nil {
			return nil, fmt.Errorf("list resource templates: template %d: %w", i, err)
		}
		out = append(out, t)
	}
	return out, nil
}

// ReadResource reads one resource, driving input rounds on 2026-07-28.
// A URI the server does not know comes back as *UnknownResourceError; a URI
// that still holds a template expression ({name}) is refused before
// anything is sent, with a *TemplateError.
func (s *Session) ReadResource(ctx context.Context, uri string) (*ReadResult, error) {
	what := "read " + truncate(uri, 120)
	if err := checkReadURI(uri); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	req := mcp.ReadResourceRequest{}
	req.Params.URI = uri
	raw, elapsed, err := s.exchange(ctx, string(mcp.MethodResourcesRead), uri, what, func(ctx context.Context) error {
		_, err := s.mc.ReadResource(ctx, req)
		return err
	})
	if err != nil {
		return nil, unknownResource(what, uri, err)
	}
	var w struct {
		Contents []ResourceContents `json:"contents"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		return nil, fmt.Errorf("%s: the result is not a resources/read result: %w", what, err)
	}
	return &ReadResult{Contents: w.Contents, Raw: raw, Duration: elapsed}, nil
}

// checkReadURI refuses what cannot be a resource's URI: nothing, or a
// template whose variables were not all filled.
func checkReadURI(uri string) error {
	if strings.TrimSpace(uri) == "" {
		return &TemplateError{Problem: "the URI is empty"}
	}
	// Braces that do not parse as a template are the server's business.
	if vars, err := TemplateVariables(uri); err == nil && len(vars) > 0 {
		return &TemplateError{URI: uri, Variable: vars[0], Problem: "a template variable was left unfilled"}
	}
	return nil
}
