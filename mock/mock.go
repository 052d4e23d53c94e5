// Package mock serves the tools of a saved tools/list result as a live MCP
// server, built with mcp-go's server package: each tool is listed with the
// schemas, annotations, title and description it was saved with, checks
// every call's arguments against its inputSchema (answering isError with
// each violation's path and message), and answers valid calls with a
// structuredContent made to satisfy its outputSchema. Clients and the probe
// can then be tested against any server's tools without that server.
package mock

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/tool"
)

// Name and Version are what the mock reports in serverInfo.
const (
	Name    = "toolbench-mock"
	Version = "1.0.0"
)

// Server is an MCP server serving saved tools.
type Server struct {
	mcp   *server.MCPServer
	tools []tool.Tool
	// Warnings say where the mock cannot serve a tool exactly as saved, or
	// cannot make output that satisfies its outputSchema.
	Warnings []string
}

// Load builds a server from a saved tools/list result, in any form
// tool.ParseList reads.
func Load(data []byte) (*Server, error) {
	tools, err := tool.ParseList(data)
	if err != nil {
		return nil, err
	}
	return New(tools)
}

// New builds a server for tools. Tool names must be present and unique.
func New(tools []tool.Tool) (*Server, error) {
	s := &Server{tools: tools}
	opts := []server.ServerOption{server.WithToolCapabilities(false), server.WithRecovery(), server.WithToolFilter(savedOrder(tools))}
	if takesTasks(tools) {
		// A tool that requires a task can only be called on a server that
		// offers tasks; mcp-go runs a plain handler as a task when asked.
		opts = append(opts, server.WithTaskCapabilities(true, true, true))
	}
	s.mcp = server.NewMCPServer(Name, Version, opts...)
	seen := map[string]bool{}
	for i, t := range tools {
		switch {
		case t.Name == "":
			return nil, fmt.Errorf("tool %d has no name", i)
		case seen[t.Name]:
			return nil, fmt.Errorf("tool %q is listed twice", t.Name)
		}
		seen[t.Name] = true
		mt, warnings, err := toMCP(t)
		if err != nil {
			return nil, fmt.Errorf("tool %q: %w", t.Name, err)
		}
		h, more := newHandler(t)
		s.Warnings = append(append(s.Warnings, warnings...), more...)
		s.mcp.AddTool(mt, h.handle)
	}
	return s, nil
}

// takesTasks reports whether any of tools may run as a task.
func takesTasks(tools []tool.Tool) bool {
	for _, t := range tools {
		if t.TaskSupport == tool.TaskRequired || t.TaskSupport == tool.TaskOptional {
			return true
		}
	}
	return false
}

// savedOrder is a tool filter that lists tools in their saved order; mcp-go
// sorts them by name, and a client comparing lists would see a difference.
func savedOrder(tools []tool.Tool) server.ToolFilterFunc {
	pos := make(map[string]int, len(tools))
	for i, t := range tools {
		pos[t.Name] = i
	}
	return func(_ context.Context, listed []mcp.Tool) []mcp.Tool {
		out := append([]mcp.Tool(nil), listed...)
		sort.SliceStable(out, func(i, j int) bool { return pos[out[i].Name] < pos[out[j].Name] })
		return out
	}
}

// MCPServer returns the underlying mcp-go server, for in-process use.
func (s *Server) MCPServer() *server.MCPServer { return s.mcp }

// ToolCount is how many tools the server lists.
func (s *Server) ToolCount() int { return len(s.tools) }

// savedTool is the part of a tool object mcp-go has typed fields for.
type savedTool struct {
	Title        string              `json:"title"`
	Description  string              `json:"description"`
	Annotations  *mcp.ToolAnnotation `json:"annotations"`
	Meta         *mcp.Meta           `json:"_meta"`
	Icons        []mcp.Icon          `json:"icons"`
	Execution    *mcp.ToolExecution  `json:"execution"`
	DeferLoading bool                `json:"defer_loading"`
}

// toMCP turns a saved tool into mcp-go's type. The schemas go in raw, so
// their bytes (key order included) reach clients as saved; the other fields
// go through mcp-go's types, and a round trip through them says what, if
// anything, clients will see differently.
func toMCP(t tool.Tool) (mcp.Tool, []string, error) {
	var w savedTool
	if err := json.Unmarshal(t.Raw, &w); err != nil {
		return mcp.Tool{}, nil, fmt.Errorf("decode: %w", err)
	}
	mt := mcp.Tool{Name: t.Name, Title: w.Title, Description: w.Description,
		RawInputSchema: t.InputSchema, RawOutputSchema: t.OutputSchema,
		Meta: w.Meta, Icons: w.Icons, Execution: w.Execution, DeferLoading: w.DeferLoading}
	if w.Annotations != nil {
		mt.Annotations = *w.Annotations
	}
	if mt.RawInputSchema == nil {
		// mcp-go would otherwise list an empty typed schema with "type": "".
		mt.RawInputSchema = json.RawMessage(`{"type":"object"}`)
	}
	served, err := json.Marshal(mt)
	if err != nil {
		return mcp.Tool{}, nil, fmt.Errorf("encode: %w", err)
	}
	return mt, differences(t.Name, t.Raw, served), nil
}

// differences names the top-level fields of a tool that a client will not
// see as saved (compared as JSON values: mcp-go sorts a tool's own keys).
func differences(name string, saved, served []byte) []string {
	var a, b map[string]json.RawMessage
	if json.Unmarshal(saved, &a) != nil || json.Unmarshal(served, &b) != nil {
		return []string{fmt.Sprintf("tool %q: cannot compare the served tool with the saved one", name)}
	}
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	var out []string
	for _, k := range sortedKeys(keys) {
		switch was, is := a[k], b[k]; {
		case was == nil:
			out = append(out, fmt.Sprintf("tool %q: %q is served as %s though the saved tool has none", name, k, is))
		case is == nil:
			out = append(out, fmt.Sprintf("tool %q: %q is not served (mcp-go has no field for it)", name, k))
		case !jsondoc.Equal(was, is):
			out = append(out, fmt.Sprintf("tool %q: %q is served as %s instead of %s", name, k, is, compact(was)))
		}
	}
	return out
}

func compact(raw []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
