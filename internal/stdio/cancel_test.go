package stdio

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// hookProbe is a handler that registers an OnCancelled hook and reports
// what became of it.
type hookProbe struct {
	started chan struct{} // closed once the hook is registered
	fired   chan struct{} // closed by the hook
	release chan struct{} // the handler returns once this is closed
	stopped chan bool     // what stop reported
}

func newHookProbe() *hookProbe {
	return &hookProbe{started: make(chan struct{}), fired: make(chan struct{}),
		release: make(chan struct{}), stopped: make(chan bool, 1)}
}

// stubborn ignores its context, as a handler busy with something else does,
// so only the hook can tell the test that the cancellation arrived.
func (p *hookProbe) stubborn(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	stop := OnCancelled(ctx, func() { close(p.fired) })
	close(p.started)
	<-p.release
	p.stopped <- stop()
	return mcp.NewToolResultText("finished"), nil
}

// late registers its hook only after its context has been cancelled.
func (p *hookProbe) late(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	close(p.started)
	<-ctx.Done()
	stop := OnCancelled(ctx, func() { close(p.fired) })
	p.stopped <- stop()
	return mcp.NewToolResultText("finished"), nil
}

// quick stops its hook before it returns.
func (p *hookProbe) quick(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	stop := OnCancelled(ctx, func() { close(p.fired) })
	p.stopped <- stop()
	return mcp.NewToolResultText("finished"), nil
}

// within reports whether ch is closed within 5s.
func within(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	case <-time.After(5 * time.Second):
		return false
	}
}

// closed reports whether ch is closed now.
func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// TestOnCancelledRunsOnReceipt: the hook runs when notifications/cancelled
// is read, while the handler is still busy; stop then says so.
func TestOnCancelledRunsOnReceipt(t *testing.T) {
	t.Parallel()
	p := newHookProbe()
	l := startLive(t, newServer(map[string]server.ToolHandlerFunc{"stubborn": p.stubborn}))
	l.handshake()
	l.send(callLine(2, "stubborn"))
	if !within(p.started) {
		t.Fatal("the call never started")
	}
	l.send(cancelLine(2))
	if !within(p.fired) {
		t.Fatal("the hook did not run while the handler was still running")
	}
	close(p.release)
	if <-p.stopped {
		t.Error("stop reported true after the hook ran")
	}
}

// TestOnCancelledAfterCancellation: a hook registered by a handler whose
// request is already cancelled runs at once.
func TestOnCancelledAfterCancellation(t *testing.T) {
	t.Parallel()
	p := newHookProbe()
	l := startLive(t, newServer(map[string]server.ToolHandlerFunc{"late": p.late}))
	l.handshake()
	l.send(callLine(2, "late"))
	if !within(p.started) {
		t.Fatal("the call never started")
	}
	l.send(cancelLine(2))
	if <-p.stopped || !closed(p.fired) {
		t.Errorf("hook of a cancelled request: ran %v, want it run by OnCancelled", closed(p.fired))
	}
}

// TestOnCancelledStopped: once stop has reported true, a cancellation that
// arrives later runs nothing.
func TestOnCancelledStopped(t *testing.T) {
	t.Parallel()
	p := newHookProbe()
	l := startLive(t, newServer(map[string]server.ToolHandlerFunc{"quick": p.quick}))
	l.handshake()
	l.send(callLine(2, "quick"))
	if line := l.next(); !strings.Contains(line, `"id":2`) {
		t.Fatalf("call answered %s", line)
	}
	// Lines are handled in order, so once the ping is answered the
	// cancellation before it has been handled.
	l.send(cancelLine(2), `{"jsonrpc":"2.0","id":3,"method":"ping"}`)
	if line := l.next(); !strings.Contains(line, `"id":3`) {
		t.Fatalf("ping answered %s", line)
	}
	if !<-p.stopped || closed(p.fired) {
		t.Errorf("a stopped hook ran (%v) on a late cancellation", closed(p.fired))
	}
}

// TestOnCancelledElsewhere: outside Serve the hook never runs and stop
// reports true, so callers fall back to noticing the cancellation
// themselves.
func TestOnCancelledElsewhere(t *testing.T) {
	t.Parallel()
	ran := false
	stop := OnCancelled(context.Background(), func() { ran = true })
	if !stop() || ran {
		t.Errorf("stop = false or hook ran (%v) outside Serve", ran)
	}
}

// TestRequestKey: ids match as JSON-RPC has them, whatever the spacing.
func TestRequestKey(t *testing.T) {
	t.Parallel()
	tests := []struct {
		id   string
		want string
		ok   bool
	}{
		{`7`, `7`, true},
		{`"7"`, `"7"`, true},
		{` "a b" `, `"a b"`, true},
		{`null`, ``, false},
		{``, ``, false},
		{`{`, ``, false},
	}
	for _, tt := range tests {
		got, ok := requestKey([]byte(tt.id))
		if got != tt.want || ok != tt.ok {
			t.Errorf("requestKey(%q) = %q, %v; want %q, %v", tt.id, got, ok, tt.want, tt.ok)
		}
	}
}
