package client_test

import (
	"context"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/target"
)

// TestToolsChangedReachesSession: a server adding a tool is seen as a
// ToolsChangedEvent on the HTTP transports (with Listen on streamable HTTP,
// which needs a subscriptions/listen stream on protocol 2026-07-28).
func TestToolsChangedReachesSession(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"sse", "http"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			srv := fixture.NewServer()
			start, transport := fixture.StartHTTP, target.StreamableHTTP
			if kind == "sse" {
				start, transport = fixture.StartSSE, target.SSE
			}
			url, stop, err := start(srv)
			if err != nil {
				t.Fatal(err)
			}
			defer stop()
			changed := make(chan struct{}, 4)
			listening := make(chan struct{}, 1)
			s, err := client.Connect(context.Background(), target.Target{Transport: transport, URL: url}, client.Options{
				Timeout: 5 * time.Second, Listen: true,
				OnEvent: func(e client.Event) {
					switch e := e.(type) {
					case client.ToolsChangedEvent:
						changed <- struct{}{}
					case client.NotificationEvent:
						if e.Method == mcp.MethodNotificationSubscriptionsAcknowledged {
							listening <- struct{}{}
						}
					}
				}})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			// Over SSE notifications flow on the event stream Connect
			// opened. Over streamable HTTP on protocol 2026-07-28 they
			// flow once the server has acknowledged the listen request.
			if kind == "http" {
				select {
				case <-listening:
				case <-time.After(5 * time.Second):
					t.Fatal("the server never acknowledged the subscriptions/listen request")
				}
			}
			srv.AddTool(mcp.NewTool("added_later", mcp.WithDescription("A tool added while connected.")),
				func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
					return mcp.NewToolResultText("x"), nil
				})
			select {
			case <-changed:
			case <-time.After(3 * time.Second):
				t.Fatal("no ToolsChangedEvent after the server added a tool")
			}
		})
	}
}
