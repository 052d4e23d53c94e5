package client_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/peer"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/tool"
)

// everythingTargets starts server-everything on every transport it offers.
func everythingTargets(t *testing.T) map[string]target.Target {
	t.Helper()
	entry := peer.Entry(t, peer.Everything)
	return map[string]target.Target{
		"stdio": {Transport: target.Stdio, Command: peer.Node(t), Args: []string{entry}},
		"sse":   {Transport: target.SSE, URL: peer.StartEverythingHTTP(t, "sse")},
		"http":  {Transport: target.StreamableHTTP, URL: peer.StartEverythingHTTP(t, "streamableHttp")},
	}
}

func TestEverythingServer(t *testing.T) {
	for name, tgt := range everythingTargets(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			var mu sync.Mutex
			var progress []client.ProgressEvent
			s, err := client.Connect(ctx, tgt, client.Options{Timeout: 20 * time.Second})
			if err != nil {
				t.Fatalf("connect: %v", err)
			}
			defer s.Close()
			if got := s.Info().Name; got != "mcp-servers/everything" {
				t.Errorf("server name = %q", got)
			}
			tools, err := s.ListTools(ctx)
			if err != nil {
				t.Fatalf("list tools: %v", err)
			}
			byName := map[string]tool.Tool{}
			for _, tool := range tools {
				byName[tool.Name] = tool
			}
			if len(tools) < 12 {
				t.Errorf("got %d tools, want at least 12", len(tools))
			}
			st, ok := byName["get-structured-content"]
			if !ok || st.OutputSchema == nil {
				t.Fatalf("get-structured-content missing or without outputSchema: %+v", st)
			}
			// The raw schema keeps $schema, which mcp-go's typed Tool drops.
			var schema map[string]any
			if err := json.Unmarshal(byName["echo"].InputSchema, &schema); err != nil || schema["$schema"] == nil {
				t.Errorf("echo inputSchema lost $schema: %s", byName["echo"].InputSchema)
			}

			res, err := s.CallTool(ctx, "get-structured-content", []byte(`{"location":"Chicago"}`), nil)
			if err != nil {
				t.Fatalf("call: %v", err)
			}
			if res.IsError || res.StructuredContent == nil {
				t.Errorf("structured call: isError=%v structured=%s", res.IsError, res.StructuredContent)
			}

			res, err = s.CallTool(ctx, "trigger-long-running-operation", []byte(`{"duration":1,"steps":3}`),
				func(p client.ProgressEvent) {
					mu.Lock()
					progress = append(progress, p)
					mu.Unlock()
				})
			if err != nil {
				t.Fatalf("long call: %v", err)
			}
			if res.IsError || len(res.Content) != 1 ||
				res.Content[0].Text != "Long running operation completed. Duration: 1 seconds, Steps: 3." {
				t.Errorf("long call: the result does not report the completed operation: %s", res.Raw)
			}
			mu.Lock()
			if len(progress) != 3 || progress[2].Progress != 3 || progress[2].Total != 3 {
				t.Errorf("progress = %+v, want 3 steps of 3", progress)
			}
			mu.Unlock()

			res, err = s.CallTool(ctx, "get-sum", []byte(`{"a":"not a number"}`), nil)
			if err != nil {
				t.Fatalf("invalid call: %v", err)
			}
			if !res.IsError {
				t.Errorf("invalid arguments: want isError result, got %s", res.Raw)
			}
		})
	}
}

// TestEverythingCloseIsQuick covers a server that stays alive after its
// stdin closes when client capabilities are advertised: Close must still
// return promptly.
func TestEverythingCloseIsQuick(t *testing.T) {
	t.Parallel()
	entry := peer.Entry(t, peer.Everything)
	tgt := target.Target{Transport: target.Stdio, Command: "sh",
		Args: []string{"-c", `trap '' TERM; node "$0"; sleep 30`, entry}}
	s, err := client.Connect(context.Background(), tgt, client.Options{Timeout: 20 * time.Second})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	start := time.Now()
	_ = s.Close()
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("Close took %s; a lingering server must be killed, not waited for", d)
	}
}

// TestEverythingElicitation: with an Elicit answer the client declares the
// capability, server-everything offers its elicitation tool, and the answer
// reaches the server.
func TestEverythingElicitation(t *testing.T) {
	t.Parallel()
	entry := peer.Entry(t, peer.Everything)
	var got json.RawMessage
	s, err := client.Connect(context.Background(), target.Target{Transport: target.Stdio, Command: peer.Node(t), Args: []string{entry}},
		client.Options{Timeout: 20 * time.Second, Answer: func(_ context.Context, a client.Ask) (json.RawMessage, error) {
			got = a.Params
			return json.RawMessage(`{"action":"decline"}`), nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	res, err := s.CallTool(context.Background(), "trigger-elicitation-request", []byte(`{}`), nil)
	if err != nil {
		t.Fatalf("call: %v", err)
	}
	if !strings.Contains(string(got), `"properties"`) {
		t.Errorf("the handler did not get the requested schema: %s", got)
	}
	if !strings.Contains(strings.ToLower(string(res.Raw)), "decline") {
		t.Errorf("the server did not see the decline: %s", res.Raw)
	}
}
