package ui

import (
	"context"
	"encoding/json"
	"os"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/tool"
)

// fakeSession is a server in memory: tools from testdata, calls answered by
// a function the test supplies.
type fakeSession struct {
	info  client.ServerInfo
	tools []tool.Tool
	call  func(ctx context.Context, name string, args []byte, progress func(client.ProgressEvent)) (*client.CallResult, error)

	mu     sync.Mutex
	calls  []string // "name args" of every call
	done   chan struct{}
	closed bool
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
		tools: tools, done: make(chan struct{}),
		call: func(context.Context, string, []byte, func(client.ProgressEvent)) (*client.CallResult, error) {
			return client.ParseCallResult(json.RawMessage(`{"content":[{"type":"text","text":"ok"}]}`))
		},
	}
}

func (f *fakeSession) Info() client.ServerInfo     { return f.info }
func (f *fakeSession) Transport() target.Transport { return target.Stdio }
func (f *fakeSession) ListTools(context.Context) ([]tool.Tool, error) {
	return f.tools, nil
}
func (f *fakeSession) CallTool(ctx context.Context, name string, args []byte, p func(client.ProgressEvent)) (*client.CallResult, error) {
	f.mu.Lock()
	f.calls = append(f.calls, name+" "+string(args))
	f.mu.Unlock()
	return f.call(ctx, name, args, p)
}
func (f *fakeSession) Frames() ([]client.Frame, int) { return nil, 0 }
func (f *fakeSession) StderrTail(int) []string {
	return []string{"panic: boom", "goroutine 1 [running]"}
}
func (f *fakeSession) Done() <-chan struct{} { return f.done }
func (f *fakeSession) Err() error            { return nil }
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

// harness drives a Model synchronously: commands run at once and their
// messages are fed back, except the clock tick, which tests send by hand.
type harness struct {
	t     *testing.T
	m     *Model
	sends chan tea.Msg
}

func newHarness(t *testing.T, sessions ...*fakeSession) *harness {
	t.Helper()
	next := 0
	connect := func(ctx context.Context, onEvent func(client.Event)) (Session, error) {
		s := sessions[min(next, len(sessions)-1)]
		next++
		return s, nil
	}
	h := &harness{t: t, sends: make(chan tea.Msg, 100)}
	h.m = New(connect, Options{Target: "fake", Styles: plainStyles()})
	h.m.SetSender(func(msg tea.Msg) { h.sends <- msg })
	h.resize(120, 30)
	h.run(h.m.startConnect())
	return h
}

func (h *harness) resize(w, hgt int) { h.update(tea.WindowSizeMsg{Width: w, Height: hgt}) }

// update feeds msg and runs what it asks for.
func (h *harness) update(msg tea.Msg) {
	_, cmd := h.m.Update(msg)
	h.run(cmd)
}

func (h *harness) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	// Commands that wait (cursor blinks, ticks) are dropped: the fakes
	// answer at once, so anything slower is not what the test is about.
	out := make(chan tea.Msg, 1)
	go func() { out <- cmd() }()
	var msg tea.Msg
	select {
	case msg = <-out:
	case <-time.After(100 * time.Millisecond):
		return
	}
	switch msg := msg.(type) {
	case nil, tickMsg:
	case tea.BatchMsg:
		for _, c := range msg {
			h.run(c)
		}
	default:
		h.update(msg)
	}
	h.drainSends()
}

// drainSends delivers what other goroutines sent with Program.Send.
func (h *harness) drainSends() {
	for {
		select {
		case msg := <-h.sends:
			h.update(msg)
		default:
			return
		}
	}
}

func (h *harness) key(keys ...string) {
	for _, k := range keys {
		h.update(keyMsg(k))
	}
}

func (h *harness) typeText(s string) {
	for _, r := range s {
		h.update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

func (h *harness) view() string { return stripANSI(h.m.View().Content) }
