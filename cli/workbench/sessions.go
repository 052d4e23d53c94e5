package workbench

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui"
)

// sessionSet keeps the sessions a workbench opened, so that every one of
// them ends with it. The workbench connects and calls on contexts of its
// own, which the command's signal does not reach: the set ties them to the
// command's context.
type sessionSet struct {
	// ctx ends when the workbench does.
	ctx     context.Context
	pending inflight
	mu      sync.Mutex
	live    []*session
}

func newSessionSet(ctx context.Context) *sessionSet { return &sessionSet{ctx: ctx} }

// open connects under a context that ends with the caller's or with the
// workbench, and keeps the session.
func (s *sessionSet) open(callerCtx context.Context, connect func(context.Context) (*client.Session, error)) (*session, error) {
	if !s.pending.enter() {
		return nil, fmt.Errorf("connect: the workbench is closing: %w", client.ErrCancelled)
	}
	defer s.pending.leave()
	ctx, cancel := context.WithCancel(callerCtx)
	defer cancel()
	defer context.AfterFunc(s.ctx, cancel)()
	cs, err := connect(ctx)
	if err != nil {
		return nil, err
	}
	ws := newSession(s.ctx, cs)
	s.mu.Lock()
	defer s.mu.Unlock()
	live := s.live[:0]
	for _, o := range s.live {
		if o.Err() == nil && !isDone(o.Done()) {
			live = append(live, o)
		}
	}
	s.live = append(live, ws)
	return ws, nil
}

// closeAll waits for connects under way (their context has ended, so they
// end soon) and closes every session.
func (s *sessionSet) closeAll() {
	s.pending.close()
	s.mu.Lock()
	open := s.live
	s.live = nil
	s.mu.Unlock()
	for _, ws := range open {
		_ = ws.Close()
	}
}

func isDone(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// session is a session of the workbench whose requests also end
// when the workbench ends or the session is closed. Close cancels the
// requests under way and lets them end (a cancelled call tells the server)
// before it ends the session.
type session struct {
	*client.Session
	ctx      context.Context
	cancel   context.CancelFunc
	requests inflight
}

var _ ui.Session = (*session)(nil)

func newSession(workbench context.Context, s *client.Session) *session {
	ctx, cancel := context.WithCancel(workbench)
	return &session{Session: s, ctx: ctx, cancel: cancel}
}

// CallTool calls the tool until ctx, the workbench or the session ends.
func (w *session) CallTool(ctx context.Context, name string, args []byte, onProgress func(client.ProgressEvent)) (*client.CallResult, error) {
	ctx, end := w.request(ctx)
	defer end()
	return w.Session.CallTool(ctx, name, args, onProgress)
}

// CallToolWith calls the tool, following it when it runs as a task, until
// ctx, the workbench or the session ends.
func (w *session) CallToolWith(ctx context.Context, name string, args []byte, opts client.CallOptions) (*client.CallResult, error) {
	ctx, end := w.request(ctx)
	defer end()
	return w.Session.CallToolWith(ctx, name, args, opts)
}

// TaskResult waits for a task's result until ctx, the workbench or the
// session ends.
func (w *session) TaskResult(ctx context.Context, id string) (*client.CallResult, error) {
	ctx, end := w.request(ctx)
	defer end()
	return w.Session.TaskResult(ctx, id)
}

// ListToolsPages lists the tools, with the pages they came in, until ctx,
// the workbench or the session ends.
func (w *session) ListToolsPages(ctx context.Context) ([]tool.Tool, []json.RawMessage, error) {
	ctx, end := w.request(ctx)
	defer end()
	return w.Session.ListToolsPages(ctx)
}

// ListOtherPages lists the resources and prompts the server declares, as
// pages, until ctx, the workbench or the session ends.
func (w *session) ListOtherPages(ctx context.Context) ([]client.ListPage, error) {
	ctx, end := w.request(ctx)
	defer end()
	return w.Session.ListOtherPages(ctx)
}

// RootsChanged tells the server the roots changed, until ctx, the
// workbench or the session ends.
func (w *session) RootsChanged(ctx context.Context) error {
	ctx, end := w.request(ctx)
	defer end()
	return w.Session.RootsChanged(ctx)
}

// SetLogLevel asks the server for a log level, until ctx, the workbench or
// the session ends.
func (w *session) SetLogLevel(ctx context.Context, level string) error {
	ctx, end := w.request(ctx)
	defer end()
	return w.Session.SetLogLevel(ctx, level)
}

// request ties ctx to the session's context and counts the request as
// under way until end is called.
func (w *session) request(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(w.ctx, cancel)
	if !w.requests.enter() {
		return ctx, func() { stop(); cancel() }
	}
	return ctx, func() { stop(); cancel(); w.requests.leave() }
}

// Close cancels the requests under way, waits for them to end, and closes
// the session.
func (w *session) Close() error {
	w.cancel()
	w.requests.close()
	return w.Session.Close()
}

// inflight counts operations that must end before a close goes on; once
// closed, it admits no more.
type inflight struct {
	mu     sync.Mutex
	closed bool
	wg     sync.WaitGroup
}

// enter counts one operation, or reports false once closed.
func (f *inflight) enter() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return false
	}
	f.wg.Add(1)
	return true
}

// leave ends an operation enter counted.
func (f *inflight) leave() { f.wg.Done() }

// close admits no more operations and waits for those under way.
func (f *inflight) close() {
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
	f.wg.Wait()
}
