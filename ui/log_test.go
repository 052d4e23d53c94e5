package ui

import (
	"fmt"
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

// TestLogFilterSyntax: the filter's words all match; direction words,
// #id, method and tool name.
func TestLogFilterSyntax(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.callFrames(4, "get-sum", 0, 17)
	h.callFrames(5, "echo", 20, 3)
	h.frame(client.Received, 30, `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}`)
	h.update(eventMsg{gen: h.m.conn.gen, event: client.StderrEvent{At: logAt, Line: "get-sum was called"}})
	h.key("alt+l")
	tests := []struct {
		filter string
		want   int
	}{
		{"get-sum", 3}, // both frames, and the stderr line that names it
		{"tools/call", 4},
		{"in", 3},
		{"←", 3},
		{"out", 2},
		{"→ echo", 1},
		{"#4", 2},
		{"#4 in", 1},
		{"progress", 1},
		{"GET-SUM out", 1},
		{"nothing-like-it", 0},
	}
	for _, tt := range tests {
		h.key("/")
		h.typeText(tt.filter)
		h.key("enter")
		if got := len(h.m.log.shown); got != tt.want {
			t.Errorf("filter %q: %d entries, want %d:\n%s", tt.filter, got, tt.want, h.view())
		}
	}
	h.key("/", "esc")
	if h.m.log.filter != "" || len(h.m.log.shown) != len(h.m.log.ring) {
		t.Errorf("esc does not clear the filter: %q, %d of %d shown", h.m.log.filter, len(h.m.log.shown), len(h.m.log.ring))
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
	h.selectLog(func(e *logEntry) bool { return e.Frame != nil && e.Frame.Kind == render.FrameRequest })
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
	if v := h.view(); !strings.Contains(v, "Log · ") || h.m.log.detail.open {
		t.Errorf("esc does not go back to the list:\n%s", v)
	}
	h.key("p")
	e := h.m.log.at(h.m.log.cursor)
	if e == nil || e.Frame == nil || e.Frame.Kind != render.FrameResult {
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
	e := h.m.log.at(h.m.log.cursor)
	if e == nil || e.Frame == nil || e.Frame.Dir != client.Received || h.m.log.filter != "" {
		t.Errorf("p does not reveal the response (filter %q): %+v", h.m.log.filter, e)
	}
}

// TestLogBoundsFrameBytes: past the budget the oldest frames keep their
// first bytes only, and their detail says so.
func TestLogBoundsFrameBytes(t *testing.T) {
	t.Parallel()
	l := newLogView()
	big := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"result":{"text":%q}}`, strings.Repeat("x", 1<<20))
	n := frameBudget/len(big) + 4
	for i := range n {
		l.addFrame(client.Frame{At: logAt, Dir: client.Received, Data: []byte(big), Size: len(big) + i%2})
	}
	if l.rawBytes > frameBudget {
		t.Errorf("the log keeps %d bytes of frames, over its budget of %d", l.rawBytes, frameBudget)
	}
	first := l.at(0)
	if len(first.raw) != maxEntryText {
		t.Errorf("the oldest frame keeps %d bytes, want %d", len(first.raw), maxEntryText)
	}
	if last := l.at(n - 1); len(last.raw) != len(big) {
		t.Errorf("the newest frame keeps %d bytes, want all %d", len(last.raw), len(big))
	}
	l.openDetail(0)
	if note := l.detailShown().Note; !strings.Contains(note, "only the first 4.0 KB of 1.0 MB") {
		t.Errorf("the shortened frame's note reads %q", note)
	}
}

// TestLogDropsTheOldest: past logCap entries the oldest go, with their
// rows, their pairs and their waits for a response.
func TestLogDropsTheOldest(t *testing.T) {
	t.Parallel()
	l := newLogView()
	l.addFrame(client.Frame{At: logAt, Dir: client.Sent, Data: []byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`), Size: 40})
	for range logCap {
		l.add(logAt, "stderr", "", "flood")
	}
	l.addFrame(client.Frame{At: logAt, Dir: client.Received, Data: []byte(`{"jsonrpc":"2.0","id":1,"result":{}}`), Size: 36})
	if len(l.ring) != logCap || len(l.shown) != logCap || len(l.pending) != 0 {
		t.Errorf("after the flood: %d kept, %d shown, %d waiting; want %d, %d, 0", len(l.ring), len(l.shown), len(l.pending), logCap, logCap)
	}
	if r := l.at(l.total - 1).Frame; r.Paired || r.Method != "" {
		t.Errorf("the response pairs with a request the log let go: %+v", r)
	}
}
