package client_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/fault"
	"github.com/toolbench/toolbench/internal/testkit"
)

// TestFaultConnectFails covers the servers that never become usable: the
// error names the phase, what the server did and what it left on stderr.
func TestFaultConnectFails(t *testing.T) {
	t.Parallel()
	tests := []struct {
		fault   string
		timeout time.Duration
		want    []string
	}{
		{fault.ExitBeforeInit, connectTimeout, []string{"initialize: the server exited before answering initialize (exit status 3)",
			"fatal: config missing"}},
		{fault.HangInit, 300 * time.Millisecond, []string{"initialize: no answer to initialize within 300ms", "is this an MCP server"}},
	}
	for _, tt := range tests {
		t.Run(tt.fault, func(t *testing.T) {
			t.Parallel()
			target, _ := faultTarget(t, tt.fault)
			start := time.Now()
			_, err := client.Connect(context.Background(), target, client.Options{Timeout: tt.timeout})
			var ce *client.ConnectError
			if !errors.As(err, &ce) || ce.Phase != client.PhaseInitialize {
				t.Fatalf("want a ConnectError in phase initialize, got %T %v", err, err)
			}
			if m := missing(report(err), tt.want...); len(m) > 0 {
				t.Errorf("message lacks %q:\n%s", m, report(err))
			}
			if d := time.Since(start); d > 3*time.Second {
				t.Errorf("failing took %s", d)
			}
		})
	}
}

// TestFaultExitMidCall: the call in flight fails with ErrClosed, naming the
// exit status and the server's last words, and the session ends once.
func TestFaultExitMidCall(t *testing.T) {
	t.Parallel()
	target, _ := faultTarget(t, fault.ExitMidCall)
	s, ev := connectFault(t, target, 10*time.Second)
	if tools, err := s.ListTools(context.Background()); err != nil || len(tools) != 4 {
		t.Fatalf("list tools: %d tools, %v", len(tools), err)
	}
	start := time.Now()
	_, err := s.CallTool(context.Background(), "work", []byte(`{}`), nil)
	if !errors.Is(err, client.ErrClosed) {
		t.Fatalf("want ErrClosed, got %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the call took %s to fail after the crash", d)
	}
	if m := missing(report(err), "call work: connection closed: the server exited (exit status 7)", "panic: boom"); len(m) > 0 {
		t.Errorf("call error lacks %q:\n%s", m, report(err))
	}
	<-s.Done()
	if s.Err() == nil || !strings.Contains(s.Err().Error(), "exit status 7") {
		t.Errorf("Err() = %v", s.Err())
	}
	ev.mu.Lock()
	closed := append([]error(nil), ev.closed...)
	ev.mu.Unlock()
	if len(closed) != 1 || closed[0] == nil || !strings.Contains(report(closed[0]), "panic: boom") {
		t.Errorf("closed events = %v, want one naming the panic", closed)
	}
	if tail := s.StderrTail(5); !anyContains(tail, "panic: boom") {
		t.Errorf("stderr tail = %q", tail)
	}
	if _, err := s.CallTool(context.Background(), "echo", []byte(`{"message":"x"}`), nil); !errors.Is(err, client.ErrClosed) {
		t.Errorf("call after the crash: want ErrClosed, got %v", err)
	}
}

// TestFaultHangCall: a call the server never answers ends by timeout or by
// cancellation, the server is told, and the session stays usable.
func TestFaultHangCall(t *testing.T) {
	t.Parallel()
	target, recorded := faultTarget(t, fault.HangCall)
	s, ev := connectFault(t, target, 300*time.Millisecond)
	start := time.Now()
	_, err := s.CallTool(context.Background(), "work", []byte(`{}`), nil)
	if !errors.Is(err, client.ErrTimeout) || !strings.Contains(err.Error(), "call work: timed out: no answer within 300ms") {
		t.Fatalf("want a timeout, got %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("timing out took %s", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancelWhen(cancel, func() bool { return strings.Count(recorded(), `"event":"call"`) == 2 })
	if _, err := s.CallTool(ctx, "work", []byte(`{}`), nil); !errors.Is(err, client.ErrCancelled) {
		t.Fatalf("want ErrCancelled, got %v", err)
	}
	told := func() bool {
		lines := ev.lines(stderrOf)
		return len(lines) == 2 && strings.HasPrefix(lines[0], "cancelled request ") && strings.HasPrefix(lines[1], "cancelled request ") &&
			strings.Count(recorded(), `"event":"cancelled"`) == 2
	}
	if !testkit.Eventually(3*time.Second, told) {
		t.Errorf("the server did not log both cancellations: %q", ev.lines(stderrOf))
	}
	if n := strings.Count(recorded(), `"event":"cancelled"`); n != 2 {
		t.Errorf("recorded %d cancellations, want 2:\n%s", n, recorded())
	}
	// The session is still usable: a ping goes out and is answered.
	if err := s.Ping(context.Background()); err != nil {
		t.Errorf("ping after the hung calls: %v", err)
	}
	if n := answeredFrames(s, "ping"); n != 1 {
		t.Errorf("%d answered pings in the frame log, want 1", n)
	}
}
