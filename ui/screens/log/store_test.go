package log

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
)

// logAt is the clock of the entries the tests feed.
var logAt = time.Date(2026, 11, 30, 9, 30, 0, 0, time.UTC)

// frame is a frame going dir, as the client records it.
func frame(dir client.Direction, data string) client.Frame {
	return client.Frame{At: logAt, Dir: dir, Data: []byte(data), Size: len(data)}
}

// TestLogBoundsFrameBytes: past the budget the oldest frames keep their
// first bytes only, and their detail says so.
func TestLogBoundsFrameBytes(t *testing.T) {
	t.Parallel()
	s, l := newTestScreen(120, 30)
	big := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"result":{"text":%q}}`, strings.Repeat("x", 1<<20))
	n := frameBudget/len(big) + 4
	for i := range n {
		l.AddFrame(client.Frame{At: logAt, Dir: client.Received, Data: []byte(big), Size: len(big) + i%2})
	}
	if l.rawBytes > frameBudget {
		t.Errorf("the log keeps %d bytes of frames, over its budget of %d", l.rawBytes, frameBudget)
	}
	if first := l.at(0); len(first.raw) != maxEntryText {
		t.Errorf("the oldest frame keeps %d bytes, want %d", len(first.raw), maxEntryText)
	}
	if last := l.at(n - 1); len(last.raw) != len(big) {
		t.Errorf("the newest frame keeps %d bytes, want all %d", len(last.raw), len(big))
	}
	s.openDetail(0)
	if note := s.detailShown().Note; !strings.Contains(note, "only the first 4.0 KB of 1.0 MB") {
		t.Errorf("the shortened frame's note reads %q", note)
	}
}

// TestLogDropsTheOldest: past logCap entries the oldest go, with their
// rows, their pairs and their waits for a response.
func TestLogDropsTheOldest(t *testing.T) {
	t.Parallel()
	s, l := newTestScreen(120, 30)
	l.AddFrame(frame(client.Sent, `{"jsonrpc":"2.0","id":1,"method":"ping"}`))
	s.Refresh()
	for range logCap {
		l.Add(logAt, "stderr", "", "flood")
	}
	l.AddFrame(frame(client.Received, `{"jsonrpc":"2.0","id":1,"result":{}}`))
	s.Refresh()
	if len(l.ring) != logCap || len(s.shown) != logCap || len(l.pending) != 0 {
		t.Errorf("after the flood: %d kept, %d shown, %d waiting; want %d, %d, 0", len(l.ring), len(s.shown), len(l.pending), logCap, logCap)
	}
	if r := l.at(l.total - 1).Frame; r.Paired || r.Method != "" {
		t.Errorf("the response pairs with a request the log let go: %+v", r)
	}
}

// TestLogShowsANotificationOnce: the client records a notification as a
// frame and then reports it as an event; the view of everything shows it
// once (the event's readable row), the frames view its frame. Before, the
// view of everything showed both.
func TestLogShowsANotificationOnce(t *testing.T) {
	t.Parallel()
	s, l := newTestScreen(120, 30)
	l.Add(logAt, "stderr", "", "listening")
	note := `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"sim","data":"tick"}}`
	l.AddEvent(client.FrameEvent{Frame: frame(client.Received, note)})
	s.Refresh() // the screen shows while the notification arrives
	l.AddEvent(client.LogEvent{At: logAt, Level: "info", Logger: "sim", Data: []byte(`"tick"`)})
	other := `{"jsonrpc":"2.0","method":"notifications/custom","params":{"n":1}}`
	l.AddEvent(client.FrameEvent{Frame: frame(client.Received, other)})
	l.AddEvent(client.NotificationEvent{At: logAt, Method: "notifications/custom", Params: []byte(`{"n":1}`)})
	v := view(s)
	for _, want := range []string{"log       info sim: tick", `notify    notifications/custom {"n":1}`} {
		if strings.Count(v, want) != 1 {
			t.Errorf("the log does not show %q once:\n%s", want, v)
		}
	}
	for _, method := range []string{"notifications/message", "notifications/custom"} {
		if rowOf(v, "←", "note", method) != "" {
			t.Errorf("the view of everything shows the frame of %s beside its event:\n%s", method, v)
		}
	}
	if got := len(s.shown); got != 3 {
		t.Errorf("the view of everything shows %d entries, want the stderr line and 2 notifications:\n%s", got, v)
	}
	s.setFilter("in")
	if got := len(s.shown); got != 2 {
		t.Errorf("filter in shows %d entries, want the 2 notifications that came in:\n%s", got, view(s))
	}
	s.setFilter("")
	press(s, "s")
	if v := view(s); rowOf(v, "←", "note", "notifications/message") == "" || rowOf(v, "←", "note", "notifications/custom") == "" {
		t.Errorf("the frames view lacks the notifications' frames:\n%s", v)
	}
}

// TestLogMarksTheFramesOfOneCall: the rounds of one call carry one mark,
// so a filter on it shows the whole exchange.
func TestLogMarksTheFramesOfOneCall(t *testing.T) {
	t.Parallel()
	s, l := newTestScreen(120, 30)
	for _, f := range []client.Frame{
		{Dir: client.Sent, Group: 7, Data: []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call"}`)},
		{Dir: client.Received, Group: 7, Data: []byte(`{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required"}}`)},
		{Dir: client.Sent, Data: []byte(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)},
	} {
		l.AddEvent(client.FrameEvent{Frame: f})
	}
	s.Refresh()
	s.setFilter("[call 7]")
	if got := len(s.shown); got != 2 {
		t.Errorf("filtering on the call's mark shows %d entries, want its 2 frames", got)
	}
}
