// Package tool is the pure model of an MCP tool as a server described it:
// the parsed fields a person reads and the server's own bytes that
// toolbench shows and judges. It imports no MCP library, so the client, the
// checks, the mock server and the workbench share one definition.
package tool

import (
	"bytes"
	"encoding/json"
	"fmt"
)

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
	// Excluded, when not empty, says why a client must not call this tool
	// although the server listed it (on 2026-07-28 over streamable HTTP,
	// an invalid x-mcp-header annotation). Such tools are shown, marked,
	// rather than silently dropped.
	Excluded string
	// TaskSupport is execution.taskSupport: TaskForbidden (also when
	// absent), TaskOptional or TaskRequired.
	TaskSupport string
	// App is the tool's MCP App, nil when its _meta names none.
	App *App
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

// Parse decodes one tool object, keeping its raw bytes.
func Parse(raw json.RawMessage) (Tool, error) {
	var w struct {
		Name         string          `json:"name"`
		Title        string          `json:"title"`
		Description  string          `json:"description"`
		InputSchema  json.RawMessage `json:"inputSchema"`
		OutputSchema json.RawMessage `json:"outputSchema"`
		Annotations  json.RawMessage `json:"annotations"`
		Meta         json.RawMessage `json:"_meta"`
		Execution    json.RawMessage `json:"execution"`
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
		// Hints of the wrong type are the server's mistake; lint reports
		// them from Raw, and the tool stays usable.
		_ = json.Unmarshal(a, &aw)
		t.Annotations = Annotations{Title: aw.Title, ReadOnlyHint: aw.ReadOnlyHint,
			DestructiveHint: aw.DestructiveHint, IdempotentHint: aw.IdempotentHint,
			OpenWorldHint: aw.OpenWorldHint, Raw: a}
	}
	t.parseExtensions(nullToNil(w.Execution))
	return t, nil
}

func nullToNil(r json.RawMessage) json.RawMessage {
	if len(r) == 0 || string(r) == "null" {
		return nil
	}
	return r
}

// ParseList reads a saved tools/list result: {"tools": [...]} (what
// `toolbench tools --json` prints), the JSON-RPC response around it, a bare
// array of tools, or a single tool object.
func ParseList(data []byte) ([]Tool, error) {
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
		t, err := Parse(raw)
		if err != nil {
			return nil, fmt.Errorf("tool %d: %w", i, err)
		}
		tools = append(tools, t)
	}
	return tools, nil
}
