package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/ui/render"
)

// logCap bounds the log: a server flooding notifications must not grow
// memory without limit, so the oldest entries go.
const logCap = 5000

// logView is the log screen: stderr lines, log notifications, frames in
// both directions and toolbench's own notes, newest last.
type logView struct {
	ring    []render.LogEntry
	next    int
	total   int
	filter  string
	editing bool
	offset  int // lines scrolled up from the bottom
}

func newLogView() logView { return logView{} }

// maxEntryText is how much of an entry the log keeps: a line is drawn cut
// to the screen's width, and a 50 MB frame must not stay in memory twice.
const maxEntryText = 4 << 10

func (l *logView) add(at time.Time, source, level, text string) {
	if len(text) > maxEntryText {
		text = strings.ToValidUTF8(text[:maxEntryText], "") + fmt.Sprintf(" … (%d bytes)", len(text))
	}
	e := render.LogEntry{At: at, Source: source, Level: level, Text: text}
	if len(l.ring) < logCap {
		l.ring = append(l.ring, e)
	} else {
		l.ring[l.next] = e
	}
	l.next = (l.next + 1) % logCap
	l.total++
}

// addEvent records a connection event.
func (l *logView) addEvent(ev client.Event) {
	switch e := ev.(type) {
	case client.StderrEvent:
		l.add(e.At, "stderr", "", e.Line)
	case client.NoiseEvent:
		l.add(e.At, "noise", "warning", "stdout: "+e.Line)
	case client.LogEvent:
		text := string(e.Data)
		var b bytes.Buffer
		if s, ok := jsonString(e.Data); ok {
			text = s
		} else if json.Compact(&b, e.Data) == nil {
			// Data as structured JSON, on the one row an entry gets.
			text = b.String()
		}
		if e.Logger != "" {
			text = e.Logger + ": " + text
		}
		l.add(e.At, "log", e.Level, text)
	case client.FrameEvent:
		f := e.Frame
		if len(f.Data) > maxEntryText {
			// Escape only what is kept; FrameText notes the full size.
			f.Data = f.Data[:maxEntryText]
		}
		text := render.FrameText(f)
		if f.Group != 0 {
			// Every round of one call, and the server requests answered
			// for it, carry the same mark, so filtering on it shows the
			// call's whole exchange.
			text = fmt.Sprintf("[call %d] %s", f.Group, text)
		}
		l.add(f.At, "frame "+f.Dir.String(), "", text)
	case client.DiagnosticEvent:
		l.add(e.At, "toolbench", strings.ToLower(e.Level), e.Message)
	case client.ClosedEvent:
		if e.Err != nil {
			l.add(e.At, "toolbench", "error", e.Err.Error())
		}
	case client.NotificationEvent:
		l.add(e.At, "notify", "", e.Method+" "+string(e.Params))
	}
}

// entries returns the entries oldest first, filtered.
func (l *logView) entries() []render.LogEntry {
	all := make([]render.LogEntry, 0, len(l.ring))
	if len(l.ring) == logCap {
		all = append(all, l.ring[l.next:]...)
		all = append(all, l.ring[:l.next]...)
	} else {
		all = append(all, l.ring...)
	}
	if l.filter == "" {
		return all
	}
	f := strings.ToLower(l.filter)
	out := all[:0]
	for _, e := range all {
		if strings.Contains(strings.ToLower(e.Source+" "+e.Level+" "+e.Text), f) {
			out = append(out, e)
		}
	}
	return out
}

// summary is the log's header line.
func (l *logView) summary() string {
	s := plural.Count(l.total, "entry")
	if l.total > logCap {
		s += fmt.Sprintf(" (the newest %d kept)", logCap)
	}
	return s
}
