package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screens/log"
	"github.com/toolbench/toolbench/ui/theme"
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
// response, selects the response and opens the log.
func logWithPair(h *harness) {
	for i := range 30 {
		h.update(eventMsg{gen: h.m.conn.gen, event: client.StderrEvent{At: logAt, Line: "before " + strconv.Itoa(i)}})
	}
	h.callFrames(4, "get-sum", 0, 17)
	for i := range 30 {
		h.update(eventMsg{gen: h.m.conn.gen, event: client.StderrEvent{At: logAt, Line: "after " + strconv.Itoa(i)}})
	}
	h.key("alt+l")
	h.selectLog(func(e render.LogEntry) bool { return e.Frame != nil && e.Frame.Kind.IsResponse() })
}

// selectLog puts the log's cursor on the first entry ok takes, with the
// keys a person would press.
func (h *harness) selectLog(ok func(e render.LogEntry) bool) {
	h.t.Helper()
	h.key("home")
	for range h.m.log.Entries() {
		if e, has := h.m.logScreen().Selected(); has && ok(e) {
			return
		}
		h.key("down")
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

// freshLog empties the log and remakes its screen: goldens must not show
// the connect's entries, stamped by the real clock.
func (h *harness) freshLog() {
	h.m.log = log.NewStore()
	h.m.screens.made[log.ID] = log.New(log.Deps{Styles: h.m.st, Store: h.m.log})
	h.m.resizeScreens()
}

// logGroup is the log screen's group of keys titled title.
func logGroup(title string) []key.Binding {
	for _, g := range log.New(log.Deps{Styles: theme.Plain(), Store: log.NewStore()}).Keys() {
		if g.Title == title {
			return g.Bindings
		}
	}
	panic("the log screen has no keys titled " + title)
}

// logKeyContexts are the log's screens for the key map tests: the list of
// entries with a paired frame selected, and an opened frame.
func logKeyContexts() []keyContext {
	return []keyContext{
		{"log", func(km keyMap) []key.Binding {
			return append(everywhere(km.Global), logGroup("Log")...)
		}, logWithPair},
		{"log entry", func(km keyMap) []key.Binding {
			return append(everywhere(km.Global), logGroup("An entry of the log")...)
		}, openLongFrame},
	}
}

// TestLogHelpNamesEveryBinding: every key of the log screen has help, and
// its help names each key it matches.
func TestLogHelpNamesEveryBinding(t *testing.T) {
	t.Parallel()
	sc := log.New(log.Deps{Styles: theme.Plain(), Store: log.NewStore()})
	for _, b := range screenBindings(sc) {
		h := b.Help()
		if !b.Enabled() || h.Key == "" || h.Desc == "" {
			t.Errorf("a binding of the log has no keys or no help (%q, %q)", h.Key, h.Desc)
			continue
		}
		for _, k := range b.Keys() {
			name := k
			if s, ok := keyShown[k]; ok {
				name = s
			}
			if !slices.Contains(namedKeys(h.Key), name) {
				t.Errorf("%q (%s) matches %q, which its help does not name", h.Key, h.Desc, k)
			}
		}
	}
}
