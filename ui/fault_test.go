package ui

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/toolbench/toolbench/internal/fixture/fault"
	"github.com/toolbench/toolbench/target"
)

// TestFaultWorkbench runs the workbench against real misbehaving servers.
// The cases run in parallel; goleak checks, once all are done, that none
// left a goroutine behind.
func TestFaultWorkbench(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, ignore) })
	t.Run("exit-mid-call", func(t *testing.T) { t.Parallel(); crashMidCall(t) })
	t.Run("exit-before-init", func(t *testing.T) {
		t.Parallel()
		connectFails(t, stdioFault(fault.ExitBeforeInit), time.Second,
			"could not connect: initialize: the server exited before answering initialize (exit status 3) — alt+r to retry",
			"fatal: config missing")
	})
	t.Run("hang-init", func(t *testing.T) {
		t.Parallel()
		connectFails(t, stdioFault(fault.HangInit), 300*time.Millisecond,
			"could not connect: initialize: no answer to initialize within 300ms — alt+r to retry",
			"is this an MCP server?")
	})
	t.Run("hang-call", func(t *testing.T) { t.Parallel(); hangCall(t) })
	for _, name := range []string{fault.StdoutNoise, fault.BadFrames, fault.UnknownID} {
		t.Run(name, func(t *testing.T) { t.Parallel(); dirtyServerWorks(t, name) })
	}
}

// crashMidCall: the server dies during a call. The status line, header and
// detail pane say so and offer alt+r; what was typed into another tool's
// form survives the crash and the reconnect, and works afterwards.
func crashMidCall(t *testing.T) {
	h := newLiveHarness(t, stdioFault(fault.ExitMidCall), 5*time.Second)
	h.waitFor("● ready", "Tools 4")
	h.selectTool("echo")
	h.typeText("keep me")
	if got := h.formJSON("echo"); got != `{"message":"keep me"}` {
		t.Fatalf("typed form value = %s", got)
	}
	h.key("esc", "esc")
	h.selectTool("work")
	h.key("ctrl+s")
	v := h.waitFor("● error", "call work: connection closed: the server exited (exit status 7)",
		"Disconnected: the server exited (exit status 7)", "panic: boom", "alt+r reconnect")
	if !strings.Contains(v, "forms and results are kept") {
		t.Errorf("the reconnect offer does not promise to keep the forms:\n%s", v)
	}
	if got := h.formJSON("echo"); got != `{"message":"keep me"}` {
		t.Errorf("form value after the crash = %s", got)
	}

	h.key("alt+r")
	h.waitFor("● ready")
	if n := h.connects.Load(); n != 2 {
		t.Errorf("connected %d times, want 2", n)
	}
	if got := h.formJSON("echo"); got != `{"message":"keep me"}` {
		t.Errorf("form value after the reconnect = %s", got)
	}
	h.selectTool("echo")
	h.key("ctrl+s")
	h.waitFor("[Result]", "keep me", "● ready")
}

// connectFails: a server whose handshake fails (it exits, hangs, or a
// proxy answers instead) leaves the workbench in the error state with the
// reason (status, then its evidence) and a retry that retries.
func connectFails(t *testing.T, tgt target.Target, timeout time.Duration, status string, evidence ...string) {
	h := newLiveHarness(t, tgt, timeout)
	h.waitFor(append([]string{"● error", status, "alt+r"}, evidence...)...)
	h.key("alt+r")
	h.waitFor("● error", status)
	if n := h.connects.Load(); n != 2 {
		t.Errorf("connected %d times, want 2", n)
	}
}

// hangCall: a call the server never answers times out with the connection
// still up, and a second one is cancelled with esc.
func hangCall(t *testing.T) {
	h := newLiveHarness(t, stdioFault(fault.HangCall), time.Second)
	h.waitFor("● ready", "Tools 4")
	h.selectTool("work")
	h.key("ctrl+s")
	h.waitFor("call work: timed out: no answer within 1s", "Timed out", "● ready")
	h.key("ctrl+s")
	h.waitFor("calling work")
	h.key("esc")
	h.waitFor("Cancelled: the server was sent notifications/cancelled", "● ready")
}

// dirtyServerWorks: noise and bad frames do not stop calls, and the log
// shows what was dropped.
func dirtyServerWorks(t *testing.T, name string) {
	h := newLiveHarness(t, stdioFault(name), 5*time.Second)
	h.waitFor("● ready", "Tools 4")
	h.selectTool("echo")
	h.typeText("hello")
	h.key("ctrl+s")
	h.waitFor("[Result]", "hello", "● ready")
	h.key("alt+l")
	switch name {
	case fault.StdoutNoise:
		h.waitFor("stdout: DEBUG: answering request")
	case fault.BadFrames:
		h.waitFor(`dropped a frame from the server: it lacks "jsonrpc": "2.0"`)
	case fault.UnknownID:
		h.waitFor("dropped a frame from the server: it answers request 1000001")
	}
}
