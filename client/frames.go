package client

import (
	"sync"
	"time"
)

// Direction says which way a frame went.
type Direction int

// Directions of a frame, from toolbench's point of view.
const (
	Sent Direction = iota
	Received
)

// String renders the direction as an arrow for logs.
func (d Direction) String() string {
	if d == Sent {
		return "→"
	}
	return "←"
}

// Frame is one JSON-RPC message as it crossed the transport.
type Frame struct {
	At  time.Time
	Dir Direction
	// Data is the message's bytes, cut to maxFrameBytes so that a 50 MB
	// result does not stay in memory twice; Size is the full length.
	Data []byte
	Size int
}

// Frame log limits: the log is a ring, so a notification flood or a huge
// result cannot grow memory without bound.
const (
	maxFrames     = 2048
	maxFrameBytes = 256 << 10
)

// frameLog is a bounded ring of the most recent frames.
type frameLog struct {
	mu    sync.Mutex
	ring  []Frame
	next  int
	total int
}

func (l *frameLog) add(f Frame) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.ring) < maxFrames {
		l.ring = append(l.ring, f)
	} else {
		l.ring[l.next] = f
	}
	l.next = (l.next + 1) % maxFrames
	l.total++
}

// snapshot returns the frames oldest first and how many were ever recorded.
func (l *frameLog) snapshot() ([]Frame, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]Frame, 0, len(l.ring))
	if len(l.ring) == maxFrames {
		out = append(out, l.ring[l.next:]...)
		out = append(out, l.ring[:l.next]...)
	} else {
		out = append(out, l.ring...)
	}
	return out, l.total
}

// newFrame stamps data as a frame, cutting oversized payloads.
func newFrame(dir Direction, data []byte) Frame {
	f := Frame{At: time.Now(), Dir: dir, Size: len(data)}
	if len(data) > maxFrameBytes {
		data = data[:maxFrameBytes]
	}
	f.Data = data
	return f
}
