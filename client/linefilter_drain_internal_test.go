package client

import (
	"io"
	"strings"
	"testing"
	"time"
)

// TestLineFilterWaitDrained: waitDrained returns once the reader has met
// the end of the stream, with the noise before it reported, however late
// the reading goroutine gets to it (TestConnectErrors' non-JSON server
// was reported as only "exited" on a loaded machine before).
func TestLineFilterWaitDrained(t *testing.T) {
	t.Parallel()
	f := newLineFilter(io.NopCloser(strings.NewReader("Server listening on port 8080\n")), func(string) {}, func(string) {})
	release := make(chan struct{})
	go func() {
		<-release
		_, _ = io.Copy(io.Discard, f)
	}()
	if got := f.firstNoise(); got != "" {
		t.Fatalf("noise %q before anything was read", got)
	}
	close(release)
	f.waitDrained(10 * time.Second)
	if got := f.firstNoise(); got != "Server listening on port 8080" {
		t.Errorf("noise after waitDrained = %q", got)
	}
}
