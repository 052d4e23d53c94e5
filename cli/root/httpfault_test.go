package root

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/httpfault"
)

// TestCallHTTPFaults runs `toolbench call` against HTTP servers that fail in
// the ways proxies and crashing servers do: the exit code says in which phase,
// stderr says what the server did, and nothing waits for the timeout.
func TestCallHTTPFaults(t *testing.T) {
	t.Parallel()
	const timeout = "10"
	tests := []struct {
		name      string
		transport string // "http", "sse", or "" for a bare URL
		fault     httpfault.Fault
		code      int
		errOut    []string
		out       []string
	}{
		{"500 on initialize", "http", httpfault.Status500OnHandshake, exitConnect,
			[]string{"toolbench: initialize: POST http://127.0.0.1:", "failed with HTTP 500 Internal Server Error", "upstream connect error", "hint: the server, or a proxy in front of it, failed"}, nil},
		{"500 on initialize over SSE", "sse", httpfault.Status500OnHandshake, exitConnect,
			[]string{"toolbench: initialize: POST http://127.0.0.1:", "/message?sessionId=*** failed with HTTP 500"}, nil},
		{"HTML on initialize", "http", httpfault.HTMLOnHandshake, exitConnect,
			[]string{"toolbench: initialize: POST", "answered with an HTML page (HTTP 200), not MCP: \"" + httpfault.HTMLTitle + "\"", "hint: this looks like a web page"}, nil},
		{"HTML on initialize over SSE", "sse", httpfault.HTMLOnHandshake, exitConnect,
			[]string{"/message?sessionId=*** answered with an HTML page (HTTP 200)"}, nil},
		{"HTML on initialize, bare URL", "", httpfault.HTMLOnHandshake, exitConnect,
			[]string{"answered with an HTML page (HTTP 200)"}, nil},
		{"500 on call", "http", httpfault.Status500OnCall, exitToolError,
			[]string{"toolbench: call progress: POST http://127.0.0.1:", "failed with HTTP 500 Internal Server Error", "hint: the server, or a proxy"}, nil},
		{"500 on call over SSE", "sse", httpfault.Status500OnCall, exitToolError,
			[]string{"toolbench: call progress: POST", "/message?sessionId=*** failed with HTTP 500"}, nil},
		{"HTML on call", "http", httpfault.HTMLOnCall, exitToolError,
			[]string{"toolbench: call progress: POST", "answered with an HTML page (HTTP 200), not MCP: \"" + httpfault.HTMLTitle + "\""}, nil},
		{"HTML on call over SSE", "sse", httpfault.HTMLOnCall, exitToolError,
			[]string{"toolbench: call progress: POST", "/message?sessionId=*** answered with an HTML page"}, nil},
		{"stream dropped mid-call", "http", httpfault.DropCallStream, exitConnect,
			[]string{"toolbench: call progress: the connection to http://127.0.0.1:", "was lost before the result arrived: the response stream broke off (unexpected EOF)",
				"toolbench: progress 1/3 step 1 of 3"}, nil},
		// The SSE event stream is the connection: losing it is a connection
		// failure, like a stdio server dying mid-call.
		{"event stream ended mid-call", "sse", httpfault.DropCallStream, exitConnect,
			[]string{"toolbench: call progress: connection closed: the connection to http://127.0.0.1:", "/sse was lost: the server ended the event stream (EOF)"}, nil},
		{"stream resumed", "http", httpfault.ResumableCallStream, exitOK,
			[]string{"toolbench: progress 2/4", "toolbench: progress 4/4"}, []string{"done after 4 steps"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			start, target := httpfault.StartBrokenHTTP, []string{"http"}
			if tt.transport == "sse" {
				start, target = httpfault.StartBrokenSSE, []string{"sse"}
			} else if tt.transport == "" {
				target = nil
			}
			ep, err := start(fixture.NewServer(), tt.fault)
			if err != nil {
				t.Fatal(err)
			}
			defer ep.Stop()
			args := append([]string{"call", "progress", "-v", "--timeout", timeout, "--args", `{"steps":4,"delay_ms":50}`}, target...)
			began := time.Now()
			r := runToolbench(t, context.Background(), "", append(args, ep.URL)...)
			if d := time.Since(began); d > 3*time.Second {
				t.Errorf("took %s (timeout %ss)", d, timeout)
			}
			if r.code != tt.code {
				t.Errorf("exit %d, want %d\nstderr:\n%s", r.code, tt.code, r.err)
			}
			for _, w := range tt.errOut {
				if !strings.Contains(r.err, w) {
					t.Errorf("stderr lacks %q:\n%s", w, r.err)
				}
			}
			for _, w := range tt.out {
				if !strings.Contains(r.out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, r.out)
				}
			}
			for _, never := range []string{"<html", "<!DOCTYPE", "transport error", "unexpected nil response", "timed out", "SSE, tried next"} {
				if strings.Contains(r.err, never) {
					t.Errorf("stderr has %q:\n%s", never, r.err)
				}
			}
		})
	}
}
