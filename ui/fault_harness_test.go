package ui

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/fault"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/ui/internal/screentest"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// liveHarness drives a Model whose Connector is the real client.Connect
// against a fault fixture: a stdio child or an HTTP server. Unlike harness,
// whose fakes answer at once, commands here run on their own goroutines as
// in a program (a connect, a call that hangs), and the test pumps the
// messages they produce until the view shows what it waits for.
type liveHarness struct {
	t        *testing.T
	m        *Model
	msgs     chan tea.Msg
	stop     chan struct{}
	cmds     sync.WaitGroup
	connects atomic.Int32

	// target is where the next connect goes; retarget moves it, as when a
	// dead HTTP server comes back on another port.
	mu  sync.Mutex
	tgt target.Target
}

// stdioFault is the target that runs the named fault as a stdio child.
func stdioFault(name string) target.Target {
	path, env := fault.Command(name, "")
	return target.Target{Transport: target.Stdio, Command: path, Env: env}
}

// newLiveHarness opens the workbench on target with the given request
// timeout and starts connecting.
func newLiveHarness(t *testing.T, tgt target.Target, timeout time.Duration) *liveHarness {
	t.Helper()
	return newLiveHarnessWith(t, tgt, client.Options{Timeout: timeout})
}

// newLiveHarnessWith is newLiveHarness connecting with opts, whose OnEvent
// and Answer the harness sets.
func newLiveHarnessWith(t *testing.T, tgt target.Target, opts client.Options) *liveHarness {
	t.Helper()
	return newLiveHarnessOpts(t, tgt, opts, Options{})
}

// newLiveHarnessOpts is newLiveHarnessWith opening the workbench with
// uiOpts (its Memory, say); the target and styles are the harness's.
func newLiveHarnessOpts(t *testing.T, tgt target.Target, opts client.Options, uiOpts Options) *liveHarness {
	t.Helper()
	h := &liveHarness{t: t, msgs: make(chan tea.Msg, 1024), stop: make(chan struct{}), tgt: tgt}
	connect := func(ctx context.Context, onEvent func(client.Event), answer client.Answerer) (Session, error) {
		h.connects.Add(1)
		h.mu.Lock()
		tgt := h.tgt
		h.mu.Unlock()
		o := opts
		o.OnEvent, o.Answer = onEvent, answer
		s, err := client.Connect(ctx, tgt, o)
		if err != nil {
			// A nil *client.Session inside the interface would not be nil.
			return nil, err
		}
		return s, nil
	}
	uiOpts.Target, uiOpts.Styles = tgt.String(), plainStyles()
	h.m = New(connect, uiOpts)
	h.m.SetSender(h.send)
	t.Cleanup(h.close)
	h.update(tea.WindowSizeMsg{Width: 120, Height: 30})
	h.exec(h.m.startConnect())
	return h
}

// retarget points the next connects at target.
func (h *liveHarness) retarget(tgt target.Target) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.tgt = tgt
}

// send delivers a message as Program.Send would; once the test is over
// nothing listens, and senders must not block.
func (h *liveHarness) send(msg tea.Msg) {
	select {
	case h.msgs <- msg:
	case <-h.stop:
	}
}

// exec runs a command on its own goroutine and queues its message.
func (h *liveHarness) exec(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	select {
	case <-h.stop:
		return
	default:
	}
	h.cmds.Add(1)
	go func() {
		defer h.cmds.Done()
		h.send(cmd())
	}()
}

// update feeds msg to the model and runs what it asks for.
func (h *liveHarness) update(msg tea.Msg) {
	_, cmd := h.m.Update(msg)
	h.exec(cmd)
}

// handle takes one message from a command or the connection.
func (h *liveHarness) handle(msg tea.Msg) {
	if cmds, ok := screentest.Batched(msg); ok {
		for _, c := range cmds {
			h.exec(c)
		}
		return
	}
	if msg != nil && !dropped(msg) {
		h.update(msg)
	}
}

// waitFor pumps messages until every fragment is in the view.
func (h *liveHarness) waitFor(fragments ...string) string {
	h.t.Helper()
	h.waitUntil(func() bool { return missingIn(h.view(), fragments) == "" },
		func() string { return fmt.Sprintf("the view never showed %q", missingIn(h.view(), fragments)) })
	return h.view()
}

// waitUntil pumps messages until done holds; if it never does, the test
// fails with what() and the view. The deadline is for a hung test, not a
// measure: a loaded CI machine under -race can take seconds to connect.
func (h *liveHarness) waitUntil(done func() bool, what func() string) {
	h.t.Helper()
	deadline := time.After(20 * time.Second)
	for !done() {
		select {
		case msg := <-h.msgs:
			h.handle(msg)
		case <-deadline:
			h.t.Fatalf("%s:\n%s", what(), h.view())
		}
	}
}

// missingIn returns the first fragment v lacks, or "".
func missingIn(v string, fragments []string) string {
	for _, f := range fragments {
		if !strings.Contains(v, f) {
			return f
		}
	}
	return ""
}

func (h *liveHarness) key(keys ...string) {
	for _, k := range keys {
		h.update(keyMsg(k))
	}
}

func (h *liveHarness) typeText(s string) {
	for _, r := range s {
		h.update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

func (h *liveHarness) view() string { return stripANSI(h.m.View().Content) }

// selectTool opens the named tool's form.
func (h *liveHarness) selectTool(name string) {
	h.t.Helper()
	h.m.toTools(tools.ShowList{})
	cursorTo(h.t, h.m, h.key, name)
	h.key("enter")
}

// formJSON is what the named tool's form would send.
func (h *liveHarness) formJSON(name string) string {
	if h.m.tools.Shown() != name {
		h.selectTool(name)
	}
	return h.m.formArgs()
}

// close ends what the test started: the running call, a connect attempt,
// the session and every command goroutine.
func (h *liveHarness) close() {
	h.m.shutdown()
	if h.m.conn.cancel != nil {
		h.m.conn.cancel()
	}
	if s := h.m.Session(); s != nil {
		_ = s.Close()
	}
	close(h.stop)
	h.cmds.Wait()
}
