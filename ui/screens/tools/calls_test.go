package tools

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/internal/screentest"
	"github.com/toolbench/toolbench/ui/screen"
)

// press is the key named name.
func press(t testing.TB, name string) tea.KeyPressMsg {
	t.Helper()
	k, ok := screen.Press(name)
	if !ok {
		t.Fatalf("no key %q", name)
	}
	return k
}

// findMsg runs cmd, and the commands of a batch it makes, and returns the
// first message of type M.
func findMsg[M any](t *testing.T, cmd tea.Cmd) M {
	t.Helper()
	var zero M
	if cmd == nil {
		t.Fatalf("no command, want a %T", zero)
	}
	msg := cmd()
	if m, ok := msg.(M); ok {
		return m
	}
	if cmds, ok := screentest.Batched(msg); ok {
		for _, c := range cmds {
			if c == nil {
				continue
			}
			if m, ok := c().(M); ok {
				return m
			}
		}
	}
	t.Fatalf("no %T among the commands", zero)
	return zero
}

// TestCallDoneJudgesInACommand: the reply to a call is judged against the
// outputSchema and rendered in a command, not on the UI goroutine; the
// Result tab says so meanwhile, the verdict arrives with the rendering,
// and a rendering for a replaced call is dropped.
func TestCallDoneJudgesInACommand(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 120, 28)
	h.answer(`{"content":[],"structuredContent":{"city":"Oslo","temperature":"warm"}}`)
	h.open("weather_broken")
	h.Type("Oslo")
	// The commands are run here, one by one, to look between them.
	r := h.s.Update(press(t, "ctrl+s"))
	r = h.s.Update(findMsg[callDoneMsg](t, r.Cmd))
	h.s.Layout()
	tr := h.s.calls.results["weather_broken"]
	if r.Cmd == nil || tr == nil || tr.ready || tr.verdict.Checked {
		t.Fatalf("the reply was judged on the UI goroutine (ready %t, checked %t)", tr != nil && tr.ready, tr != nil && tr.verdict.Checked)
	}
	if len(h.ended) != 1 || h.ended[0].Tool != "weather_broken" || h.ended[0].Err != nil {
		t.Errorf("the root was told of %+v, want the call's end", h.ended)
	}
	if v := h.View(); !strings.Contains(v, "checking and rendering the result") {
		t.Errorf("the Result tab does not say the result is on its way:\n%s", v)
	}
	ready := findMsg[resultReadyMsg](t, r.Cmd)
	stale := ready
	stale.req, stale.lines = 4, []string{"STALE"}
	h.s.Update(stale)
	if tr.ready {
		t.Fatal("a rendering for an older call was taken")
	}
	r = h.s.Update(ready)
	if !tr.ready || !tr.verdict.Checked || tr.verdict.Valid {
		t.Fatalf("verdict %+v, ready %t", tr.verdict, tr.ready)
	}
	if len(r.Actions) != 1 || !strings.Contains(r.Actions[0].(screen.Status).Text, "structuredContent breaks the outputSchema") {
		t.Errorf("the verdict was said as %+v", r.Actions)
	}
	if v := h.View(); !strings.Contains(v, "violation") {
		t.Errorf("the Result tab lacks the violation:\n%s", v)
	}
}

// TestStaleRepliesDropped: a reply of a call that is not the running one,
// and a task state another call saw, change nothing.
func TestStaleRepliesDropped(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 120, 28)
	before := h.View()
	h.Send(callDoneMsg{req: 99, tool: "echo"})
	h.Send(taskStateMsg{req: 99, task: client.Task{ID: "t-1", Status: client.TaskFailed}})
	if h.View() != before || len(h.ended) != 0 {
		t.Error("replies of another call must not change the screen")
	}
	if h.s.calls.results["echo"] != nil {
		t.Error("a stale reply left a result")
	}
}

// TestClockTicksOnlyWhileCalling: a running call's clock asks for its
// next tick while the call runs, and stops with it.
func TestClockTicksOnlyWhileCalling(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 120, 28)
	release := make(chan struct{})
	h.sess.mu.Lock()
	h.sess.call = func(context.Context, string, []byte) (*client.CallResult, error) {
		<-release
		return client.ParseCallResult([]byte(`{"content":[]}`))
	}
	h.sess.mu.Unlock()
	h.open("slow")
	r := h.s.Update(press(t, "ctrl+s"))
	_, req, ok := h.s.Running()
	if !ok || len(h.timers) != 1 || h.timers[0] != clockTick {
		t.Fatalf("no clock for the running call: %v", h.timers)
	}
	// The harness's timers deliver nothing; what they were asked counts.
	if h.s.Update(clockMsg{req: req}); len(h.timers) != 2 {
		t.Error("the clock of the running call stopped")
	}
	close(release)
	h.s.Update(findMsg[callDoneMsg](t, r.Cmd))
	if h.s.Update(clockMsg{req: req}); len(h.timers) != 2 {
		t.Error("the clock ticks on after the call ended")
	}
}

// TestResultFollowsTheWidth: a result rendered for one width is rendered
// again, in a command, when the pane's width changes.
func TestResultFollowsTheWidth(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 120, 30)
	h.answer(`{"content":[{"type":"text","text":"` + strings.Repeat("word ", 60) + `"}]}`)
	h.open("echo")
	h.Type("hi")
	h.Key("ctrl+s")
	tr := h.s.calls.results["echo"]
	before := tr.width
	h.Send(tea.WindowSizeMsg{Width: 80, Height: 30})
	dw := h.s.detailWidth()
	if tr.width == before || tr.width != dw {
		t.Errorf("result rendered for %d, then %d; the pane is %d wide", before, tr.width, dw)
	}
	for _, l := range tr.lines {
		if w := len([]rune(l)); w > dw {
			t.Errorf("a result row is %d wide in a %d-wide pane", w, dw)
		}
	}
}

// TestTabsRenderedOnceByContent: a tab is rendered in a command the first
// time it is shown, for the tool as sent and the width; showing it again
// costs no command, and a tool that changes, or a new width, is rendered
// anew. The cache keeps at most viewCacheSize renderings.
func TestTabsRenderedOnceByContent(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 120, 30)
	h.open("set_priority")
	for _, tab := range []string{"alt+2", "alt+4", "alt+5", "alt+6"} {
		h.s.Update(press(t, tab))
		cmd := h.s.Layout()
		if cmd == nil {
			t.Fatalf("%s: no rendering started", tab)
		}
		if v := h.View(); !strings.Contains(v, "rendering…") {
			t.Errorf("%s: the tab does not say it is rendering:\n%s", tab, v)
		}
		h.s.Update(cmd())
		h.Key("alt+1")
		if h.s.Update(press(t, tab)); h.s.Layout() != nil {
			t.Errorf("%s: rendered again although nothing changed", tab)
		}
	}
	// The Meta tab is on screen.
	before := len(h.s.views.ready)
	h.Send(tea.WindowSizeMsg{Width: 100, Height: 30})
	if k, _ := h.s.viewKeyOf(tabMeta); h.s.views.get(k) == nil || len(h.s.views.ready) != before+1 {
		t.Errorf("a new width was not rendered anew (%d renderings, were %d)", len(h.s.views.ready), before)
	}

	changed := fixture(t)
	for i := range changed {
		if changed[i].Name == "set_priority" {
			changed[i].Raw = []byte(`{"name":"set_priority","description":"changed"}`)
		}
	}
	h.Send(Listed{Tools: changed})
	if k, _ := h.s.viewKeyOf(tabMeta); h.s.views.get(k) == nil || !strings.Contains(h.View(), `"changed"`) {
		t.Errorf("a tool the server changed was not rendered anew:\n%s", h.View())
	}

	for i := range 2 * viewCacheSize {
		h.s.views.handleReady(viewReadyMsg{key: viewKey{tool: "t", width: i}, view: &tabView{}})
	}
	if n := len(h.s.views.ready); n > viewCacheSize || len(h.s.views.order) != n {
		t.Errorf("the cache holds %d renderings (order %d), want at most %d", n, len(h.s.views.order), viewCacheSize)
	}
}

// TestResultNotesHostRules: a result that breaks host rules says so in the
// Result tab, under the outputSchema verdict: a tool with an outputSchema
// answered without structuredContent fails in Claude Code, and the hosts
// no source covers are folded into one line.
func TestResultNotesHostRules(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 160, 60)
	h.answer(`{"content":[{"type":"text","text":"warm in Oslo"}]}`)
	h.open("weather_broken")
	h.Type("Oslo")
	h.Key("ctrl+s")
	v := h.View()
	for _, want := range []string{"Hosts · the host rules this result breaks", "REJ claude-code  result.outputschema-without-structured",
		"the tool declares an outputSchema, but the result has no structuredContent", "no source says what claude-desktop, chatgpt"} {
		if !strings.Contains(v, want) {
			t.Errorf("the Result tab lacks %q:\n%s", want, v)
		}
	}
	if tr := h.s.calls.results["weather_broken"]; tr == nil || len(tr.notes) == 0 {
		t.Errorf("the result keeps no host notes for its next rendering")
	}
}
