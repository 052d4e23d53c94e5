package mock

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/toolbench/toolbench/internal/testkit"
)

// stdioScript is initialize, initialized, a call of slow and calls of
// read_graph with ids 3 to 2+quick, one per line.
func stdioScript(quick int) string {
	lines := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{}}}`,
	}
	for id := 3; id < 3+quick; id++ {
		lines = append(lines, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"read_graph","arguments":{}}}`, id))
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestServeStdioAnswersAfterEOF pipes initialize, initialized and calls
// into ServeStdio and ends the input, as `printf ... | toolbench mock` does:
// one call whose handler takes until the mock has read the end of its
// input, and twenty quick ones. Every reply must be on stdout when
// ServeStdio returns. mcp-go's StdioServer cancelled its workers at EOF,
// and a worker that saw the cancellation before a queued call dropped that
// call (TestMockStdioInProcess lost its reply about once in fifty runs).
func TestServeStdioAnswersAfterEOF(t *testing.T) {
	t.Parallel()
	const quick = 20
	s := load(t, "testdata/memory.tools.json")
	in := testkit.NewEOFReader(stdioScript(quick))
	s.mcp.AddTool(mcp.NewTool("slow"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-in.EOF
		return mcp.NewToolResultText("slow answer"), nil
	})
	var out testkit.Buffer
	if err := s.ServeStdio(context.Background(), in, &out); err != nil {
		t.Fatalf("ServeStdio: %v", err)
	}
	byID := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var msg struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal([]byte(line), &msg) != nil {
			t.Errorf("not JSON-RPC on stdout: %q", line)
		}
		byID[string(msg.ID)] = line
	}
	if !strings.Contains(byID["1"], `"serverInfo"`) || !strings.Contains(byID["2"], `"text":"slow answer"`) {
		t.Errorf("initialize or slow unanswered when ServeStdio returned:\n%s", out.String())
	}
	for id := 3; id < 3+quick; id++ {
		if !strings.Contains(byID[fmt.Sprint(id)], `"structuredContent":{"entities":[`) {
			t.Errorf("read_graph %d unanswered when ServeStdio returned", id)
		}
	}
}
