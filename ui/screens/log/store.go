// Package log is the protocol log: the Store that records what happened on
// the connection (frames in both directions, stderr lines, log
// notifications, toolbench's own notes) and the Screen that shows it, with
// its word filter, its views (all, frames only, stderr only) and an entry
// opened whole. The root model feeds the Store from the session's events
// whether or not the screen shows; the Screen only reads it.
package log

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

// entry is one entry as the log keeps it.
type entry struct {
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
	// told is set on a notification's frame once the client's event for
	// the same notification is in the log: the event's entry stands for
	// it in the view of everything, so the notification shows once.
	told bool
	// via is the frame an event's entry tells, nil for none: the filter's
	// direction and id words look at it.
	via *render.FrameRow
}

// pairKey finds a request's response: the response goes the other way
// with the same id. Each side numbers its own requests, so the direction
// keeps a server's request 1 apart from the client's.
type pairKey struct {
	dir client.Direction
	id  string
}

// maxNotes bounds the notification frames waiting for their event: the
// event follows its frame at once, so only the newest few can match.
const maxNotes = 16

// Store is the protocol log's record: stderr lines, log notifications,
// frames in both directions and toolbench's own notes, newest last.
// Entries are numbered by seq, the count of entries before them; the
// newest logCap are kept, entry seq at ring[seq%logCap]. It is used on
// the UI goroutine only: the root feeds it and the Screen reads it.
type Store struct {
	ring  []entry
	total int
	// pending are the requests not yet answered, by pairKey.
	pending map[pairKey]int
	// whole are the seqs of the frames kept whole, oldest first, and
	// rawBytes their bytes.
	whole    []int
	rawBytes int
	// notes are the seqs of the received notification frames no event
	// has told yet, oldest first.
	notes []int
	// hidden counts the entries hidden from the view of everything after
	// they were added, so the screen knows to work out its rows again.
	hidden int
}

// NewStore returns an empty log.
func NewStore() *Store {
	return &Store{pending: map[pairKey]int{}}
}

// oldest is the seq of the oldest entry kept.
func (l *Store) oldest() int { return l.total - len(l.ring) }

// at returns the entry of seq, nil when it is gone or never was.
func (l *Store) at(seq int) *entry {
	if seq < l.oldest() || seq >= l.total || seq < 0 {
		return nil
	}
	return &l.ring[seq%logCap]
}

// Add records a line from source ("stderr", "toolbench") at level (""
// for none). A line longer than the log keeps is cut, its length said.
func (l *Store) Add(at time.Time, source, level, text string) {
	l.add(at, source, level, text)
}

// add is Add, returning the entry's seq.
func (l *Store) add(at time.Time, source, level, text string) int {
	if len(text) > maxEntryText {
		text = strings.ToValidUTF8(text[:maxEntryText], "") + fmt.Sprintf(" … (%d bytes)", len(text))
	}
	e := entry{LogEntry: render.LogEntry{At: at, Source: source, Level: level, Text: text}, pair: -1}
	e.hay = strings.ToLower(source + " " + level + " " + text)
	return l.push(e)
}

// push appends e, letting the oldest entry go when the log is full.
func (l *Store) push(e entry) int {
	seq := l.total
	if len(l.ring) < logCap {
		l.ring = append(l.ring, e)
	} else {
		l.release(seq - logCap)
		l.ring[seq%logCap] = e
	}
	l.total++
	return seq
}

// release forgets what the entry of seq, about to be overwritten, holds
// elsewhere: its bytes in the budget, its wait for a response.
func (l *Store) release(seq int) {
	e := &l.ring[seq%logCap]
	l.rawBytes -= len(e.raw)
	if e.Frame != nil && e.Frame.Kind == render.FrameRequest && !e.Frame.Paired && l.pending[e.key] == seq {
		delete(l.pending, e.key)
	}
	if p := l.at(e.pair); p != nil && p.pair == seq {
		p.pair = -1
	}
}

// AddEvent records a connection event: a frame, a stderr or stdout line,
// a log message or another notification, a diagnostic, the end of the
// connection. Events the log does not show (progress, list changes) are
// left out.
func (l *Store) AddEvent(ev client.Event) {
	switch e := ev.(type) {
	case client.StderrEvent:
		l.add(e.At, "stderr", "", e.Line)
	case client.NoiseEvent:
		l.add(e.At, "noise", "warning", "stdout: "+e.Line)
	case client.LogEvent:
		l.tell(l.add(e.At, "log", e.Level, logText(e)), "notifications/message")
	case client.FrameEvent:
		l.AddFrame(e.Frame)
	case client.DiagnosticEvent:
		l.add(e.At, "toolbench", strings.ToLower(e.Level), e.Message)
	case client.ClosedEvent:
		if e.Err != nil {
			l.add(e.At, "toolbench", "error", e.Err.Error())
		}
	case client.NotificationEvent:
		l.tell(l.add(e.At, "notify", "", e.Method+" "+string(e.Params)), e.Method)
	}
}

// tell links the event entry of seq to the frame of the notification it
// reports, the newest of method not told yet. The client records every
// notification as a frame and then reports it as an event, so without
// this the view of everything showed each notification twice.
func (l *Store) tell(seq int, method string) {
	for i := len(l.notes) - 1; i >= 0; i-- {
		f := l.at(l.notes[i])
		if f == nil || f.Frame.Method != method {
			continue
		}
		l.notes = append(l.notes[:i], l.notes[i+1:]...)
		e := l.at(seq)
		f.told, e.via = true, f.Frame
		e.hay += " " + f.hay
		l.hidden++
		return
	}
}

// logText is a log notification's data on the one row an entry gets.
func logText(e client.LogEvent) string {
	text := string(e.Data)
	var b bytes.Buffer
	var s string
	if json.Unmarshal(e.Data, &s) == nil {
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
func (l *Store) summary() string {
	s := plural.Count(l.total, "entry")
	if l.total > logCap {
		s += fmt.Sprintf(" (the newest %d kept)", logCap)
	}
	return s
}

// Entries returns every entry kept, oldest first.
func (l *Store) Entries() []render.LogEntry {
	out := make([]render.LogEntry, 0, len(l.ring))
	for seq := l.oldest(); seq < l.total; seq++ {
		out = append(out, l.at(seq).LogEntry)
	}
	return out
}
