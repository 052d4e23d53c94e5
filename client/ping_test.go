package client_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// livenessMethod is what a ping must send in each era: protocol 2026-07-28
// removed ping, and its servers must answer server/discover.
var livenessMethod = map[string]string{"legacy": "ping", "modern": "server/discover"}

// TestPingEras: on both protocol eras a ping reaches the server, and its
// outcome says whether the server answered, never answered, or is gone.
func TestPingEras(t *testing.T) {
	t.Parallel()
	for _, era := range []string{"legacy", "modern"} {
		for _, mode := range []string{"answer", "silent", "exit"} {
			t.Run(era+"/"+mode, func(t *testing.T) {
				t.Parallel()
				srv := startPingServer(t, era, mode)
				timeout := 10 * time.Second
				if mode == "silent" {
					timeout = time.Second
				}
				s, err := client.Connect(context.Background(), srv.tgt, client.Options{Timeout: timeout})
				if err != nil {
					t.Fatalf("connect: %v", err)
				}
				defer s.Close()
				method := livenessMethod[era]
				before := srv.count(method)
				if mode == "exit" {
					select {
					case <-s.Done():
					case <-time.After(5 * time.Second):
						t.Fatal("the session did not end when the server exited")
					}
				}
				err = s.Ping(context.Background())
				checkPing(t, mode, err)
				want := before + 1
				if mode == "exit" {
					want = before
				}
				if !testkit.Eventually(2*time.Second, func() bool { return srv.count(method) == want }) {
					t.Errorf("the server read %s %d times, want %d (read %v)", method, srv.count(method), want, srv.methods())
				}
			})
		}
	}
}

// checkPing checks the outcome of a ping in mode.
func checkPing(t *testing.T, mode string, err error) {
	t.Helper()
	switch mode {
	case "answer":
		if err != nil {
			t.Errorf("ping: %v", err)
		}
	case "silent":
		if !errors.Is(err, client.ErrTimeout) {
			t.Errorf("ping of a silent server: want ErrTimeout, got %v", err)
		}
	case "exit":
		if !errors.Is(err, client.ErrClosed) {
			t.Errorf("ping of a server that exited: want ErrClosed, got %v", err)
		}
	}
}

// TestPingOverHTTP: over streamable HTTP on both eras (the legacy server
// offers only 2025-11-25 in its server/discover answer) and over SSE, a ping is one request the
// server reads, and a server that holds it makes the ping time out.
func TestPingOverHTTP(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		transport target.Transport
		legacy    bool
		method    mcp.MCPMethod
	}{
		{"http legacy", target.StreamableHTTP, true, mcp.MethodPing},
		{"http modern", target.StreamableHTTP, false, mcp.MethodServerDiscover},
		{"sse", target.SSE, false, mcp.MethodServerDiscover},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := startCountingServer(t, tt.transport, tt.legacy)
			s, err := client.Connect(context.Background(), target.Target{Transport: tt.transport, URL: srv.url},
				client.Options{Timeout: time.Second})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			before := srv.count(tt.method)
			if err := s.Ping(context.Background()); err != nil {
				t.Fatalf("ping: %v", err)
			}
			if n := srv.count(tt.method); n != before+1 {
				t.Errorf("the server read %s %d times after the ping, want %d", tt.method, n, before+1)
			}
			if !sentFrame(s, string(tt.method)) {
				t.Errorf("no %s frame in the frame log", tt.method)
			}
			if tt.transport == target.SSE {
				return // SSE answers on the event stream, which the hold does not stop
			}
			srv.hold.Store(true)
			if err := s.Ping(context.Background()); !errors.Is(err, client.ErrTimeout) {
				t.Errorf("ping held by the server: want ErrTimeout, got %v", err)
			}
			if n := srv.posts.Load(); n == 0 {
				t.Error("the held ping never reached the server")
			}
		})
	}
}

// countingServer is an mcp-go server that counts the requests it handles;
// with hold set, its HTTP handler holds every POST until the client gives
// up.
type countingServer struct {
	url   string
	hold  atomic.Bool
	posts atomic.Int32

	mu     sync.Mutex
	counts map[mcp.MCPMethod]int
}

func (c *countingServer) count(m mcp.MCPMethod) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.counts[m]
}

func startCountingServer(t *testing.T, kind target.Transport, legacy bool) *countingServer {
	t.Helper()
	c := &countingServer{counts: map[mcp.MCPMethod]int{}}
	hooks := &server.Hooks{}
	hooks.AddBeforeAny(func(_ context.Context, _ any, m mcp.MCPMethod, _ any) {
		c.mu.Lock()
		c.counts[m]++
		c.mu.Unlock()
	})
	mcpSrv := server.NewMCPServer("counting", "1.0.0", server.WithHooks(hooks))
	var h http.Handler
	path := "/mcp"
	if kind == target.SSE {
		h, path = server.NewSSEServer(mcpSrv), "/sse"
	} else {
		var opts []server.StreamableHTTPOption
		if legacy {
			opts = append(opts, server.WithStateful(true), server.WithStreamableHTTPProtocolVersions(mcp.LATEST_LEGACY_PROTOCOL_VERSION))
		}
		h = server.NewStreamableHTTPServer(mcpSrv, opts...)
	}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && c.hold.Load() {
			c.posts.Add(1)
			_, _ = io.Copy(io.Discard, r.Body)
			<-r.Context().Done()
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	c.url = ts.URL + path
	return c
}

// sentFrame reports whether the frame log holds a request for method.
func sentFrame(s *client.Session, method string) bool {
	frames, _ := s.Frames()
	for _, f := range frames {
		if f.Dir == client.Sent && bytes.Contains(f.Data, []byte(`"method":"`+method+`"`)) {
			return true
		}
	}
	return false
}

// answeredFrames counts the frames sent for method that got an answer with
// the same id.
func answeredFrames(s *client.Session, method string) int {
	frames, _ := s.Frames()
	ids := map[string]bool{}
	n := 0
	for _, f := range frames {
		var m struct {
			ID     mcp.RequestId `json:"id"`
			Method string        `json:"method"`
		}
		if err := json.Unmarshal(f.Data, &m); err != nil || m.ID.IsNil() {
			continue
		}
		key := m.ID.String()
		switch {
		case f.Dir == client.Sent && m.Method == method:
			ids[key] = true
		case f.Dir == client.Received && m.Method == "" && ids[key]:
			n++
		}
	}
	return n
}
