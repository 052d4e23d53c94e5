package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// maxToolPages stops a server whose cursors never end without repeating.
const maxToolPages = 10000

// Tool is one tool as the server described it. The parsed fields are for
// display; Raw, InputSchema and OutputSchema are the server's own bytes.
type Tool struct {
	Name        string
	Title       string
	Description string
	// InputSchema and OutputSchema are raw JSON Schema; OutputSchema is nil
	// when the tool declares none.
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage
	Annotations  Annotations
	// Meta is the tool's _meta object, nil when absent.
	Meta json.RawMessage
	// Raw is the whole tool object exactly as sent.
	Raw json.RawMessage
}

// Annotations are the tool's behaviour hints. A nil hint was not sent,
// which the spec reads differently from false (destructive and open-world
// default to true).
type Annotations struct {
	Title           string
	ReadOnlyHint    *bool
	DestructiveHint *bool
	IdempotentHint  *bool
	OpenWorldHint   *bool
	// Raw is the annotations object as sent, nil when absent.
	Raw json.RawMessage
}

// DisplayTitle is the tool's title, its annotation title, or its name.
func (t Tool) DisplayTitle() string {
	switch {
	case t.Title != "":
		return t.Title
	case t.Annotations.Title != "":
		return t.Annotations.Title
	default:
		return t.Name
	}
}

// ParseTool decodes one tool object, keeping its raw bytes.
func ParseTool(raw json.RawMessage) (Tool, error) {
	var w struct {
		Name         string          `json:"name"`
		Title        string          `json:"title"`
		Description  string          `json:"description"`
		InputSchema  json.RawMessage `json:"inputSchema"`
		OutputSchema json.RawMessage `json:"outputSchema"`
		Annotations  json.RawMessage `json:"annotations"`
		Meta         json.RawMessage `json:"_meta"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		return Tool{}, fmt.Errorf("decode tool: %w", err)
	}
	t := Tool{Name: w.Name, Title: w.Title, Description: w.Description,
		InputSchema: w.InputSchema, OutputSchema: nullToNil(w.OutputSchema),
		Meta: nullToNil(w.Meta), Raw: raw}
	if a := nullToNil(w.Annotations); a != nil {
		var aw struct {
			Title           string `json:"title"`
			ReadOnlyHint    *bool  `json:"readOnlyHint"`
			DestructiveHint *bool  `json:"destructiveHint"`
			IdempotentHint  *bool  `json:"idempotentHint"`
			OpenWorldHint   *bool  `json:"openWorldHint"`
		}
		_ = json.Unmarshal(a, &aw)
		t.Annotations = Annotations{Title: aw.Title, ReadOnlyHint: aw.ReadOnlyHint,
			DestructiveHint: aw.DestructiveHint, IdempotentHint: aw.IdempotentHint,
			OpenWorldHint: aw.OpenWorldHint, Raw: a}
	}
	return t, nil
}

func nullToNil(r json.RawMessage) json.RawMessage {
	if len(r) == 0 || string(r) == "null" {
		return nil
	}
	return r
}

// ListTools returns every tool, following pages. A cursor that repeats is an
// error rather than an endless loop.
func (s *Session) ListTools(ctx context.Context) ([]Tool, error) {
	var tools []Tool
	seen := map[string]bool{"": true}
	cursor := ""
	for page := 1; ; page++ {
		raws, next, err := s.listToolsPage(ctx, cursor)
		if err != nil {
			return nil, fmt.Errorf("list tools (page %d): %w", page, err)
		}
		for i, raw := range raws {
			t, err := ParseTool(raw)
			if err != nil {
				return nil, fmt.Errorf("list tools (page %d, tool %d): %w", page, i, err)
			}
			tools = append(tools, t)
		}
		if next == "" {
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

// listToolsPage fetches one page and returns its tools as sent.
func (s *Session) listToolsPage(ctx context.Context, cursor string) ([]json.RawMessage, string, error) {
	ctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
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
	return page.Tools, page.NextCursor, nil
}

func rpcErrorFrom(method string, e *mcp.JSONRPCErrorDetails) *RPCError {
	data, _ := json.Marshal(e.Data)
	return &RPCError{Method: method, Code: e.Code, Message: e.Message, Data: nullToNil(data)}
}

// ParseToolList reads a saved tools/list result: {"tools": [...]} (what
// `toolbench tools --json` prints), the JSON-RPC response around it, a bare
// array of tools, or a single tool object.
func ParseToolList(data []byte) ([]Tool, error) {
	var doc struct {
		Tools  []json.RawMessage `json:"tools"`
		Result struct {
			Tools []json.RawMessage `json:"tools"`
		} `json:"result"`
		Name        string          `json:"name"`
		InputSchema json.RawMessage `json:"inputSchema"`
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil {
		if err := json.Unmarshal(data, &doc); err != nil {
			return nil, fmt.Errorf("not a tool list: %w", err)
		}
		raws = doc.Tools
		if raws == nil {
			raws = doc.Result.Tools
		}
		if raws == nil && doc.Name != "" && doc.InputSchema != nil {
			raws = []json.RawMessage{bytes.TrimSpace(data)}
		}
		if raws == nil {
			return nil, fmt.Errorf(`not a tool list: want {"tools": [...]}, an array of tools or one tool object`)
		}
	}
	tools := make([]Tool, 0, len(raws))
	for i, raw := range raws {
		t, err := ParseTool(raw)
		if err != nil {
			return nil, fmt.Errorf("tool %d: %w", i, err)
		}
		tools = append(tools, t)
	}
	return tools, nil
}
