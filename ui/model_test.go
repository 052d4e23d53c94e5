package ui

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

const fixtureTools = "testdata/fixture.tools.json"

func TestConnectListAndFilter(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	v := h.view()
	for _, want := range []string{"toolbench", "fake-server 1.2.3", "stdio", "2025-11-25", "● ready", "Tools 15", "Create order", "weather_ok"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	h.key("/")
	h.typeText("weath")
	v = h.view()
	if !strings.Contains(v, "3 matches") || strings.Contains(v, "Create order") {
		t.Errorf("filter 'weath' should leave the three weather tools:\n%s", v)
	}
	h.key("esc")
	if v := h.view(); !strings.Contains(v, "Create order") {
		t.Errorf("esc clears the filter:\n%s", v)
	}
}

func TestCallShowsVerdict(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	s.call = func(_ context.Context, name string, _ []byte, _ func(client.ProgressEvent)) (*client.CallResult, error) {
		return client.ParseCallResult([]byte(`{"content":[{"type":"text","text":"{\"city\":\"Oslo\"}"}],"structuredContent":{"city":"Oslo","temperature":"warm"}}`))
	}
	h := newHarness(t, s)
	h.selectTool("weather_broken")
	h.typeText("Oslo")
	h.key("ctrl+s")
	v := h.view()
	if !strings.Contains(v, "[Result]") || !strings.Contains(v, "violation") {
		t.Errorf("the result tab should show the verdict:\n%s", v)
	}
	if calls := s.callLog(); len(calls) != 1 || !strings.HasPrefix(calls[0], "weather_broken ") {
		t.Errorf("calls = %v", calls)
	}
}

func TestCancelRunningCall(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	started := make(chan struct{})
	s.call = func(ctx context.Context, _ string, _ []byte, progress func(client.ProgressEvent)) (*client.CallResult, error) {
		progress(client.ProgressEvent{Progress: 1, Total: 4, Message: "step one"})
		close(started)
		<-ctx.Done()
		return nil, errors.New("call slow: " + client.ErrCancelled.Error())
	}
	h := newHarness(t, s)
	h.selectTool("slow")
	h.leaveCalls = true
	h.key("ctrl+s")
	h.pumpUntil("the call", func() bool {
		select {
		case <-started:
			return true
		default:
			return false
		}
	})
	// The progress was sent before started closed: settle feeds it.
	h.settle()
	if v := h.view(); !strings.Contains(v, "calling slow") || !strings.Contains(v, "1/4") || !strings.Contains(v, "step one") {
		t.Errorf("progress not shown:\n%s", v)
	}
	h.leaveCalls = false
	h.key("esc")
	if h.m.callRunning() {
		t.Fatal("esc did not end the call")
	}
	if v := h.view(); !strings.Contains(v, "The call failed") || !strings.Contains(v, "call slow: cancelled") {
		t.Errorf("after cancel:\n%s", v)
	}
}

func TestCrashKeepsFormAndReconnects(t *testing.T) {
	t.Parallel()
	first, second := newFakeSession(t, fixtureTools), newFakeSession(t, fixtureTools)
	h := newHarness(t, first, second)
	h.selectTool("echo")
	h.typeText("keep me")
	h.update(eventMsg{gen: h.m.conn.gen, event: client.ClosedEvent{At: time.Now(), Err: errors.New("the server exited (exit status 2)")}})
	v := h.view()
	for _, want := range []string{"● error", "Disconnected: the server exited (exit status 2)", "panic: boom", "alt+r"} {
		if !strings.Contains(v, want) {
			t.Errorf("after the crash the view lacks %q:\n%s", want, v)
		}
	}
	h.key("alt+r")
	if v := h.view(); !strings.Contains(v, "● ready") {
		t.Errorf("reconnect failed:\n%s", v)
	}
	got := h.m.formArgs()
	if string(got) != `{"message":"keep me"}` {
		t.Errorf("form values after reconnect: %s", got)
	}
	deadline := time.Now().Add(2 * time.Second)
	for !first.isClosed() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if !first.isClosed() {
		t.Error("the old session should be closed on reconnect")
	}
}

func TestStaleRepliesDropped(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	before := h.view()
	h.update(toolsLoadedMsg{gen: h.m.conn.gen - 1, tools: nil})
	// A call's stale reply is the tools screen's to drop: its model
	// tests send one.
	if h.view() != before {
		t.Error("replies of an older connection or call must not change the view")
	}
}

func TestHostileTextIsEscaped(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	s.tools[0].Title = "evil\x1b[2J\x1b]52;c;aGk=\x07tool"
	s.tools[0].Description = "line\rOVERWRITE \u202eesrever"
	h := newHarness(t, s)
	raw := h.m.View().Content
	for _, bad := range []string{"\x1b[2J", "\x1b]52", "\r", "\u202e"} {
		if strings.Contains(raw, bad) {
			t.Errorf("view contains the control sequence %q", bad)
		}
	}
	if !strings.Contains(stripANSI(raw), `evil\e[2J\e]52;c;aGk=\x07tool`) {
		t.Errorf("escaped title not shown:\n%s", stripANSI(raw))
	}
}

// selectTool moves the cursor to the tool and opens its form.
func (h *harness) selectTool(name string) {
	h.t.Helper()
	if !h.m.listFocused() {
		h.m.toTools(tools.ShowList{})
	}
	h.cursorTo(name)
	h.key("enter")
}

func TestLintAndProviderTabs(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.selectTool("search_articles")
	h.key("alt+4")
	if v := h.view(); !strings.Contains(v, "[Lint]") || !strings.Contains(v, "param-default-unstated") {
		t.Fatalf("lint tab:\n%s", v)
	}
	h.key("enter")
	if h.m.tab() != "Form" {
		t.Errorf("enter on a finding should show the form, tab is %v", h.m.tab())
	}
	h.key("alt+5")
	v := h.view()
	if !strings.Contains(v, "[mcp]") || !strings.Contains(v, `"inputSchema"`) {
		t.Errorf("providers tab, mcp form:\n%s", v)
	}
	h.key("right", "right")
	if v := h.view(); !strings.Contains(v, "[openai-strict]") || !strings.Contains(v, "blocker") || !strings.Contains(v, `"type": "function"`) {
		t.Errorf("providers tab, openai-strict:\n%s", v)
	}
}

// TestCallFromListRefusesInvalid: ctrl+s in the tool list checks the
// form's values first, whichever tab shows, and opens the form instead of
// sending arguments that break the inputSchema.
func TestCallFromListRefusesInvalid(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	h.cursorTo("echo")
	if !h.m.listFocused() || h.m.tab() != "Form" || h.m.tools.Shown() == "" || h.m.tools.Shown() != "echo" {
		t.Fatalf("want the list focused on echo with the Form tab shown; list focused %t, tab %v", h.m.listFocused(), h.m.tab())
	}
	h.key("ctrl+s")
	if calls := s.callLog(); len(calls) != 0 {
		t.Errorf("a call with the required message unset was sent: %v", calls)
	}
	if v := h.view(); !strings.Contains(v, "the arguments have problems") || h.m.listFocused() {
		t.Errorf("want the form opened with the problem named; list focused %t:\n%s", h.m.listFocused(), v)
	}
	h.typeText("hi")
	h.key("esc", "ctrl+s")
	if calls := s.callLog(); len(calls) != 1 || calls[0] != `echo {"message":"hi"}` {
		t.Errorf("calls = %v", calls)
	}
}
