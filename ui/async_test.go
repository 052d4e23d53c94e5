package ui

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/internal/screentest"
)

// TestCallDoneJudgesInACommand: the reply to a call is judged against the
// outputSchema and rendered in a command, not on the UI goroutine; the
// Result tab says so meanwhile, the verdict arrives with the rendering,
// and a rendering for a replaced call is dropped.
func TestCallDoneJudgesInACommand(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	s.call = func(context.Context, string, []byte, func(client.ProgressEvent)) (*client.CallResult, error) {
		return client.ParseCallResult([]byte(`{"content":[],"structuredContent":{"city":"Oslo","temperature":"warm"}}`))
	}
	h := newHarness(t, s)
	watchTimers(h)
	h.selectTool("weather_broken")
	h.typeText("Oslo")
	// The commands are run here, one by one, to look between them.
	_, cmd := h.m.Update(keyMsg("ctrl+s"))
	_, cmd = h.m.Update(findMsg[callDoneMsg](t, cmd))
	tr := h.m.calls.results["weather_broken"]
	if cmd == nil || tr == nil || tr.ready || tr.verdict.Checked {
		t.Fatalf("the reply was judged on the UI goroutine (ready %t, checked %t)", tr != nil && tr.ready, tr != nil && tr.verdict.Checked)
	}
	if v := h.view(); !strings.Contains(v, "checking and rendering the result") {
		t.Errorf("the Result tab does not say the result is on its way:\n%s", v)
	}
	ready := findMsg[resultReadyMsg](t, cmd)
	stale := ready
	stale.req, stale.lines = 4, []string{"STALE"}
	h.m.Update(stale)
	if tr.ready {
		t.Fatal("a rendering for an older call was taken")
	}
	h.m.Update(ready)
	if !tr.ready || !tr.verdict.Checked || tr.verdict.Valid {
		t.Fatalf("verdict %+v, ready %t", tr.verdict, tr.ready)
	}
	v := h.view()
	for _, want := range []string{"violation", "structuredContent breaks the outputSchema"} {
		if !strings.Contains(v, want) {
			t.Errorf("the screen lacks %q:\n%s", want, v)
		}
	}
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

// TestTabsRenderedOnceByContent: a tab is rendered in a command the first
// time it is shown, for the tool as sent and the width; showing it again
// costs no command, and a tool that changes, or a new width, is rendered
// anew. The cache keeps at most viewCacheSize renderings.
func TestTabsRenderedOnceByContent(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	watchTimers(h)
	h.selectTool("set_priority")
	for _, tab := range []string{"alt+2", "alt+4", "alt+5", "alt+6"} {
		_, cmd := h.m.Update(keyMsg(tab))
		if cmd == nil {
			t.Fatalf("%s: no rendering started", tab)
		}
		if v := h.view(); !strings.Contains(v, "rendering…") {
			t.Errorf("%s: the tab does not say it is rendering:\n%s", tab, v)
		}
		h.exec(cmd)
		h.settle()
		h.key("alt+1")
		if _, cmd := h.m.Update(keyMsg(tab)); cmd != nil {
			t.Errorf("%s: rendered again although nothing changed", tab)
		}
	}
	// The Meta tab is on screen.
	before := len(h.m.views.ready)
	h.resize(100, 30)
	if k, _ := h.m.viewKeyOf(tabMeta); h.m.views.get(k) == nil || len(h.m.views.ready) != before+1 {
		t.Errorf("a new width was not rendered anew (%d renderings, were %d)", len(h.m.views.ready), before)
	}

	changed := append([]tool.Tool(nil), s.tools...)
	for i := range changed {
		if changed[i].Name == "set_priority" {
			changed[i].Raw = json.RawMessage(`{"name":"set_priority","description":"changed"}`)
		}
	}
	s.tools = changed
	h.update(eventMsg{gen: h.m.conn.gen, event: client.ToolsChangedEvent{}})
	if k, _ := h.m.viewKeyOf(tabMeta); h.m.views.get(k) == nil || !strings.Contains(h.view(), `"changed"`) {
		t.Errorf("a tool the server changed was not rendered anew:\n%s", h.view())
	}

	for i := range 2 * viewCacheSize {
		h.m.views.handleReady(viewReadyMsg{key: viewKey{tool: "t", width: i}, view: &tabView{}})
	}
	if n := len(h.m.views.ready); n > viewCacheSize || len(h.m.views.order) != n {
		t.Errorf("the cache holds %d renderings (order %d), want at most %d", n, len(h.m.views.order), viewCacheSize)
	}
}

// TestResultFollowsTheWidth: a result rendered for one width is rendered
// again, in a command, when the pane's width changes.
func TestResultFollowsTheWidth(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	s.call = func(context.Context, string, []byte, func(client.ProgressEvent)) (*client.CallResult, error) {
		return &client.CallResult{Content: []client.Content{{Type: "text", Text: strings.Repeat("word ", 60)}}}, nil
	}
	h := newHarness(t, s)
	h.selectTool("echo")
	h.typeText("hi")
	h.key("ctrl+s")
	tr := h.m.calls.results["echo"]
	before := tr.width
	h.resize(80, 30)
	if tr.width == before || tr.width != h.m.detailWidth() {
		t.Errorf("result rendered for %d, then %d; the pane is %d wide", before, tr.width, h.m.detailWidth())
	}
	for _, l := range tr.lines {
		if w := len([]rune(stripANSI(l))); w > h.m.detailWidth() {
			t.Errorf("a result row is %d wide in a %d-wide pane", w, h.m.detailWidth())
		}
	}
}
