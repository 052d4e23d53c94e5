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
	// Group is shared by the frames of one call: its request and response
	// in every input round (2026-07-28), and the server requests answered
	// for it (2025-11-25 and older) when they could be tied to it. 0 when a
	// frame belongs to no call.
	Group int64
}

// Frame log limits: the log keeps the newest frames within a count and a
// byte budget, so a notification flood or a run of huge results cannot grow
// memory without bound.
const (
	maxFrames     = 2048
	maxFrameBytes = 256 << 10
	maxLogBytes   = 4 << 20
)

// frameLog is a bounded queue of the most recent frames.
type frameLog struct {
	mu     sync.Mutex
	frames []Frame
	head   int // index of the oldest kept frame in frames
	bytes  int
	total  int
}

func (l *frameLog) add(f Frame) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.frames = append(l.frames, f)
	l.bytes += len(f.Data)
	l.total++
	for len(l.frames)-l.head > maxFrames || (l.bytes > maxLogBytes && len(l.frames)-l.head > 1) {
		l.bytes -= len(l.frames[l.head].Data)
		l.frames[l.head] = Frame{}
		l.head++
	}
	// Compact now and then so the backing array does not grow forever.
	if l.head > maxFrames {
		l.frames = append([]Frame(nil), l.frames[l.head:]...)
		l.head = 0
	}
}

// snapshot returns the frames oldest first and how many were ever recorded.
func (l *frameLog) snapshot() ([]Frame, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Frame(nil), l.frames[l.head:]...), l.total
}

// newFrame stamps data as a frame, cutting oversized payloads.
func newFrame(dir Direction, data []byte) Frame {
	f := Frame{At: time.Now(), Dir: dir, Size: len(data)}
	if len(data) > maxFrameBytes {
		// A copy, not a slice: a slice would keep the whole array alive.
		data = append([]byte(nil), data[:maxFrameBytes]...)
	}
	f.Data = data
	return f
}
