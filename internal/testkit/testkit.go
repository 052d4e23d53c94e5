// Package testkit holds the small pieces the tests of many packages need:
// a buffer that a server's goroutines write while the test reads it, a
// poll for a condition with a deadline, and a reader that says when its
// input has ended. It is for tests only; the product never imports it.
package testkit

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"time"
)

// Buffer is a bytes.Buffer safe for one writer goroutine and a reading
// test at once: a server that is still writing shows up as a missing line,
// never as a data race.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write implements io.Writer.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String returns everything written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// pollEvery is how often Eventually looks again.
const pollEvery = 10 * time.Millisecond

// Eventually reports whether cond holds within d, looking every 10 ms and
// once more at the deadline. It waits for a condition, never for time.
func Eventually(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if cond() {
			return true
		}
		time.Sleep(pollEvery)
	}
	return cond()
}

// EOFReader reads text and closes EOF once it has reported io.EOF, so a
// test can wait until a server has seen the end of its input.
type EOFReader struct {
	// EOF is closed at the end of the input.
	EOF  chan struct{}
	r    io.Reader
	once sync.Once
}

// NewEOFReader returns a reader of text.
func NewEOFReader(text string) *EOFReader {
	return &EOFReader{r: strings.NewReader(text), EOF: make(chan struct{})}
}

// Read implements io.Reader.
func (e *EOFReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		e.once.Do(func() { close(e.EOF) })
	}
	return n, err
}
