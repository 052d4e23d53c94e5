package client_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/fault"
	"github.com/toolbench/toolbench/internal/fixture/httpfault"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// httpFaultScale shrinks the flood and the huge results over HTTP: the
// stdio tests run them at full size, and mcp-go's server side costs more
// per notification than the fixture's hand-written one.
const httpFaultScale = 10

// startHTTPFault serves the fault over kind ("sse" or "http") for the test.
func startHTTPFault(t *testing.T, kind, name string) (target.Target, func() string) {
	t.Helper()
	rec := &testkit.Buffer{}
	start, transport := httpfault.StartHTTP, target.StreamableHTTP
	if kind == "sse" {
		start, transport = httpfault.StartSSE, target.SSE
	}
	url, stop, err := start(name, fixture.WithRecorder(rec))
	if err != nil {
		t.Fatalf("start %s %s: %v", kind, name, err)
	}
	t.Cleanup(stop)
	return target.Target{Transport: transport, URL: url}, rec.String
}

// TestFaultOverHTTP runs the faults an HTTP server can commit on both HTTP
// transports.
func TestFaultOverHTTP(t *testing.T) {
	t.Parallel()
	tests := []struct {
		fault string
		run   func(t *testing.T, s *client.Session, ev *events, recorded func() string)
	}{
		{fault.ExitMidCall, httpExitMidCall},
		{fault.HangCall, httpHangCall},
		{fault.Flood, httpFlood},
		{fault.HugeResult, httpHuge},
	}
	for _, kind := range []string{"sse", "http"} {
		for _, tt := range tests {
			t.Run(kind+"/"+tt.fault, func(t *testing.T) {
				t.Parallel()
				tgt, recorded := startHTTPFault(t, kind, tt.fault)
				timeout := 10 * time.Second
				if tt.fault == fault.HangCall {
					timeout = 300 * time.Millisecond
				}
				s, ev := connectFault(t, tgt, timeout)
				tt.run(t, s, ev, recorded)
			})
		}
	}
}

// httpExitMidCall: the server stops while "work" runs. The call must fail
// promptly, not wait out its timeout.
func httpExitMidCall(t *testing.T, s *client.Session, _ *events, _ func() string) {
	start := time.Now()
	_, err := s.CallTool(context.Background(), "work", []byte(`{}`), nil)
	d := time.Since(start)
	t.Logf("%s: the call failed after %s with: %v", s.Transport(), d, err)
	if d > 5*time.Second {
		t.Errorf("the call took %s to fail", d)
	}
	// Over SSE the event stream ends, which ends the session. Over
	// streamable HTTP there is no stream to lose; the request fails with
	// the transport's error.
	switch s.Transport() {
	case target.SSE:
		if !errors.Is(err, client.ErrClosed) || !strings.Contains(err.Error(), "was lost") {
			t.Errorf("want the lost connection named, got %v", err)
		}
	default:
		if err == nil || errors.Is(err, client.ErrTimeout) || !strings.Contains(err.Error(), "EOF") ||
			!errors.Is(err, client.ErrConnectionLost) {
			t.Errorf("want the dropped request named, got %v", err)
		}
	}
	if _, err := s.CallTool(context.Background(), "echo", []byte(`{"message":"x"}`), nil); err == nil {
		t.Error("a call after the server stopped succeeded")
	}
}

// httpHangCall: a call the server never answers times out, and the server
// learns that it was abandoned.
func httpHangCall(t *testing.T, s *client.Session, _ *events, recorded func() string) {
	_, err := s.CallTool(context.Background(), "work", []byte(`{}`), nil)
	if !errors.Is(err, client.ErrTimeout) || !strings.Contains(err.Error(), "no answer within 300ms") {
		t.Fatalf("want a timeout, got %v", err)
	}
	if !testkit.Eventually(3*time.Second, func() bool { return strings.Contains(recorded(), `"event":"cancelled"`) }) {
		t.Errorf("the server never saw the cancellation:\n%s", recorded())
	}
}

// httpFlood: the call succeeds and the frame log stays within its bounds.
func httpFlood(t *testing.T, s *client.Session, ev *events, _ func() string) {
	count := fault.FloodCount / httpFaultScale / faultScale
	var progress atomic.Int64
	start := time.Now()
	res, err := s.CallTool(context.Background(), "work", fmt.Appendf(nil, `{"count":%d}`, count),
		func(client.ProgressEvent) { progress.Add(1) })
	if err != nil || res.Content[0].Text != "work done" {
		t.Fatalf("flooded call: %v", err)
	}
	// mcp-go's SSE server queues the result and the notifications from
	// different goroutines, so the result can overtake the last of them;
	// those still arrive as events. Its streamable HTTP server can lose the
	// one notification its forwarder holds when the result is written
	// (handlePost drops it once done is closed). Stdio loses nothing.
	want := 2 * count
	if s.Transport() == target.StreamableHTTP {
		want--
	}
	testkit.Eventually(3*time.Second, func() bool { _, p, l := ev.counts(); return p+l >= want })
	frames, total := s.Frames()
	_, progressEvents, logs := ev.counts()
	t.Logf("%s flood of 2×%d: %s; %d progress before the result, %d progress and %d log events in all; frame log %d of %d frames",
		s.Transport(), count, time.Since(start), progress.Load(), progressEvents, logs, len(frames), total)
	if progressEvents+logs < want || progressEvents > count || logs > count {
		t.Errorf("got %d progress and %d log events, want %d each", progressEvents, logs, count)
	}
	if len(frames) > maxFrames || frameBytes(frames) > maxLogBytes {
		t.Errorf("frame log keeps %d frames of %d bytes", len(frames), frameBytes(frames))
	}
}

// httpHuge: the huge results arrive whole.
func httpHuge(t *testing.T, s *client.Session, _ *events, _ func() string) {
	size, blocks := fault.HugeTextBytes/httpFaultScale/faultScale, fault.ManyBlocks/httpFaultScale/faultScale
	big, err := s.CallTool(context.Background(), "big", fmt.Appendf(nil, `{"bytes":%d}`, size), nil)
	if err != nil {
		t.Fatal(err)
	}
	if text := big.Content[0].Text; len(text) != size || text[size-1] != fault.HugeTextAt(size-1) {
		t.Errorf("big: %d bytes, want %d", len(text), size)
	}
	many, err := s.CallTool(context.Background(), "many", fmt.Appendf(nil, `{"blocks":%d}`, blocks), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(many.Content) != blocks || many.Content[blocks-1].Text != fmt.Sprintf("block %d", blocks) {
		t.Errorf("many: %d blocks", len(many.Content))
	}
}
