package client_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/target"
)

func sh(script string) target.Target {
	return target.Target{Transport: target.Stdio, Command: "sh", Args: []string{"-c", script}}
}

func httpAnswering(t *testing.T, status int, contentType, body string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mcp"
}

func closedPortURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr + "/mcp"
}

func TestConnectErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		tgt   func(t *testing.T) target.Target
		phase string
		want  []string // fragments the message must contain
	}{
		{"command not found", func(*testing.T) target.Target {
			return target.Target{Transport: target.Stdio, Command: "toolbench-no-such-server"}
		}, client.PhaseStart, []string{`command "toolbench-no-such-server" not found`, "PATH"}},
		{"exits before initialize", func(*testing.T) target.Target {
			return sh(`echo "fatal: missing API_KEY" >&2; exit 3`)
		}, client.PhaseInitialize, []string{"exited before answering initialize", "exit status 3", "fatal: missing API_KEY"}},
		{"non-JSON on stdout", func(*testing.T) target.Target {
			return sh(`echo "Server listening on port 8080"; exit 1`)
		}, client.PhaseInitialize, []string{"non-JSON to stdout", `"Server listening on port 8080"`, "log to stderr"}},
		{"never answers initialize", func(*testing.T) target.Target {
			return sh(`exec sleep 30`)
		}, client.PhaseInitialize, []string{"no answer to initialize within 1s", "is this an MCP server"}},
		{"closes stdout", func(*testing.T) target.Target {
			return sh(`exec cat >/dev/null`)
		}, client.PhaseInitialize, []string{"closed its stdout without answering initialize"}},
		{"connection refused", func(t *testing.T) target.Target {
			return target.Target{Transport: target.StreamableHTTP, URL: closedPortURL(t)}
		}, client.PhaseInitialize, []string{"connection refused", "is the server running"}},
		{"unauthorized", func(t *testing.T) target.Target {
			return target.Target{Transport: target.StreamableHTTP, URL: httpAnswering(t, 401, "application/json", `{"error":"no token"}`)}
		}, client.PhaseInitialize, []string{"refused access (HTTP 401", "-H 'Authorization: Bearer"}},
		{"forbidden over SSE", func(t *testing.T) target.Target {
			return target.Target{Transport: target.SSE, URL: httpAnswering(t, 403, "text/plain", "forbidden")}
		}, client.PhaseConnect, []string{"refused access (HTTP 403", "credentials"}},
		{"not found", func(t *testing.T) target.Target {
			return target.Target{Transport: target.StreamableHTTP, URL: httpAnswering(t, 404, "text/plain", "404 page not found")}
		}, client.PhaseInitialize, []string{"no MCP endpoint at", "(HTTP 404)", "/mcp (streamable HTTP) or /sse (SSE)"}},
		{"html page", func(t *testing.T) target.Target {
			return target.Target{Transport: target.StreamableHTTP, URL: httpAnswering(t, 200, "text/html", "<html><title>Login</title></html>")}
		}, client.PhaseInitialize, []string{"answered with an HTML page", "Login"}},
	}
	// Only the server that never answers is timed out; the others fail on
	// their own, however slow a loaded machine is to start them.
	timeouts := map[string]time.Duration{"never answers initialize": time.Second}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			timeout, ok := timeouts[tt.name]
			if !ok {
				timeout = connectTimeout
			}
			start := time.Now()
			_, err := client.Connect(context.Background(), tt.tgt(t), client.Options{Timeout: timeout})
			var ce *client.ConnectError
			if !errors.As(err, &ce) {
				t.Fatalf("want *ConnectError, got %T: %v", err, err)
			}
			if ce.Phase != tt.phase {
				t.Errorf("phase = %q, want %q (%v)", ce.Phase, tt.phase, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(report(err), w) {
					t.Errorf("message lacks %q:\n%s", w, report(err))
				}
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %s to fail", d)
			}
		})
	}
}

func TestAutoFallsBackToSSE(t *testing.T) {
	t.Parallel()
	// A server with only an SSE endpoint answers the streamable HTTP POST
	// with 405, as the spec's backwards-compatibility section expects.
	url := httpAnswering(t, 405, "text/plain", "method not allowed")
	var logs []string
	_, err := client.Connect(context.Background(), target.Target{Transport: target.Auto, URL: url},
		client.Options{Timeout: time.Second, Logf: func(f string, a ...any) { logs = append(logs, f) }})
	var ce *client.ConnectError
	if !errors.As(err, &ce) || ce.Also == nil {
		t.Fatalf("want both transports tried, the SSE failure in Also; got %v", err)
	}
}
