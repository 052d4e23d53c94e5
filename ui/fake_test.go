package ui

import (
	"context"
	"encoding/json"
	"os"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/internal/screentest"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/screens/roots"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// fakeSession is a server in memory: tools from testdata, calls answered by
// a function the test supplies.
type fakeSession struct {
	info  client.ServerInfo
	tools []tool.Tool
	call  func(ctx context.Context, name string, args []byte, progress func(client.ProgressEvent)) (*client.CallResult, error)

	mu     sync.Mutex
	calls  []string // "name args" of every call
	closed bool
	// answer is the Answerer the workbench gave the connection, through
	// which a test asks as the server would.
	answer client.Answerer
	// rootsChanged counts RootsChanged; levels are the SetLogLevel calls.
	rootsChanged int
	// lists counts tools/list requests.
	lists  int
	levels []string
	// pages are the tools/list results ListToolsPages returns: none
	// unless a test sets them.
	pages []json.RawMessage

	// The server's resources, prompts and completions (fake_beyond_test.go)
	// and its tasks (fake_tasks_test.go).
	fakeBeyond
	fakeTasks
}

func newFakeSession(t *testing.T, toolsFile string) *fakeSession {
	t.Helper()
	data, err := os.ReadFile(toolsFile)
	if err != nil {
		t.Fatal(err)
	}
	tools, err := tool.ParseList(data)
	if err != nil {
		t.Fatal(err)
	}
	return &fakeSession{
		info:  client.ServerInfo{Name: "fake-server", Version: "1.2.3", ProtocolVersion: "2025-11-25"},
		tools: tools,
		call: func(context.Context, string, []byte, func(client.ProgressEvent)) (*client.CallResult, error) {
			return client.ParseCallResult(json.RawMessage(`{"content":[{"type":"text","text":"ok"}]}`))
		},
	}
}

func (f *fakeSession) Info() client.ServerInfo     { return f.info }
func (f *fakeSession) Transport() target.Transport { return target.Stdio }
func (f *fakeSession) ListToolsPages(context.Context) ([]tool.Tool, []json.RawMessage, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lists++
	return f.tools, f.pages, nil
}
func (f *fakeSession) CallTool(ctx context.Context, name string, args []byte, p func(client.ProgressEvent)) (*client.CallResult, error) {
	f.mu.Lock()
	f.calls = append(f.calls, name+" "+string(args))
	f.mu.Unlock()
	return f.call(ctx, name, args, p)
}
func (f *fakeSession) RootsChanged(context.Context) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rootsChanged++
	return nil
}
func (f *fakeSession) SetLogLevel(_ context.Context, level string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.levels = append(f.levels, level)
	return nil
}

func (f *fakeSession) rootsChangedCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.rootsChanged
}

func (f *fakeSession) levelsSet() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.levels...)
}

// answerer is the Answerer of the session's connection.
func (f *fakeSession) answerer() client.Answerer {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.answer
}
func (f *fakeSession) StderrTail(int) []string {
	return []string{"panic: boom", "goroutine 1 [running]"}
}
func (f *fakeSession) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	return nil
}

func (f *fakeSession) isClosed() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.closed
}

func (f *fakeSession) callLog() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.calls...)
}

// harness drives a Model as a program would, and waits for it after each
// message: every command runs on its own goroutine, with no deadline, and
// its message is fed back; the harness returns once nothing the workbench
// waits for (a connect, a tools/list, a call, a tab's rendering, a result's
// judging) is on its way. Timers and cursor blinks are told apart by their
// message's type and dropped (see dropped), so a test sees no status
// message expire; timer tests drive the timers' messages by hand.
type harness struct {
	t    *testing.T
	m    *Model
	msgs chan tea.Msg
	stop chan struct{}
	// leaveCalls lets a call run on while the test looks: settle does not
	// wait for it.
	leaveCalls bool
}

func newHarness(t *testing.T, sessions ...*fakeSession) *harness {
	t.Helper()
	next := 0
	connect := func(ctx context.Context, onEvent func(client.Event), answer client.Answerer) (Session, error) {
		s := sessions[min(next, len(sessions)-1)]
		next++
		s.mu.Lock()
		s.answer = answer
		s.mu.Unlock()
		return s, nil
	}
	return startHarness(t, connect, Options{Target: "fake", Styles: plainStyles()}, 120, 30)
}

// startHarness opens the workbench at the given size and connects.
func startHarness(t *testing.T, connect Connector, opts Options, w, height int) *harness {
	t.Helper()
	h := &harness{t: t, msgs: make(chan tea.Msg, 256), stop: make(chan struct{})}
	h.m = New(connect, opts)
	h.m.SetSender(h.send)
	t.Cleanup(h.close)
	h.exec(h.m.Init())
	h.resize(w, height)
	return h
}

// close ends the model's call and timers; goroutines still running a
// command (a cursor blink) stop sending.
func (h *harness) close() {
	h.m.shutdown()
	if h.m.conn.cancel != nil {
		h.m.conn.cancel()
	}
	close(h.stop)
}

func (h *harness) resize(w, hgt int) { h.update(tea.WindowSizeMsg{Width: w, Height: hgt}) }

// send delivers a message as Program.Send would.
func (h *harness) send(msg tea.Msg) {
	select {
	case h.msgs <- msg:
	case <-h.stop:
	}
}

// exec runs a command on its own goroutine; its message comes back
// through msgs.
func (h *harness) exec(cmd tea.Cmd) {
	if cmd != nil {
		go func() { h.send(cmd()) }()
	}
}

// update feeds msg, then waits until the workbench waits for nothing.
func (h *harness) update(msg tea.Msg) {
	h.t.Helper()
	h.feed(msg)
	h.settle()
}

// feed gives msg to the model and starts what it asks for.
func (h *harness) feed(msg tea.Msg) {
	_, cmd := h.m.Update(msg)
	h.exec(cmd)
}

// handle takes one message a command or the connection produced.
func (h *harness) handle(msg tea.Msg) {
	if cmds, ok := screentest.Batched(msg); ok {
		for _, c := range cmds {
			h.exec(c)
		}
		return
	}
	if msg != nil && !dropped(msg) {
		h.feed(msg)
	}
}

// settle feeds messages until nothing the workbench waits for is on its
// way, and everything that already arrived is fed. The deadline is for a
// hung test, not a measure.
func (h *harness) settle() {
	h.t.Helper()
	screentest.Settle(h.t, h.msgs, h.handle, h.waitingFor, h.view)
}

// pumpUntil feeds messages until done holds: for a test that lets a
// call run and waits for the server to have seen it.
func (h *harness) pumpUntil(what string, done func() bool) {
	h.t.Helper()
	screentest.PumpUntil(h.t, h.msgs, h.handle, what, done, h.view)
}

// shows reports whether screen id is on top of the stack.
func (m *Model) shows(id screen.ID) bool {
	top := m.stack.Top()
	return top != nil && top.ID() == id
}

// rootsBusy reports the roots screen, if made, waiting for a directory's
// check or for the server to be told of a change.
func (m *Model) rootsBusy() bool {
	sc, ok := m.screens.made[roots.ID].(*roots.Screen)
	return ok && sc.Busy()
}

// waitingFor names what the workbench waits for, or "".
func (h *harness) waitingFor() string {
	m := h.m
	switch {
	case m.conn.phase == phaseConnecting:
		return "a connect"
	case m.conn.listing || m.conn.listDue:
		return "tools/list"
	case m.tools.Busy(!h.leaveCalls) != "":
		return m.tools.Busy(!h.leaveCalls)
	case m.logScreen().Rendering():
		return "a log entry's rendering"
	case m.rootsBusy():
		return "a root's check or notification"
	case m.logLevel().Setting():
		return "a log level"
	case m.bridge != nil && m.bridge.queued():
		return "the auth flow's steps"
	case m.authScreen().Busy():
		return "the authorization URL's opening"
	case memoryBusy(m):
		return "the memory's reads and writes"
	case m.hosts.pending:
		return "the host verdicts"
	}
	return ""
}

// dropped reports the messages of timers: the workbench's own (a status
// message's expiry, a running call's clock) and the cursor blinks of text
// inputs, which bubbles' cursor package sends. Feeding them back would
// only start the next one.
func dropped(msg tea.Msg) bool {
	switch msg.(type) {
	case statusExpiredMsg:
		return true
	}
	if tools.Ticks(msg) {
		return true
	}
	return screentest.Blink(msg)
}

func (h *harness) key(keys ...string) {
	h.t.Helper()
	for _, k := range keys {
		h.update(keyMsg(k))
	}
}

func (h *harness) typeText(s string) {
	h.t.Helper()
	for _, r := range s {
		h.update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

func (h *harness) view() string { return stripANSI(h.m.View().Content) }

func (f *fakeSession) CallToolWith(ctx context.Context, name string, args []byte, opts client.CallOptions) (*client.CallResult, error) {
	return f.CallTool(ctx, name, args, opts.OnProgress)
}
