package ui

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/target"
)

// methodLog is what a server was asked, in order: each request's method
// and, for setLevel and subscribe, what it asked for.
type methodLog struct {
	mu  sync.Mutex
	got []string
}

func (l *methodLog) add(_ context.Context, _ any, method mcp.MCPMethod, message any) {
	entry := string(method)
	switch r := message.(type) {
	case *mcp.SetLevelRequest:
		entry += " " + string(r.Params.Level)
	case *mcp.SubscribeRequest:
		entry += " " + r.Params.URI
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.got = append(l.got, entry)
}

// since lists what was asked after the n-th initialize.
func (l *methodLog) since(n int) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	seen := 0
	for i, m := range l.got {
		if m == string(mcp.MethodInitialize) {
			if seen++; seen == n {
				return append([]string(nil), l.got[i+1:]...)
			}
		}
	}
	return nil
}

// restoreServer offers logging and a resource to subscribe to, and
// records every request.
func restoreServer(t *testing.T) (string, *methodLog) {
	t.Helper()
	log := &methodLog{}
	hooks := &server.Hooks{}
	hooks.AddBeforeAny(log.add)
	srv := server.NewMCPServer("restore", "1.0", server.WithLogging(), server.WithResourceCapabilities(true, false),
		server.WithToolCapabilities(false), server.WithHooks(hooks))
	srv.AddTool(mcp.NewTool("noop", mcp.WithDescription("Does nothing.")),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("ok"), nil
		})
	srv.AddResource(mcp.NewResource("mem://counter", "counter", mcp.WithMIMEType("text/plain")),
		func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: "mem://counter", MIMEType: "text/plain", Text: "1"}}, nil
		})
	url, stop, err := fixture.StartHTTP(srv)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return url, log
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestReconnectRestoresLevelAndSubscriptions: after alt+r the new session
// is sent the log level in effect and a subscribe per subscribed
// resource, as the old one had been; the log and the status say so.
func TestReconnectRestoresLevelAndSubscriptions(t *testing.T) {
	t.Parallel()
	url, log := restoreServer(t)
	h := newLiveHarnessWith(t, target.Target{Transport: target.StreamableHTTP, URL: url},
		// Legacy: each session starts with initialize and asks by request.
		client.Options{Timeout: 10 * time.Second, Protocol: client.ProtocolLegacy})
	h.waitFor("● ready", "Tools 1")
	h.key("alt+v", "enter")
	h.waitUntil(func() bool { return h.m.logLevel().Current() == "debug" }, func() string { return "the level was never set" })
	h.key("alt+e")
	h.waitFor("counter")
	h.key("s")
	h.waitUntil(func() bool { return slices.Contains(h.m.subscriptions(), "mem://counter") }, func() string { return "never subscribed" })
	h.key("esc")
	if first := log.since(1); !contains(first, "logging/setLevel debug") || !contains(first, "resources/subscribe mem://counter") {
		t.Fatalf("the first session was asked %q (all: %q)", first, log.got)
	}

	h.key("alt+r")
	h.waitUntil(func() bool {
		again := log.since(2)
		return contains(again, "logging/setLevel debug") && contains(again, "resources/subscribe mem://counter")
	}, func() string { return "the new session was asked only " + strings.Join(log.since(2), ", ") })
	h.waitFor("restored on the new session: log level debug, 1 subscription")
	if !slices.Contains(h.m.subscriptions(), "mem://counter") || h.m.logLevel().Current() != "debug" {
		t.Errorf("level %q, subscribed %v", h.m.logLevel().Current(), h.m.subscriptions())
	}
	var logged []string
	for _, e := range h.m.log.Entries() {
		if e.Source == "toolbench" {
			logged = append(logged, e.Text)
		}
	}
	if !contains(logged, "restored on the new session: log level debug, 1 subscription (mem://counter)") {
		t.Errorf("the log does not say what was restored: %q", logged)
	}
}
