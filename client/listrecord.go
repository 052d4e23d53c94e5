package client

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/toolbench/toolbench/tool"
)

// ListPage is one page of a list result exactly as the server sent it:
// what the host rules judge (cache fields on 2026-07-28, pagination).
type ListPage struct {
	// Method is "tools/list", "resources/list"…
	Method string
	// Page counts from 1 within its method.
	Page int
	// Raw is the result object as sent.
	Raw json.RawMessage
}

// pageRecorder keeps each list page a request made under its context
// fetched, so that the pages come from the same requests as the items,
// never from a second round.
type pageRecorder struct {
	mu    sync.Mutex
	pages []ListPage
}

type pageRecorderKey struct{}

// withPages starts recording the list pages fetched under ctx.
func withPages(ctx context.Context) (context.Context, *pageRecorder) {
	rec := &pageRecorder{}
	return context.WithValue(ctx, pageRecorderKey{}, rec), rec
}

// recordPage notes a page when ctx records them; raw is copied because the
// capture's buffer may be reused.
func recordPage(ctx context.Context, method string, raw json.RawMessage) {
	rec, ok := ctx.Value(pageRecorderKey{}).(*pageRecorder)
	if !ok {
		return
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	n := 1
	for _, p := range rec.pages {
		if p.Method == method {
			n++
		}
	}
	rec.pages = append(rec.pages, ListPage{Method: method, Page: n, Raw: append(json.RawMessage(nil), raw...)})
}

// all is every page recorded, in the order fetched.
func (r *pageRecorder) all() []ListPage {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]ListPage(nil), r.pages...)
}

// ListToolsPages is ListTools that also returns each tools/list page's
// result as sent, from the same requests.
func (s *Session) ListToolsPages(ctx context.Context) ([]tool.Tool, []json.RawMessage, error) {
	ctx, rec := withPages(ctx)
	tools, err := s.ListTools(ctx)
	if err != nil {
		return nil, nil, err
	}
	pages := rec.all()
	raws := make([]json.RawMessage, len(pages))
	for i, p := range pages {
		raws[i] = p.Raw
	}
	return tools, raws, nil
}

// ListOtherPages fetches every page of resources/list,
// resources/templates/list and prompts/list the server's capabilities
// declare, and returns the pages as sent, in that order.
func (s *Session) ListOtherPages(ctx context.Context) ([]ListPage, error) {
	ctx, rec := withPages(ctx)
	if s.declares("resources") {
		if _, err := s.ListResources(ctx); err != nil {
			return nil, err
		}
		if _, err := s.ListResourceTemplates(ctx); err != nil {
			return nil, err
		}
	}
	if s.declares("prompts") {
		if _, err := s.ListPrompts(ctx); err != nil {
			return nil, err
		}
	}
	return rec.all(), nil
}
