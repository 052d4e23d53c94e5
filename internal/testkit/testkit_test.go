package testkit

import (
	"io"
	"sync"
	"testing"
	"time"
)

func TestBufferConcurrentWrites(t *testing.T) {
	t.Parallel()
	var b Buffer
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				_, _ = b.Write([]byte("x"))
				_ = b.String()
			}
		}()
	}
	wg.Wait()
	if n := len(b.String()); n != 400 {
		t.Errorf("wrote 400 bytes, read %d", n)
	}
}

func TestEventually(t *testing.T) {
	t.Parallel()
	n := 0
	if !Eventually(time.Second, func() bool { n++; return n == 3 }) {
		t.Error("a condition that comes true was not seen")
	}
	if Eventually(30*time.Millisecond, func() bool { return false }) {
		t.Error("a condition that never holds was reported")
	}
}

func TestEOFReader(t *testing.T) {
	t.Parallel()
	r := NewEOFReader("abc")
	select {
	case <-r.EOF:
		t.Fatal("EOF closed before the input was read")
	default:
	}
	if b, err := io.ReadAll(r); err != nil || string(b) != "abc" {
		t.Fatalf("read %q, %v", b, err)
	}
	select {
	case <-r.EOF:
	default:
		t.Error("EOF still open after the end of the input")
	}
}
