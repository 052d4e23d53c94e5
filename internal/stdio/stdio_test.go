package stdio

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/toolbench/toolbench/internal/testkit"
)

// TestServeAnswersEverythingRead pipes a handshake and two calls into Serve
// and ends the input at once, as `printf ... | server` does. One call's
// handler finishes only after the server has read the end of its input, so
// a loop that returns at EOF without waiting loses its reply every time.
func TestServeAnswersEverythingRead(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		opts []Option
		// late is the handler of the call still running at EOF.
		late     func(in *testkit.EOFReader) server.ToolHandlerFunc
		wantLate string
	}{
		{"running calls finish", nil, func(in *testkit.EOFReader) server.ToolHandlerFunc {
			return func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				<-in.EOF
				return mcp.NewToolResultText("late answer"), nil
			}
		}, `"text":"late answer"`},
		{"running calls are cancelled at EOF", []Option{CancelAtEOF()}, func(*testkit.EOFReader) server.ToolHandlerFunc {
			return func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				<-ctx.Done()
				return mcp.NewToolResultError("stopped: " + ctx.Err().Error()), nil
			}
		}, `"text":"stopped: context canceled"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			in := testkit.NewEOFReader(strings.Join([]string{initializeLine, initializedLine, callLine(2, "late"), callLine(3, "quick")}, "\n") + "\n")
			srv := newServer(map[string]server.ToolHandlerFunc{"late": tt.late(in), "quick": textTool("quick answer")})
			var out testkit.Buffer
			if err := Serve(context.Background(), srv, in, &out, tt.opts...); err != nil {
				t.Fatalf("Serve: %v", err)
			}
			got := replies(t, out.String())
			if !strings.Contains(got["1"], `"serverInfo"`) || !strings.Contains(got["2"], tt.wantLate) ||
				!strings.Contains(got["3"], `"text":"quick answer"`) || len(got) != 3 {
				t.Errorf("replies when Serve returned:\n%s", out.String())
			}
		})
	}
}

// serveEndCase is one way a stdio connection can end.
type serveEndCase struct {
	name    string
	input   string
	cancel  bool
	wantErr error
	wantOut string
}

// TestServeEnds covers the ways a connection ends, and that a garbage line
// gets a parse error instead of ending the connection.
func TestServeEnds(t *testing.T) {
	t.Parallel()
	tests := []serveEndCase{
		{name: "input ends", wantErr: nil},
		{name: "context cancelled", cancel: true, wantErr: context.Canceled},
		{name: "parse error", input: "not json", wantOut: `"code":-32700`},
		{name: "request then end", input: `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`, wantOut: `"id":7`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			runServeEnd(t, tt)
		})
	}
}

func runServeEnd(t *testing.T, tt serveEndCase) {
	inR, inW := io.Pipe()
	var out testkit.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, newServer(nil), inR, &out) }()
	if tt.input != "" {
		if _, err := io.WriteString(inW, tt.input+"\n"); err != nil {
			t.Fatalf("write input: %v", err)
		}
	}
	if tt.cancel {
		cancel()
	} else {
		_ = inW.Close()
	}
	if err := <-served; !errors.Is(err, tt.wantErr) {
		t.Errorf("Serve = %v, want %v", err, tt.wantErr)
	}
	// A cancelled Serve leaves its reader blocked until the input closes.
	_ = inR.Close()
	if !strings.Contains(out.String(), tt.wantOut) {
		t.Errorf("output %q lacks %s", out.String(), tt.wantOut)
	}
}

// progressTool sends steps progress notifications when the request carries
// a progress token.
func progressTool(steps int) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		srv := server.ServerFromContext(ctx)
		for i := 1; i <= steps; i++ {
			_ = srv.SendNotificationToClient(ctx, string(mcp.MethodNotificationProgress), map[string]any{
				"progressToken": req.Params.Meta.ProgressToken, "progress": i, "total": steps,
			})
		}
		return mcp.NewToolResultText("done"), nil
	}
}

// TestServeSessionsAreIsolated runs two connections against one server at
// once. With mcp-go's StdioServer the second could not even register, and
// with two servers their notifications would cross; here each client gets
// exactly its own progress, all of it before the response.
func TestServeSessionsAreIsolated(t *testing.T) {
	t.Parallel()
	srv := newServer(map[string]server.ToolHandlerFunc{"progress": progressTool(4)})
	var ready sync.WaitGroup
	ready.Add(2)
	for i := range 2 {
		t.Run(fmt.Sprint("client", i), func(t *testing.T) {
			t.Parallel()
			arrive := sync.OnceFunc(ready.Done)
			defer arrive() // a failed setup must not strand the other client
			c := pipeClient(t, srv)
			var count atomic.Int64
			c.OnNotification(func(n mcp.JSONRPCNotification) {
				if n.Method == string(mcp.MethodNotificationProgress) {
					count.Add(1)
				}
			})
			arrive()
			ready.Wait() // both calls run at the same time
			req := mcp.CallToolRequest{}
			req.Params.Name = "progress"
			req.Params.Meta = &mcp.Meta{ProgressToken: "same-token"}
			if _, err := c.CallTool(t.Context(), req); err != nil {
				t.Fatalf("call progress: %v", err)
			}
			if got := count.Load(); got != 4 {
				t.Errorf("saw %d progress notifications by the response, want 4", got)
			}
		})
	}
}

// pipeClient connects an initialized mcp-go client to srv through Serve over
// in-memory pipes, and tears both down when the test ends.
func pipeClient(t *testing.T, srv *server.MCPServer) *client.Client {
	t.Helper()
	clientRead, serverWrite := io.Pipe()
	serverRead, clientWrite := io.Pipe()
	served := make(chan error, 1)
	go func() { served <- Serve(context.Background(), srv, serverRead, serverWrite) }()
	c := client.NewClient(transport.NewIO(clientRead, clientWrite, io.NopCloser(strings.NewReader(""))))
	t.Cleanup(func() {
		_ = c.Close()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
		_ = serverWrite.Close()
	})
	if err := c.Start(t.Context()); err != nil {
		t.Fatalf("start client: %v", err)
	}
	_, err := c.Initialize(t.Context(), mcp.InitializeRequest{Params: mcp.InitializeParams{
		ProtocolVersion: mcp.LATEST_LEGACY_PROTOCOL_VERSION,
		ClientInfo:      mcp.Implementation{Name: "stdio-test", Version: "1"},
	}})
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	return c
}
