package log

import (
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/clientview"
	"github.com/toolbench/toolbench/ui/render"
)

// AddFrame records a frame: its row's summary, its bytes for the detail,
// and its pairing with the request it answers or the response it gets.
func (l *Store) AddFrame(f client.Frame) {
	facts := readFrame(f.Data)
	row := &render.FrameRow{Dir: clientview.Dir(f.Dir), Kind: facts.kind, Method: facts.method, Name: facts.name,
		ID: facts.id, Size: f.Size, Code: facts.code, Message: facts.message, Group: f.Group}
	e := entry{LogEntry: render.LogEntry{At: f.At, Source: "frame " + f.Dir.String(), Frame: row}, raw: f.Data, pair: -1}
	reqSeq := -1
	switch {
	case row.Kind == render.FrameRequest:
		e.key = pairKey{dir: f.Dir, id: row.ID}
	case row.Kind.IsResponse():
		reqSeq = l.answered(pairKey{dir: other(f.Dir), id: row.ID})
	}
	if req := l.at(reqSeq); req != nil {
		// The response names what it answers: its own bytes say only the id.
		row.Method, row.Name = req.Frame.Method, req.Frame.Name
		row.Paired, row.Latency = true, f.At.Sub(req.At)
		e.pair = reqSeq
		delete(l.pending, req.key)
	}
	e.hay = frameHay(row)
	seq := l.push(e)
	if row.Kind == render.FrameNotification && f.Dir == client.Received {
		l.noteWaits(seq)
	}
	if row.Kind == render.FrameRequest {
		// A reused id (a new session numbers from the start again) makes
		// the newer request the one a response answers.
		l.pending[e.key] = seq
	}
	// Looked up after push: the ring may have grown into a new array.
	if req := l.at(reqSeq); req != nil {
		req.pair, req.Frame.Paired, req.Frame.Latency = seq, true, row.Latency
	}
	l.keepWhole(seq)
}

// answered is the seq of the request waiting for the response of key, -1
// for none.
func (l *Store) answered(key pairKey) int {
	if seq, ok := l.pending[key]; ok && l.at(seq) != nil {
		return seq
	}
	return -1
}

// noteWaits keeps the notification frame of seq until the client's event
// for it arrives (Store.tell).
func (l *Store) noteWaits(seq int) {
	if len(l.notes) == maxNotes {
		l.notes = append(l.notes[:0], l.notes[1:]...)
	}
	l.notes = append(l.notes, seq)
}

// keepWhole counts the bytes of frame seq against the budget, shortening
// the oldest whole frames until the log is within it again.
func (l *Store) keepWhole(seq int) {
	e := l.at(seq)
	l.rawBytes += len(e.raw)
	if len(e.raw) > maxEntryText {
		l.whole = append(l.whole, seq)
	}
	for l.rawBytes > frameBudget && len(l.whole) > 0 {
		old := l.at(l.whole[0])
		l.whole = l.whole[1:]
		if old == nil || len(old.raw) <= maxEntryText {
			continue // gone from the ring, its bytes with it
		}
		l.rawBytes -= len(old.raw) - maxEntryText
		// A copy, so the frame's whole array is freed.
		old.raw = append([]byte(nil), old.raw[:maxEntryText]...)
	}
}

// other is the direction a response to a request going d comes back.
func other(d client.Direction) client.Direction {
	if d == client.Sent {
		return client.Received
	}
	return client.Sent
}

// frameHay is what the filter's words look in for a frame: its method,
// name, kind, id and call mark, lower-cased (the direction has words of
// its own).
func frameHay(r *render.FrameRow) string {
	parts := []string{r.Method, r.Name, r.Kind.String()}
	if r.ID != "" {
		parts = append(parts, "#"+r.ID)
	}
	if r.Group != 0 {
		parts = append(parts, fmt.Sprintf("[call %d]", r.Group))
	}
	if r.Kind == render.FrameError {
		parts = append(parts, fmt.Sprint(r.Code), r.Message)
	}
	return strings.ToLower(strings.Join(parts, " "))
}
