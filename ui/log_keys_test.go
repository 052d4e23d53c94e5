package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/client"
)

// logAt is the clock of the frames the log tests feed.
var logAt = time.Date(2026, 11, 30, 9, 30, 0, 0, time.UTC)

// frame feeds a frame as the connection delivers it, ms after logAt.
func (h *harness) frame(dir client.Direction, ms int, data string) {
	h.t.Helper()
	h.update(eventMsg{gen: h.m.conn.gen, event: client.FrameEvent{Frame: client.Frame{
		At: logAt.Add(time.Duration(ms) * time.Millisecond), Dir: dir, Data: []byte(data), Size: len(data)}}})
}

// callFrames feeds a 2026-07-28 tools/call of tool with id, its _meta
// first, and its result latency ms later.
func (h *harness) callFrames(id int, tool string, at, latency int) {
	h.t.Helper()
	h.frame(client.Sent, at, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"_meta":`+
		`{"io.modelcontextprotocol/clientInfo":{"name":"toolbench","version":"dev"},"io.modelcontextprotocol/protocolVersion":"2026-07-28"},`+
		`"name":%q,"arguments":{"a":1,"b":2}}}`, id, tool))
	h.frame(client.Received, at+latency, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"3"}],`+
		`"structuredContent":{"sum":3}}}`, id))
}

// logWithPair fills the log with stderr lines around a call's request and
// response, selects the request and opens the log.
func logWithPair(h *harness) {
	for i := range 30 {
		h.update(eventMsg{gen: h.m.conn.gen, event: client.StderrEvent{At: logAt, Line: "before " + strconv.Itoa(i)}})
	}
	h.callFrames(4, "get-sum", 0, 17)
	for i := range 30 {
		h.update(eventMsg{gen: h.m.conn.gen, event: client.StderrEvent{At: logAt, Line: "after " + strconv.Itoa(i)}})
	}
	h.key("alt+l")
	h.selectLog(func(e *logEntry) bool { return e.Frame != nil && e.Frame.Kind.IsResponse() })
}

// selectLog puts the log's cursor on the first entry ok takes.
func (h *harness) selectLog(ok func(e *logEntry) bool) {
	h.t.Helper()
	l := &h.m.log
	for _, seq := range l.shown {
		if ok(l.at(seq)) {
			l.cursor, l.follow = seq, false
			h.update(nil)
			return
		}
	}
	h.t.Fatalf("no entry of the log to select:\n%s", h.view())
}

// openLongFrame opens a response of many lines, paired, scrolled into its
// middle.
func openLongFrame(h *harness) {
	h.frame(client.Sent, 0, `{"jsonrpc":"2.0","id":9,"method":"tools/list"}`)
	items := make([]string, 60)
	for i := range items {
		items[i] = fmt.Sprintf(`{"name":"tool_%d","inputSchema":{"type":"object"}}`, i)
	}
	h.frame(client.Received, 40, `{"jsonrpc":"2.0","id":9,"result":{"tools":[`+strings.Join(items, ",")+`]}}`)
	h.key("alt+l", "enter", "pgdown", "down")
}

// logKeyContexts are the log's screens for the key map tests: the list of
// entries with a paired frame selected, and an opened frame.
func logKeyContexts() []keyContext {
	return []keyContext{
		{"log", func(km keyMap) []key.Binding {
			l := km.Log
			return append(everywhere(km.Global), append(km.Global.Tabs[:], l.Back, l.Filter, l.Up, l.Down, l.PageUp, l.PageDown,
				l.Home, l.End, l.Open, l.Pair, l.Show)...)
		}, logWithPair},
		{"log entry", func(km keyMap) []key.Binding {
			d := km.LogDetail
			return append(everywhere(km.Global), append(km.Global.Tabs[:], d.Back, d.Up, d.Down, d.PageUp, d.PageDown,
				d.Home, d.End, d.Pair)...)
		}, openLongFrame},
	}
}
