package client

import (
	"context"
	"encoding/json"
	"fmt"
)

// listPages fetches every page of a paginated list (resources/list,
// resources/templates/list, prompts/list) and returns its items as sent,
// in order. send issues one page's request for cursor on the context it
// gets; the reply is read through the tap, not from mcp-go's types, which
// drop members. member is the result's array ("resources"). A cursor that
// repeats, or more than maxToolPages pages, is an error rather than an
// endless loop.
func (s *Session) listPages(ctx context.Context, method, member string, send func(ctx context.Context, cursor string) error) ([]json.RawMessage, error) {
	var items []json.RawMessage
	seen := map[string]bool{"": true}
	cursor := ""
	for page := 1; ; page++ {
		raws, next, err := s.listPage(ctx, method, member, cursor, send)
		if err != nil {
			return nil, fmt.Errorf("page %d: %w", page, err)
		}
		items = append(items, raws...)
		if next == "" {
			return items, nil
		}
		if seen[next] {
			return nil, fmt.Errorf("%s: the server repeated cursor %q on page %d; stopping instead of looping", method, next, page)
		}
		if page >= maxToolPages {
			return nil, fmt.Errorf("%s: more than %d pages; stopping", method, maxToolPages)
		}
		seen[next] = true
		cursor = next
	}
}

// listPage fetches one page and returns its items as sent and the next
// cursor.
func (s *Session) listPage(ctx context.Context, method, member, cursor string, send func(context.Context, string) error) ([]json.RawMessage, string, error) {
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	ctx, c := withCapture(ctx, method)
	err := send(ctx, cursor)
	raw, rpcErr := c.reply()
	if rpcErr != nil {
		return nil, "", rpcErrorFrom(method, rpcErr)
	}
	if raw == nil {
		return nil, "", s.requestError(method, ctx, err)
	}
	var page struct {
		NextCursor string `json:"nextCursor"`
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(raw, &members); err != nil {
		return nil, "", fmt.Errorf("the result is not an object: %w", err)
	}
	if err := json.Unmarshal(raw, &page); err != nil {
		return nil, "", fmt.Errorf("nextCursor: %w", err)
	}
	recordPage(ctx, method, raw)
	var items []json.RawMessage
	if list, ok := members[member]; ok {
		if err := json.Unmarshal(list, &items); err != nil {
			return nil, "", fmt.Errorf("%s is not an array: %w", member, err)
		}
	}
	return items, page.NextCursor, nil
}
