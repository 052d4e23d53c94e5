package ui

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/hostile"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/tool"
)

// hostileCapture is what real sessions with a hostile server produced: the
// server's info and tools, each tool's outcome, every event, and how a
// stdio child ended and failed to start.
type hostileCapture struct {
	p        hostile.Payload
	info     client.ServerInfo
	tools    []tool.Tool
	outcomes map[string]callOutcome
	events   []client.Event
	closed   client.ClosedEvent // the stdio child crashing
	stderr   []string           // its stderr tail afterwards
	failed   error              // a child that dies before initialize
}

// callOutcome is one call as the real client returned it.
type callOutcome struct {
	res      *client.CallResult
	err      error
	progress []client.ProgressEvent
}

// eventLog collects events from the reading goroutines.
type eventLog struct {
	mu     sync.Mutex
	events []client.Event
}

func (l *eventLog) add(e client.Event) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = append(l.events, e)
}

func (l *eventLog) all() []client.Event {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]client.Event(nil), l.events...)
}

// captureHostile talks to p's server over streamable HTTP (tools, calls,
// notifications, progress, frames) and as a stdio child (stderr, stdout
// noise, a crash, a failed start), with toolbench's real client.
func captureHostile(t *testing.T, p hostile.Payload) *hostileCapture {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c := &hostileCapture{p: p, outcomes: map[string]callOutcome{}}
	var log eventLog
	opts := client.Options{Timeout: 30 * time.Second, OnEvent: log.add}

	url, stop, err := fixture.StartHTTP(hostile.NewServer(p))
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	sess, err := client.Connect(ctx, target.Target{Transport: target.StreamableHTTP, URL: url}, opts)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	c.info = sess.Info()
	if c.tools, err = sess.ListTools(ctx); err != nil {
		t.Fatalf("list tools: %v", err)
	}
	for _, kind := range []string{hostile.ResultTool, hostile.FailTool, hostile.RPCTool} {
		name := hostile.ToolName(kind, p)
		var o callOutcome
		o.res, o.err = sess.CallTool(ctx, name, []byte(`{}`), func(ev client.ProgressEvent) { o.progress = append(o.progress, ev) })
		c.outcomes[name] = o
	}
	_ = sess.Close()

	path, env := hostile.Command(p, false)
	child, err := client.Connect(ctx, target.Target{Transport: target.Stdio, Command: path, Env: env}, opts)
	if err != nil {
		t.Fatalf("connect to the stdio child: %v", err)
	}
	_, _ = child.CallTool(ctx, hostile.ToolName(hostile.CrashTool, p), []byte(`{}`), nil)
	select {
	case <-child.Done():
	case <-ctx.Done():
		t.Fatal("the crash tool did not end the child")
	}
	// The exit can be seen before the last stderr line is read; the crash
	// line is what the disconnect report must show, so wait for it.
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if tail := child.StderrTail(8); len(tail) > 0 && strings.HasPrefix(tail[len(tail)-1], "CRASH") {
			break
		}
	}
	c.stderr = child.StderrTail(8)
	_ = child.Close()

	path, env = hostile.Command(p, true)
	if _, c.failed = client.Connect(ctx, target.Target{Transport: target.Stdio, Command: path, Env: env}, opts); c.failed == nil {
		t.Fatal("the dying child connected")
	}
	for _, e := range log.all() {
		if ce, ok := e.(client.ClosedEvent); ok {
			if ce.Err != nil && strings.Contains(ce.Err.Error(), "exit status 2") {
				c.closed = ce
			}
			continue
		}
		c.events = append(c.events, e)
	}
	if c.closed.Err == nil {
		t.Fatal("no ClosedEvent for the crash")
	}
	return c
}

// replaySession answers as the real session did. With hold set, CallTool
// reports its progress and then waits for cancellation, so a running call
// can be looked at.
type replaySession struct {
	c    *hostileCapture
	hold bool
	// The hostile server's resources, prompts and tasks.
	fakeBeyond
	fakeTasks
}

func (r *replaySession) Info() client.ServerInfo     { return r.c.info }
func (r *replaySession) Transport() target.Transport { return target.StreamableHTTP }
func (r *replaySession) ListToolsPages(context.Context) ([]tool.Tool, []json.RawMessage, error) {
	return r.c.tools, nil, nil
}
func (r *replaySession) CallTool(ctx context.Context, name string, _ []byte, p func(client.ProgressEvent)) (*client.CallResult, error) {
	o, ok := r.c.outcomes[name]
	if !ok {
		return nil, errors.New("replay: no such tool")
	}
	for _, ev := range o.progress {
		p(ev)
	}
	if r.hold {
		<-ctx.Done()
		return nil, client.ErrCancelled
	}
	return o.res, o.err
}
func (r *replaySession) CallToolWith(ctx context.Context, name string, args []byte, opts client.CallOptions) (*client.CallResult, error) {
	return r.CallTool(ctx, name, args, opts.OnProgress)
}
func (r *replaySession) StderrTail(int) []string { return r.c.stderr }
func (r *replaySession) Close() error            { return nil }

func (r *replaySession) RootsChanged(context.Context) error        { return nil }
func (r *replaySession) SetLogLevel(context.Context, string) error { return nil }

var _ Session = (*replaySession)(nil)
