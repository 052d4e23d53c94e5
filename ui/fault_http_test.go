package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"go.uber.org/goleak"

	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/fault"
	"github.com/toolbench/toolbench/internal/fixture/httpfault"
	"github.com/toolbench/toolbench/target"
)

// TestFaultWorkbenchHTTP runs the workbench against misbehaving servers
// over both HTTP transports: servers that die, hang or break a stream, and
// proxies that answer with a 500 or a login page. As in TestFaultWorkbench,
// the cases run in parallel and goleak checks, once all are done, that none
// left a goroutine behind.
func TestFaultWorkbenchHTTP(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, ignore) })
	for _, kind := range []string{"sse", "http"} {
		t.Run(kind+"/exit-mid-call", func(t *testing.T) { t.Parallel(); httpCrashMidCall(t, kind) })
		t.Run(kind+"/hang-call", func(t *testing.T) { t.Parallel(); httpHangCall(t, kind) })
		for _, fault := range []httpfault.Fault{httpfault.Status500OnCall, httpfault.HTMLOnCall} {
			t.Run(kind+"/"+fault.String(), func(t *testing.T) { t.Parallel(); httpCallRefused(t, kind, fault) })
		}
		t.Run(kind+"/500-on-handshake", func(t *testing.T) {
			t.Parallel()
			_, tgt := startBroken(t, kind, httpfault.Status500OnHandshake)
			connectFails(t, tgt, 5*time.Second,
				"could not connect: initialize: POST http://127.0.0.1:",
				"500 Internal Server Error", "hint: the server, or a proxy in front of it, failed")
		})
		t.Run(kind+"/html-on-handshake", func(t *testing.T) {
			t.Parallel()
			_, tgt := startBroken(t, kind, httpfault.HTMLOnHandshake)
			// The status line is cut before the footer's "? help", and
			// the detail pane wraps the message after "answered with".
			connectFails(t, tgt, 5*time.Second,
				"could not connect: initialize: POST http://127.0.0.1:",
				"HTML page (HTTP 200)", "hint: this looks like a web page")
		})
		t.Run(kind+"/drop-call-stream", func(t *testing.T) { t.Parallel(); httpDropCallStream(t, kind) })
	}
}

// startFaultServer serves the named fault over kind ("sse" or "http") until
// the test ends.
func startFaultServer(t *testing.T, kind, name string) target.Target {
	t.Helper()
	start, transport := httpfault.StartHTTP, target.StreamableHTTP
	if kind == "sse" {
		start, transport = httpfault.StartSSE, target.SSE
	}
	url, stop, err := start(name)
	if err != nil {
		t.Fatalf("start %s %s: %v", kind, name, err)
	}
	t.Cleanup(stop)
	return target.Target{Transport: transport, URL: url}
}

// startBroken serves the fixture with fault over kind until the test ends.
func startBroken(t *testing.T, kind string, fault httpfault.Fault) (*httpfault.BrokenEndpoint, target.Target) {
	t.Helper()
	start, transport := httpfault.StartBrokenHTTP, target.StreamableHTTP
	if kind == "sse" {
		start, transport = httpfault.StartBrokenSSE, target.SSE
	}
	ep, err := start(fixture.NewServer(), fault)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ep.Stop)
	return ep, target.Target{Transport: transport, URL: ep.URL}
}

// newHTTPHarness is newLiveHarness on a wide screen: HTTP errors name URLs,
// and the assertions want them on one line.
func newHTTPHarness(t *testing.T, tgt target.Target, timeout time.Duration) *liveHarness {
	t.Helper()
	h := newLiveHarness(t, tgt, timeout)
	h.update(tea.WindowSizeMsg{Width: 200, Height: 30})
	return h
}

// typeInto types text into the named tool's form and goes back to the list.
func (h *liveHarness) typeInto(tool, text string) {
	h.t.Helper()
	h.selectTool(tool)
	// A call leaves the detail pane on its Result tab; alt+1 is the form.
	h.key("alt+1")
	h.typeText(text)
	h.key("esc", "esc")
}

// keepsEcho checks that what was typed into echo's form is still there.
func keepsEcho(t *testing.T, h *liveHarness, when string) {
	t.Helper()
	if got := h.formJSON("echo"); got != `{"message":"keep me"}` {
		t.Errorf("echo's form %s = %s", when, got)
	}
}

// httpCrashMidCall: the whole HTTP server dies during a call. Over SSE the
// event stream ends with it; over streamable HTTP only the call learns of
// it. Either way the workbench says so and offers alt+r. A retry while the
// server is down fails; once it is back (on another port) the reconnect
// works, and what was typed into another form survived it all.
func httpCrashMidCall(t *testing.T, kind string) {
	tgt := startFaultServer(t, kind, fault.ExitMidCall)
	h := newHTTPHarness(t, tgt, 5*time.Second)
	h.waitFor("● ready", "Tools 4")
	h.typeInto("echo", "keep me")
	h.selectTool("work")
	h.key("ctrl+s")
	broke := "Disconnected: the connection to " + tgt.URL + " was lost"
	if kind == "http" {
		broke = "Connection lost: call work: the "
	}
	// Over SSE the ClosedEvent can come before the call's own failure.
	v := h.waitFor("● error", broke, "alt+r reconnect · your forms and results are kept", "The call failed", "call work: ")
	if !strings.Contains(v, tgt.URL) {
		t.Errorf("the view does not name %s:\n%s", tgt.URL, v)
	}
	keepsEcho(t, h, "after the crash")

	h.key("alt+r")
	h.waitFor("● error", "could not connect: ", "connection refused at "+tgt.URL)
	keepsEcho(t, h, "after a failed retry")

	h.retarget(startFaultServer(t, kind, fault.ExitMidCall))
	h.key("alt+r")
	h.waitFor("● ready", "Tools 4")
	if n := h.connects.Load(); n != 3 {
		t.Errorf("connected %d times, want 3", n)
	}
	keepsEcho(t, h, "after the reconnect")
	h.selectTool("echo")
	h.key("ctrl+s")
	h.waitFor("[Result]", "keep me", "● ready")
}

// httpHangCall: a call the server never answers times out and leaves the
// session ready; the next one is cancelled with esc, and another tool's
// call then works.
func httpHangCall(t *testing.T, kind string) {
	// The timeout bounds the handshake too: shorter ones failed to connect
	// on a loaded 2-core machine.
	h := newHTTPHarness(t, startFaultServer(t, kind, fault.HangCall), 3*time.Second)
	h.waitFor("● ready", "Tools 4")
	h.selectTool("work")
	h.key("ctrl+s")
	h.waitFor("call work: timed out: no answer within 3s", "Timed out", "● ready")
	h.key("ctrl+s")
	h.waitFor("calling work", "esc cancels")
	h.key("esc")
	h.waitFor("Cancelled: the server was sent notifications/cancelled", "● ready")
	h.typeInto("echo", "still here")
	h.selectTool("echo")
	h.key("ctrl+s")
	h.waitFor("[Result]", "still here", "echo ✓", "● ready")
}

// httpCallRefused: a proxy answers the call with a 500 or a login page. The
// status line says what came back, the form keeps its value, and the
// session stays ready: the next call goes out too.
func httpCallRefused(t *testing.T, kind string, fault httpfault.Fault) {
	ep, tgt := startBroken(t, kind, fault)
	h := newHTTPHarness(t, tgt, 5*time.Second)
	h.waitFor("● ready", "Tools 15")
	h.selectTool("echo")
	h.typeText("keep me")
	h.key("ctrl+s")
	said := "failed with HTTP 500 Internal Server Error"
	if fault == httpfault.HTMLOnCall {
		said = `answered with an HTML page (HTTP 200), not MCP: "` + httpfault.HTMLTitle + `"`
	}
	v := h.waitFor("call echo: POST http://127.0.0.1:", said, "● ready")
	if status := lastLine(v); !strings.Contains(status, said) {
		t.Errorf("the status line does not say %q: %s", said, status)
	}
	if strings.Contains(v, "alt+r reconnect") {
		t.Errorf("a refused call offers a reconnect:\n%s", v)
	}
	keepsEcho(t, h, "after the refused call")
	h.key("ctrl+s")
	h.waitUntil(func() bool { return journalCount(ep, "tools/call") == 2 && !h.m.callRunning() },
		func() string { return fmt.Sprintf("the second call never ended: journal %q", ep.Journal()) })
	h.waitFor("call echo: POST", said, "● ready")
}

// httpDropCallStream: the call's stream breaks off after one progress
// notification. Over streamable HTTP the call fails naming the broken
// stream; over SSE the event stream was the session. Both offer alt+r, and
// the reconnect works.
func httpDropCallStream(t *testing.T, kind string) {
	_, tgt := startBroken(t, kind, httpfault.DropCallStream)
	h := newHTTPHarness(t, tgt, 5*time.Second)
	h.waitFor("● ready", "Tools 15")
	h.typeInto("echo", "keep me")
	h.selectTool("progress")
	h.key("ctrl+s")
	broke := []string{"Disconnected: the connection to " + tgt.URL + " was lost: the server ended the event stream (EOF)"}
	if kind == "http" {
		broke = []string{"Connection lost: call progress: the connection to " + tgt.URL + " was lost before the result arrived",
			"the response stream broke off (unexpected EOF)", "hint: the server may have crashed or restarted, or a proxy cut the stream"}
	}
	// Over SSE the ClosedEvent comes first; until the call's own failure
	// arrives, the call holds the one slot a reconnected session calls in.
	h.waitFor(append(broke, "● error", "alt+r reconnect · your forms and results are kept", "The call failed")...)
	keepsEcho(t, h, "after the stream broke")
	h.key("alt+r")
	h.waitFor("● ready", "Tools 15")
	keepsEcho(t, h, "after the reconnect")
	if kind == "http" {
		// This fixture breaks every call's stream over streamable HTTP.
		return
	}
	h.selectTool("echo")
	h.key("ctrl+s")
	h.waitFor("[Result]", "keep me", "● ready")
}

// lastLine is the status line of a view.
func lastLine(v string) string {
	return v[strings.LastIndex(v, "\n")+1:]
}

// journalCount counts the server's journal lines that mention what.
func journalCount(ep *httpfault.BrokenEndpoint, what string) int {
	n := 0
	for _, l := range ep.Journal() {
		if strings.Contains(l, what) {
			n++
		}
	}
	return n
}
