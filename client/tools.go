package client

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/tool"
)

// maxToolPages stops a server whose cursors never end without repeating.
const maxToolPages = 10000

// ListTools returns every tool, following pages. A cursor that repeats is an
// error rather than an endless loop.
func (s *Session) ListTools(ctx context.Context) ([]tool.Tool, error) {
	var tools []tool.Tool
	seen := map[string]bool{"": true}
	cursor := ""
	for page := 1; ; page++ {
		raws, next, err := s.listToolsPage(ctx, cursor)
		if err != nil {
			return nil, fmt.Errorf("list tools (page %d): %w", page, err)
		}
		for i, raw := range raws {
			t, err := tool.Parse(raw)
			if err != nil {
				return nil, fmt.Errorf("list tools (page %d, tool %d): %w", page, i, err)
			}
			tools = append(tools, t)
		}
		if next == "" {
			s.markExcluded(tools)
			s.noteTaskSupport(tools)
			return tools, nil
		}
		if seen[next] {
			return nil, fmt.Errorf("list tools: the server repeated cursor %q on page %d; stopping instead of looping", next, page)
		}
		if page >= maxToolPages {
			return nil, fmt.Errorf("list tools: more than %d pages; stopping", maxToolPages)
		}
		seen[next] = true
		cursor = next
	}
}

// NoteTools tells the session about tools listed in an earlier session
// (a cache), as ListTools would have: their task support decides whether
// a call is sent as a task, and on streamable HTTP at 2026-07-28 a tool
// with an invalid x-mcp-header annotation is refused.
func (s *Session) NoteTools(tools []tool.Tool) {
	s.markExcluded(tools)
	s.noteTaskSupport(tools)
}

// listToolsPage fetches one page and returns its tools as sent.
func (s *Session) listToolsPage(ctx context.Context, cursor string) ([]json.RawMessage, string, error) {
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	ctx, c := withCapture(ctx, string(mcp.MethodToolsList))
	req := mcp.ListToolsRequest{}
	req.Params.Cursor = mcp.Cursor(cursor)
	_, err := s.mc.ListToolsByPage(ctx, req)
	raw, rpcErr := c.reply()
	if rpcErr != nil {
		return nil, "", rpcErrorFrom("tools/list", rpcErr)
	}
	// mcp-go's typed decoding can fail, or drop tools, where the raw page is
	// fine; the raw page is what counts.
	if raw == nil {
		return nil, "", s.requestError("tools/list", ctx, err)
	}
	var page struct {
		Tools      []json.RawMessage `json:"tools"`
		NextCursor string            `json:"nextCursor"`
	}
	if err := json.Unmarshal(raw, &page); err != nil {
		return nil, "", fmt.Errorf("tools/list: the result is not a tool list: %w", err)
	}
	recordPage(ctx, "tools/list", raw)
	return page.Tools, page.NextCursor, nil
}

func rpcErrorFrom(method string, e *mcp.JSONRPCErrorDetails) *RPCError {
	data, _ := json.Marshal(e.Data)
	return &RPCError{Method: method, Code: e.Code, Message: e.Message, Data: nullToNil(data)}
}

func nullToNil(r json.RawMessage) json.RawMessage {
	if len(r) == 0 || string(r) == "null" {
		return nil
	}
	return r
}

// markExcluded sets Excluded on the tools a 2026-07-28 client must not call
// over streamable HTTP (an invalid x-mcp-header annotation), and has the tap
// refuse calls of them. mcp-go drops such tools from its list; a QA tool
// shows them, marked. Other transports and eras ignore the annotation.
func (s *Session) markExcluded(tools []tool.Tool) {
	if s.transport != target.StreamableHTTP || !mcp.IsModernProtocol(s.mc.ProtocolVersion()) {
		return
	}
	excluded := map[string]string{}
	for i := range tools {
		var mt mcp.Tool
		if err := json.Unmarshal(tools[i].Raw, &mt); err != nil {
			continue
		}
		if err := mcp.ValidateParamHeaderAnnotations(&mt); err != nil {
			tools[i].Excluded = "invalid x-mcp-header annotation: " + err.Error()
			excluded[tools[i].Name] = tools[i].Excluded
		}
	}
	s.tap.era.exclude(excluded)
}
