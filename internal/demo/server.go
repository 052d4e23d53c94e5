package demo

import (
	"context"
	"encoding/json"
	"io"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolbench/toolbench/internal/stdio"
)

// The demo server's serverInfo and instructions. A person trying toolbench
// sees the name in the workbench header and the instructions in `toolbench
// info demo`, so they say which tool shows off what.
const (
	Name         = "toolbench-demo"
	Version      = "1.0.0"
	Instructions = "The toolbench demo server: every tool is simulated, deterministic and safe to call.\n" +
		"Forms: create_order nests objects and lists of objects, with patterns and an enum; " +
		"set_priority has enums, one of them of mixed types; draw_shape is a union (oneOf) " +
		"with a nullable colour; save_contact recurses through $ref; search_articles filters " +
		"by status and date range.\n" +
		"Output checks: the structuredContent of weather_ok matches its outputSchema, " +
		"weather_broken's breaks it and weather_missing leaves it out.\n" +
		"Progress and cancel: progress reports each step; slow waits 30 seconds, long enough " +
		"to cancel it (esc in the workbench, Ctrl-C or --timeout on the command line), and the " +
		"server is told.\n" +
		"Errors and results: fail returns isError; echo with a number for its message shows " +
		"the inputSchema check; media returns one content block of every kind."
)

// Option configures the server built by New.
type Option func(*config)

// HandlerWrapper wraps the handler of the tool name, for instance to record
// each call.
type HandlerWrapper func(name string, h server.ToolHandlerFunc) server.ToolHandlerFunc

// config collects the options of one New call; the tool handlers close over
// it, so its state (such as the order counter) is per server.
type config struct {
	wrap     HandlerWrapper
	srvOpts  []server.ServerOption
	orderSeq atomic.Int64
}

// WithHandlerWrapper makes New register every tool's handler as
// wrap(name, handler).
func WithHandlerWrapper(wrap HandlerWrapper) Option {
	return func(c *config) { c.wrap = wrap }
}

// WithServerOptions adds mcp-go server options, such as a pagination limit,
// after the demo's own.
func WithServerOptions(opts ...server.ServerOption) Option {
	return func(c *config) { c.srvOpts = append(c.srvOpts, opts...) }
}

// New returns the demo server, named Name, with tool (listChanged) and
// logging capabilities and all demo tools. Input and output schema
// validation stay off on purpose: toolbench must be able to send invalid
// arguments and receive invalid results.
func New(opts ...Option) *server.MCPServer {
	cfg := &config{}
	for _, opt := range opts {
		opt(cfg)
	}
	srvOpts := append([]server.ServerOption{
		server.WithInstructions(Instructions),
		server.WithToolCapabilities(true),
		server.WithLogging(),
		server.WithRecovery(),
	}, cfg.srvOpts...)
	srv := server.NewMCPServer(Name, Version, srvOpts...)
	for _, t := range cfg.tools() {
		h := t.Handler
		if cfg.wrap != nil {
			h = cfg.wrap(t.Tool.Name, h)
		}
		srv.AddTool(t.Tool, h)
	}
	return srv
}

// tools lists every demo tool in a stable order.
func (c *config) tools() []server.ServerTool {
	return []server.ServerTool{
		echoTool(),
		c.createOrderTool(),
		searchArticlesTool(),
		setPriorityTool(),
		drawShapeTool(),
		saveContactTool(),
		weatherOKTool(),
		weatherBrokenTool(),
		weatherMissingTool(),
		progressTool(),
		slowTool(),
		failTool(),
		mediaTool(),
		noParamsTool(),
		stderrNoiseTool(),
	}
}

// RawArguments returns a call's arguments as the client sent them. mcp-go
// keeps the wire bytes for requests it decoded; the fallback covers
// in-process callers that only set Arguments. No arguments read as null.
func RawArguments(req mcp.CallToolRequest) json.RawMessage {
	switch v := req.GetRawArguments().(type) {
	case json.RawMessage:
		if len(v) > 0 {
			return v
		}
	case nil:
		return json.RawMessage("null")
	default:
		if data, err := json.Marshal(v); err == nil {
			return data
		}
	}
	return json.RawMessage("null")
}

// RawSchemas installs hand-written schemas; out may be nil. NewTool
// pre-fills a structured input schema and mcp-go refuses to marshal a tool
// that has both kinds, so the structured one is cleared here.
func RawSchemas(in, out json.RawMessage) mcp.ToolOption {
	return func(t *mcp.Tool) {
		t.InputSchema = mcp.ToolInputSchema{}
		t.RawInputSchema = in
		t.RawOutputSchema = out
	}
}

// Hints sets all four behaviour hints. NewTool defaults them to the most
// pessimistic values, so tools that mean something else must say so fully.
func Hints(readOnly, destructive, idempotent, openWorld bool) mcp.ToolOption {
	return mcp.WithToolAnnotation(mcp.ToolAnnotation{
		ReadOnlyHint:    mcp.ToBoolPtr(readOnly),
		DestructiveHint: mcp.ToBoolPtr(destructive),
		IdempotentHint:  mcp.ToBoolPtr(idempotent),
		OpenWorldHint:   mcp.ToBoolPtr(openWorld),
	})
}

// noAnnotations drops NewTool's default hints so that clients see a tool that
// declares nothing; mcp-go still emits an empty "annotations" object.
func noAnnotations() mcp.ToolOption {
	return mcp.WithToolAnnotation(mcp.ToolAnnotation{})
}

// ServeStdio serves a new demo server on in and out until in ends or ctx is
// cancelled, and returns once every request it read has been answered: a
// script that pipes calls into `toolbench demo-server` gets their results,
// slow ones included (see stdio.Serve).
func ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	return stdio.Serve(ctx, New(), in, out)
}
