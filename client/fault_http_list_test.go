package client_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/fault"
	"github.com/toolbench/toolbench/internal/fixture/httpfault"
)

// TestFaultOverHTTPHandshakeAndList runs, on both HTTP transports, the faults
// TestFaultOverHTTP cannot: a server that never answers the handshake, and
// the tools/list ones, a real 101-page list and a cursor that loops. The
// messages must be the ones stdio gives.
func TestFaultOverHTTPHandshakeAndList(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"sse", "http"} {
		t.Run(kind+"/"+fault.HangInit, func(t *testing.T) { t.Parallel(); httpHangInit(t, kind) })
		t.Run(kind+"/"+httpfault.ManyTools, func(t *testing.T) { t.Parallel(); httpManyTools(t, kind) })
		t.Run(kind+"/"+fault.CursorLoop, func(t *testing.T) { t.Parallel(); httpCursorLoop(t, kind) })
	}
}

// httpHangInit: the handshake times out as one failure of phase initialize,
// naming the timeout, and promptly: the discovery probe must not add a
// second wait.
func httpHangInit(t *testing.T, kind string) {
	target, _ := startHTTPFault(t, kind, fault.HangInit)
	start := time.Now()
	s, err := client.Connect(context.Background(), target, client.Options{Timeout: 500 * time.Millisecond})
	d := time.Since(start)
	if err == nil {
		_ = s.Close()
		t.Fatal("connected to a server that never answers initialize")
	}
	t.Logf("%s: failed after %s with: %v", kind, d, err)
	var ce *client.ConnectError
	if !errors.As(err, &ce) || ce.Phase != client.PhaseInitialize {
		t.Fatalf("want a ConnectError in phase initialize, got %T %v", err, err)
	}
	if !strings.HasPrefix(err.Error(), "initialize: no answer to initialize within 500ms") {
		t.Errorf("want the timeout named, got %v", err)
	}
	if d > 5*time.Second {
		t.Errorf("failing took %s", d)
	}
}

// httpManyTools: every page is followed, and every tool arrives once.
func httpManyTools(t *testing.T, kind string) {
	target, _ := startHTTPFault(t, kind, httpfault.ManyTools)
	// The frame log keeps only the newest frames, so pages are counted as
	// they are sent.
	var pages atomic.Int64
	s, err := client.Connect(context.Background(), target, client.Options{Timeout: 10 * time.Second, OnEvent: func(e client.Event) {
		if f, ok := e.(client.FrameEvent); ok && f.Frame.Dir == client.Sent && strings.Contains(string(f.Frame.Data), `"method":"tools/list"`) {
			pages.Add(1)
		}
	}})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	tools, err := s.ListTools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	bulk := 0
	for _, tool := range tools {
		seen[tool.Name] = true
		if strings.HasPrefix(tool.Name, "bulk_") {
			bulk++
		}
	}
	want := httpfault.ManyToolsCount + 4
	if len(tools) != want || len(seen) != want || bulk != httpfault.ManyToolsCount || !seen["echo"] || !seen["many"] {
		t.Errorf("listed %d tools (%d distinct, %d generated); want %d distinct, %d generated, and the fault tools",
			len(tools), len(seen), bulk, want, httpfault.ManyToolsCount)
	}
	if pages.Load() < int64(httpfault.ManyToolsCount/100) {
		t.Errorf("listed in %d pages, want at least %d", pages.Load(), httpfault.ManyToolsCount/100)
	}
}

// httpCursorLoop: a list whose next cursor repeats is stopped and named.
func httpCursorLoop(t *testing.T, kind string) {
	target, _ := startHTTPFault(t, kind, fault.CursorLoop)
	s, _ := connectFault(t, target, 5*time.Second)
	_, err := s.ListTools(context.Background())
	if err == nil || !strings.Contains(err.Error(), `list tools: the server repeated cursor "again" on page 2; stopping instead of looping`) {
		t.Errorf("want the repeated cursor named, got %v", err)
	}
}
