package stdio

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Lines a client writes.
const (
	initializeLine  = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	initializedLine = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
)

// callLine is a tools/call of tool with id.
func callLine(id int, tool string) string {
	return `{"jsonrpc":"2.0","id":` + itoa(id) + `,"method":"tools/call","params":{"name":"` + tool + `","arguments":{}}}`
}

// cancelLine is the notifications/cancelled of request id.
func cancelLine(id int) string {
	return `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + itoa(id) + `,"reason":"test"}}`
}

func itoa(n int) string {
	data, _ := json.Marshal(n)
	return string(data)
}

// newServer returns a server with the given tools, each taking no
// arguments.
func newServer(tools map[string]server.ToolHandlerFunc) *server.MCPServer {
	srv := server.NewMCPServer("stdio-test", "1.0.0", server.WithToolCapabilities(false), server.WithLogging())
	for name, h := range tools {
		srv.AddTool(mcp.NewTool(name), h)
	}
	return srv
}

// textTool answers text at once.
func textTool(text string) server.ToolHandlerFunc {
	return func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(text), nil
	}
}

// replies maps the id of each response in out to its line.
func replies(t *testing.T, out string) map[string]string {
	t.Helper()
	byID := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		var msg struct {
			ID json.RawMessage `json:"id"`
		}
		if err := json.Unmarshal([]byte(line), &msg); err != nil {
			t.Fatalf("not JSON on out: %q", line)
		}
		if msg.ID != nil {
			byID[string(msg.ID)] = line
		}
	}
	return byID
}

// live is a connection driven line by line over pipes.
type live struct {
	t      *testing.T
	in     *io.PipeWriter
	lines  chan string
	served chan error
	cancel context.CancelFunc
}

// startLive serves srv over pipes; the test's cleanup ends the input and
// waits for Serve to return.
func startLive(t *testing.T, srv *server.MCPServer, opts ...Option) *live {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	l := &live{t: t, in: inW, lines: make(chan string, 100), served: make(chan error, 1), cancel: cancel}
	go func() {
		l.served <- Serve(ctx, srv, inR, outW, opts...)
		_ = outW.Close()
	}()
	go func() {
		defer close(l.lines)
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			l.lines <- sc.Text()
		}
	}()
	t.Cleanup(func() {
		_ = inW.Close()
		if err := <-l.served; err != nil && err != context.Canceled {
			t.Errorf("Serve: %v", err)
		}
		cancel()
		_ = inR.Close()
		for range l.lines {
		}
	})
	return l
}

// send writes lines to the server.
func (l *live) send(lines ...string) {
	l.t.Helper()
	for _, line := range lines {
		if _, err := io.WriteString(l.in, line+"\n"); err != nil {
			l.t.Fatalf("send %s: %v", line, err)
		}
	}
}

// next returns the next line the server wrote, failing the test after 5s.
func (l *live) next() string {
	l.t.Helper()
	select {
	case line, ok := <-l.lines:
		if !ok {
			l.t.Fatal("the server's output ended")
		}
		return line
	case <-time.After(5 * time.Second):
		l.t.Fatal("no line from the server within 5s")
	}
	return ""
}

// handshake initializes the connection.
func (l *live) handshake() {
	l.t.Helper()
	l.send(initializeLine)
	if line := l.next(); !strings.Contains(line, `"serverInfo"`) {
		l.t.Fatalf("initialize answered %s", line)
	}
	l.send(initializedLine)
}
