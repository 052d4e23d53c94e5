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
const logCap = 10000

// maxEntryText is how much of a line the log keeps, and how much of a
// frame once the frame budget has dropped the rest: a 50 MB frame must not
// stay in memory twice.
const maxEntryText = 4 << 10

// frameBudget is how many bytes of frames the log keeps whole for their
// detail; beyond it the oldest frames keep their first maxEntryText bytes.
const frameBudget = 16 << 20

// logEntry is one entry as the log keeps it.
type logEntry struct {
	render.LogEntry
	// raw is a frame's bytes as the client kept them (Size says how many
	// it saw), shortened to maxEntryText once the frame budget drops it.
	raw []byte
	// pair is the seq of the request a response answers, or of the
	// response a request got; -1 for none.
	pair int
	// key pairs a request with its response; set for requests only.
	key pairKey
	// hay is what the filter's words look in, lower-cased.
	hay string
}

// pairKey finds a request's response: the response goes the other way
// with the same id. Each side numbers its own requests, so the direction
// keeps a server's request 1 apart from the client's.
type pairKey struct {
	dir client.Direction
	id  string
}

// logView is the log screen: stderr lines, log notifications, frames in
// both directions and toolbench's own notes, newest last. Entries are
// numbered by seq, the count of entries before them; the newest logCap are
// kept, entry seq at ring[seq%logCap].
type logView struct {
	ring  []logEntry
	total int
	// pending are the requests not yet answered, by pairKey.
	pending map[pairKey]int
	// whole are the seqs of the frames kept whole, oldest first, and
	// rawBytes their bytes.
	whole    []int
	rawBytes int

	// filter is the filter's text and query its words; editing is set
	// while it is typed. show picks the sources.
	filter  string
	query   logQuery
	editing bool
	show    logShow
	// shown are the seqs that pass show and the filter, oldest first.
	shown []int
	// cursor is the seq of the selected entry; follow keeps it on the
	// newest as entries arrive. offset is the index in shown of the first
	// row on screen, kept around the cursor by layout.
	cursor int
	follow bool
	offset int

	detail frameDetail
}

func newLogView() logView {
	return logView{pending: map[pairKey]int{}, follow: true, cursor: -1}
}

// oldest is the seq of the oldest entry kept.
func (l *logView) oldest() int { return l.total - len(l.ring) }

// at returns the entry of seq, nil when it is gone or never was.
func (l *logView) at(seq int) *logEntry {
	if seq < l.oldest() || seq >= l.total || seq < 0 {
		return nil
	}
	return &l.ring[seq%logCap]
}

func (l *logView) add(at time.Time, source, level, text string) {
	if len(text) > maxEntryText {
		text = strings.ToValidUTF8(text[:maxEntryText], "") + fmt.Sprintf(" … (%d bytes)", len(text))
	}
	e := logEntry{LogEntry: render.LogEntry{At: at, Source: source, Level: level, Text: text}, pair: -1}
	e.hay = strings.ToLower(source + " " + level + " " + text)
	l.push(e)
}

// push appends e, letting the oldest entry go when the log is full.
func (l *logView) push(e logEntry) int {
	seq := l.total
	if len(l.ring) < logCap {
		l.ring = append(l.ring, e)
	} else {
		l.release(seq - logCap)
		l.ring[seq%logCap] = e
	}
	l.total++
	if l.passes(&l.ring[seq%logCap]) {
		l.shown = append(l.shown, seq)
	}
	l.trimShown()
	if l.follow {
		l.cursor = seq
	}
	return seq
}

// release forgets what the entry of seq, about to be overwritten, holds
// elsewhere: its bytes in the budget, its wait for a response.
func (l *logView) release(seq int) {
	e := &l.ring[seq%logCap]
	l.rawBytes -= len(e.raw)
	if e.Frame != nil && e.Frame.Kind == render.FrameRequest && !e.Frame.Paired && l.pending[e.key] == seq {
		delete(l.pending, e.key)
	}
	if p := l.at(e.pair); p != nil && p.pair == seq {
		p.pair = -1
	}
}

// trimShown drops the seqs that left the ring from shown, keeping the
// screen's first row where it was.
func (l *logView) trimShown() {
	k := 0
	for k < len(l.shown) && l.shown[k] < l.oldest() {
		k++
	}
	if k > 0 {
		l.shown = l.shown[k:]
		l.offset = max(0, l.offset-k)
	}
}

// addEvent records a connection event.
func (l *logView) addEvent(ev client.Event) {
	switch e := ev.(type) {
	case client.StderrEvent:
		l.add(e.At, "stderr", "", e.Line)
	case client.NoiseEvent:
		l.add(e.At, "noise", "warning", "stdout: "+e.Line)
	case client.LogEvent:
		l.add(e.At, "log", e.Level, logText(e))
	case client.FrameEvent:
		l.addFrame(e.Frame)
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

// logText is a log notification's data on the one row an entry gets.
func logText(e client.LogEvent) string {
	text := string(e.Data)
	var b bytes.Buffer
	if s, ok := jsonString(e.Data); ok {
		text = s
	} else if json.Compact(&b, e.Data) == nil {
		text = b.String()
	}
	if e.Logger != "" {
		text = e.Logger + ": " + text
	}
	return text
}

// summary is the log's header line.
func (l *logView) summary() string {
	s := plural.Count(l.total, "entry")
	if l.total > logCap {
		s += fmt.Sprintf(" (the newest %d kept)", logCap)
	}
	return s
}

// entries returns the entries that pass the filter, oldest first.
func (l *logView) entries() []render.LogEntry {
	out := make([]render.LogEntry, 0, len(l.shown))
	for _, seq := range l.shown {
		out = append(out, l.at(seq).LogEntry)
	}
	return out
}
