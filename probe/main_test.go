package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/childproc"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/tool"
)

// envRogue makes the test binary serve the rogue server on stdio.
const envRogue = "TOOLBENCH_PROBE_ROGUE"

func TestMain(m *testing.M) {
	// The test binary doubles as the servers it probes: the fixture, and a
	// rogue server that crashes, hangs and answers protocol errors.
	childproc.MaybeServe()
	if os.Getenv(envRogue) != "" {
		err := server.NewStdioServer(rogueServer()).Listen(context.Background(), os.Stdin, os.Stdout)
		if err != nil && !errors.Is(err, context.Canceled) {
			fmt.Fprintln(os.Stderr, "rogue:", err)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// rogueServer has one read-only tool per way of mishandling invalid input
// (every tool takes {"q": string of 3 or more}), plus one that handles it
// well, one that asks the client for input and one that is not read-only.
func rogueServer() *server.MCPServer {
	// Legacy server-initiated requests let "asker" send elicitation/create
	// on any protocol version, as older servers do.
	//lint:ignore SA1019 the rogue server imitates servers from before SEP-2322 on purpose
	srv := server.NewMCPServer("rogue", "0.1.0", server.WithToolCapabilities(false), server.WithLegacyServerInitiatedRequests())
	add := func(name string, readOnly bool, onInvalid server.ToolHandlerFunc) {
		tool := mcp.NewTool(name, mcp.WithDescription("rogue tool "+name),
			mcp.WithToolAnnotation(mcp.ToolAnnotation{ReadOnlyHint: mcp.ToBoolPtr(readOnly)}))
		tool.InputSchema = mcp.ToolInputSchema{}
		tool.RawInputSchema = json.RawMessage(`{"type":"object","properties":{"q":{"type":"string","minLength":3}},"required":["q"]}`)
		srv.AddTool(tool, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var a struct {
				Q *string `json:"q"`
			}
			if req.BindArguments(&a) != nil || a.Q == nil || len(*a.Q) < 3 {
				return onInvalid(ctx, req)
			}
			if name == "asker" {
				e := mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Sure?",
					RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}
				_, err := srv.RequestElicitation(ctx, e)
				return mcp.NewToolResultText(fmt.Sprintf("asked; the client said: %v", err)), nil
			}
			return mcp.NewToolResultText("ok"), nil
		})
	}
	toolError := func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultError("invalid arguments: q must be a string of 3 or more characters"), nil
	}
	add("steady", true, toolError)
	add("asker", true, toolError)
	add("writer", false, toolError)
	add("crashy", true, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		fmt.Fprintln(os.Stderr, "rogue: unexpected input, giving up")
		os.Exit(3)
		return nil, nil
	})
	add("rpcish", true, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errors.New("bad q")
	})
	add("lax", true, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("anything goes"), nil
	})
	add("hangs", true, func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	return srv
}

// selfTarget starts this test binary over stdio with env added.
func selfTarget(t *testing.T, env ...string) target.Target {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return target.Target{Transport: target.Stdio, Command: self, Env: env}
}

func rogueTarget(t *testing.T) target.Target { return selfTarget(t, envRogue+"=1") }

func fixtureTarget(t *testing.T) target.Target {
	path, env := fixture.Command(filepath.Join(t.TempDir(), "fixture.log"))
	return target.Target{Transport: target.Stdio, Command: path, Env: env}
}

// open connects to target and returns the session, its tools and a
// Reconnect function; everything is closed when the test ends.
func open(t *testing.T, tgt target.Target, timeout time.Duration) (*client.Session, []tool.Tool, func(context.Context) (Session, error)) {
	t.Helper()
	return openWith(t, tgt, client.Options{Timeout: timeout})
}

func openWith(t *testing.T, tgt target.Target, opts client.Options) (*client.Session, []tool.Tool, func(context.Context) (Session, error)) {
	t.Helper()
	s, err := client.Connect(context.Background(), tgt, opts)
	if err != nil {
		t.Fatalf("connect %s: %v", tgt, err)
	}
	t.Cleanup(func() { _ = s.Close() })
	tools, err := s.ListTools(context.Background())
	if err != nil {
		t.Fatalf("list tools: %v", err)
	}
	reconnect := func(ctx context.Context) (Session, error) { return client.Connect(ctx, tgt, opts) }
	return s, tools, reconnect
}

// only keeps the named tools, in the server's order.
func only(tools []tool.Tool, names ...string) []tool.Tool {
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var out []tool.Tool
	for _, t := range tools {
		if want[t.Name] {
			out = append(out, t)
		}
	}
	return out
}

// toolReport finds a tool's findings in a report.
func toolReport(t *testing.T, r *Report, name string) Tool {
	t.Helper()
	for _, tr := range r.Tools {
		if tr.Name == name {
			return tr
		}
	}
	t.Fatalf("no report for tool %q", name)
	return Tool{}
}
