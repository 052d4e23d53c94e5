package demo

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"go.uber.org/goleak"
)

// TestMain checks that no test leaves a goroutine behind.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// allToolNames is every demo tool, in the order New adds them.
var allToolNames = []string{
	"echo", "create_order", "search_articles", "set_priority", "draw_shape", "save_contact",
	"weather_ok", "weather_broken", "weather_missing", "progress", "slow", "fail",
	"media", "no_params", "stderr_noise",
}

// TestOptions: the wrapper wraps every tool's handler and sees its calls,
// and extra server options take effect (a page of four tools here).
func TestOptions(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var wrapped, called []string
	wrap := func(name string, h server.ToolHandlerFunc) server.ToolHandlerFunc {
		wrapped = append(wrapped, name)
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			mu.Lock()
			called = append(called, name)
			mu.Unlock()
			return h(ctx, req)
		}
	}
	c := inProcess(t, WithHandlerWrapper(wrap), WithServerOptions(server.WithPaginationLimit(4)))
	if !slices.Equal(wrapped, allToolNames) {
		t.Errorf("wrapped %v, want %v", wrapped, allToolNames)
	}
	if got := textOf(callTool(t, c, "echo", map[string]any{"message": "hi"})); got != "hi" {
		t.Errorf("echo through the wrapper = %q", got)
	}
	mu.Lock()
	if !slices.Equal(called, []string{"echo"}) {
		t.Errorf("the wrapper saw calls %v, want [echo]", called)
	}
	mu.Unlock()
	page, err := c.ListToolsByPage(t.Context(), mcp.ListToolsRequest{})
	if err != nil || len(page.Tools) != 4 || page.NextCursor == "" {
		t.Errorf("first page: %d tools, cursor %q, %v; want 4 and a cursor", len(page.Tools), page.NextCursor, err)
	}
}

// TestServeStdioAnswersPipedCalls pipes a handshake, a slow call and an
// echo into ServeStdio and ends the input at once. Both calls get their
// results: the demo lets running calls finish at EOF, where the fixture's
// loop cancelled them ("stopped early: context canceled").
func TestServeStdioAnswersPipedCalls(t *testing.T) {
	t.Parallel()
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{"seconds":0.05}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hi"}}}`,
	}, "\n") + "\n"
	var out strings.Builder
	if err := ServeStdio(context.Background(), strings.NewReader(in), &out); err != nil {
		t.Fatalf("ServeStdio: %v", err)
	}
	for _, want := range []string{
		`{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"done"}]}}`,
		`{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"hi"}]}}`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %s:\n%s", want, out.String())
		}
	}
}

// TestNameAndInstructions: the demo introduces itself as the demo, and the
// instructions a person reads point to tools by name, each of which the
// server has, covering every feature they promise.
func TestNameAndInstructions(t *testing.T) {
	t.Parallel()
	resp := New().HandleMessage(t.Context(), json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"initialize",`+
		`"params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
	data, _ := json.Marshal(resp)
	var got struct {
		Result mcp.InitializeResult `json:"result"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("initialize answer %s: %v", data, err)
	}
	if got.Result.ServerInfo.Name != "toolbench-demo" || got.Result.Instructions != Instructions {
		t.Errorf("server info %+v, instructions %q", got.Result.ServerInfo, got.Result.Instructions)
	}
	named := map[string]bool{}
	for _, word := range regexp.MustCompile(`[a-z]+(_[a-z]+)*`).FindAllString(Instructions, -1) {
		if slices.Contains(allToolNames, word) {
			named[word] = true
		} else if strings.Contains(word, "_") {
			t.Errorf("the instructions name %q, which is no tool", word)
		}
	}
	for _, want := range []string{"create_order", "set_priority", "draw_shape", "save_contact",
		"weather_ok", "weather_broken", "weather_missing", "progress", "slow", "fail", "echo", "media"} {
		if !named[want] {
			t.Errorf("the instructions do not mention %s", want)
		}
	}
}
