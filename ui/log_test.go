package ui

import (
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
)

// rowOf is the screen's row that holds every one of parts, or "".
func rowOf(view string, parts ...string) string {
	for _, row := range strings.Split(view, "\n") {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(row, p)
		}
		if ok {
			return row
		}
	}
	return ""
}

// TestLogRowsSummariseFrames: a row names direction, kind, id, method and
// tool, size and latency; never the leading _meta of a 2026-07-28 request.
func TestLogRowsSummariseFrames(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.callFrames(4, "get-sum", 0, 17)
	h.key("alt+l")
	v := h.view()
	if strings.Contains(v, "_meta") || strings.Contains(v, "io.modelcontextprotocol") {
		t.Errorf("the log shows the _meta noise:\n%s", v)
	}
	for _, parts := range [][]string{
		{"09:30:00.000", "→", "req", "#4", "tools/call get-sum", "bytes", "17 ms"},
		{"09:30:00.017", "←", "ok", "#4", "tools/call get-sum", "17 ms"},
	} {
		if rowOf(v, parts...) == "" {
			t.Errorf("no row reads %q:\n%s", parts, v)
		}
	}
	assertPureView(t, h, "log list")
}

// TestLogPairsRequestsAndResponses: a response pairs with the request of
// its id going the other way, in both eras and for the server's own
// requests; an id reused later pairs with the newer request.
func TestLogPairsRequestsAndResponses(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		frames [][2]string // direction ("→"/"←") and the frame
		want   [][]string  // parts of rows
	}{
		{"legacy string id", [][2]string{
			{"→", `{"jsonrpc":"2.0","id":"a-1","method":"resources/read","params":{"uri":"demo://r/1"}}`},
			{"←", `{"jsonrpc":"2.0","id":"a-1","result":{"contents":[]}}`},
		}, [][]string{{"←", "ok", `#"a-1"`, "resources/read demo://r/1", "ms"}}},
		{"the server asks", [][2]string{
			{"←", `{"jsonrpc":"2.0","id":0,"method":"roots/list"}`},
			{"→", `{"jsonrpc":"2.0","id":0,"result":{"roots":[]}}`},
		}, [][]string{{"←", "req", "#0", "roots/list", "ms"}, {"→", "ok", "#0", "roots/list", "ms"}}},
		{"ids apart by direction", [][2]string{
			{"→", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`},
			{"←", `{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage"}`},
			{"←", `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`},
		}, [][]string{{"←", "ok", "#1", "tools/list"}, {"←", "req", "#1", "sampling/createMessage", "…"}}},
		{"error", [][2]string{
			{"→", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"nope"}}`},
			{"←", `{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"unknown tool"}}`},
		}, [][]string{{"←", "error", "#5", "tools/call nope · -32602 unknown tool", "ms"}}},
		{"isError and input_required", [][2]string{
			{"→", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"a"}}`},
			{"←", `{"jsonrpc":"2.0","id":6,"result":{"resultType":"input_required","inputRequests":{}}}`},
			{"→", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"a"}}`},
			{"←", `{"jsonrpc":"2.0","id":7,"result":{"isError":true,"content":[]}}`},
		}, [][]string{{"input", "#6", "tools/call a"}, {"isError", "#7", "tools/call a"}}},
		{"reused id", [][2]string{
			{"→", `{"jsonrpc":"2.0","id":1,"method":"initialize"}`},
			{"→", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`},
			{"←", `{"jsonrpc":"2.0","id":1,"result":{}}`},
		}, [][]string{{"←", "ok", "#1", "tools/list"}, {"→", "req", "#1", "initialize", "…"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, newFakeSession(t, fixtureTools))
			for i, f := range tt.frames {
				dir := client.Sent
				if f[0] == "←" {
					dir = client.Received
				}
				h.frame(dir, i*3, f[1])
			}
			h.key("alt+l")
			v := h.view()
			for _, parts := range tt.want {
				if rowOf(v, parts...) == "" {
					t.Errorf("no row reads %q:\n%s", parts, v)
				}
			}
		})
	}
}

// TestLogShowsFramesOrStderr: the show key steps through all, frames
// only and stderr only.
func TestLogShowsFramesOrStderr(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.callFrames(4, "get-sum", 0, 17)
	h.update(eventMsg{gen: h.m.conn.gen, event: client.StderrEvent{At: logAt, Line: "listening on stdio"}})
	h.update(eventMsg{gen: h.m.conn.gen, event: client.NoiseEvent{At: logAt, Line: "DEBUG"}})
	h.key("alt+l")
	tests := []struct {
		heading      string
		want, absent []string
	}{
		{"frames only", []string{"get-sum"}, []string{"listening on stdio", "stdout: DEBUG", "connected to"}},
		{"stderr only", []string{"listening on stdio", "stdout: DEBUG"}, []string{"get-sum", "connected to"}},
		{"Log · ", []string{"get-sum", "listening on stdio", "connected to"}, nil},
	}
	for _, tt := range tests {
		h.key("s")
		v := h.view()
		if !strings.Contains(v, tt.heading) {
			t.Errorf("after s the heading lacks %q:\n%s", tt.heading, v)
		}
		for _, w := range tt.want {
			if !strings.Contains(v, w) {
				t.Errorf("%s: the log lacks %q:\n%s", tt.heading, w, v)
			}
		}
		for _, a := range tt.absent {
			if strings.Contains(v, a) {
				t.Errorf("%s: the log shows %q:\n%s", tt.heading, a, v)
			}
		}
	}
}

// TestLogOpensAFrame: enter opens the frame pretty-printed, p goes to its
// response and back, esc returns to the list.
func TestLogOpensAFrame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.callFrames(4, "get-sum", 0, 17)
	h.key("alt+l")
	h.selectLog(func(e render.LogEntry) bool { return e.Frame != nil && e.Frame.Kind == render.FrameRequest })
	h.key("enter")
	v := h.view()
	for _, want := range []string{"Frame → req #4 tools/call get-sum", "answered in 17 ms", `"_meta": {`, `"name": "get-sum"`, `"a": 1`} {
		if !strings.Contains(v, want) {
			t.Errorf("the opened request lacks %q:\n%s", want, v)
		}
	}
	assertPureView(t, h, "opened frame")
	h.key("p")
	if v := h.view(); !strings.Contains(v, "Frame ← ok #4 tools/call get-sum") || !strings.Contains(v, `"sum": 3`) {
		t.Errorf("p does not open the response:\n%s", v)
	}
	h.key("p")
	if v := h.view(); !strings.Contains(v, "Frame → req #4") {
		t.Errorf("p from the response does not go back to the request:\n%s", v)
	}
	h.key("esc")
	if v := h.view(); !strings.Contains(v, "Log · ") || strings.Contains(v, "Frame →") {
		t.Errorf("esc does not go back to the list:\n%s", v)
	}
	h.key("p")
	e, ok := h.m.logScreen().Selected()
	if !ok || e.Frame == nil || e.Frame.Kind != render.FrameResult {
		t.Errorf("p in the list does not select the response: %+v", e)
	}
}

// TestLogPairRevealsAHiddenFrame: going to a pair the filter hides clears
// the filter.
func TestLogPairRevealsAHiddenFrame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.callFrames(4, "get-sum", 0, 17)
	h.key("alt+l", "/")
	h.typeText("out")
	h.key("enter", "p")
	e, ok := h.m.logScreen().Selected()
	if v := h.view(); !ok || e.Frame == nil || e.Frame.Dir != render.FrameReceived || strings.Contains(v, "filter:") {
		t.Errorf("p does not reveal the response: %+v\n%s", e, v)
	}
}

// TestLogNotificationOnceInTheWorkbench: a log message arrives as the
// session reports it, its frame and then its event; the log shows it on
// one row.
func TestLogNotificationOnceInTheWorkbench(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.key("alt+l")
	h.frame(client.Received, 0, `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"tick 1"}}`)
	h.update(eventMsg{gen: h.m.conn.gen, event: client.LogEvent{At: logAt, Level: "info", Data: []byte(`"tick 1"`)}})
	v := h.view()
	if strings.Count(v, "tick 1") != 1 || rowOf(v, "←", "notifications/message") != "" {
		t.Errorf("the notification is not on one row:\n%s", v)
	}
}
