package client_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/fault"
	"github.com/toolbench/toolbench/target"
)

// faultTarget starts the named fault fixture as a stdio child; recorded
// reads what it logged about tool calls.
func faultTarget(t testing.TB, name string) (tgt target.Target, recorded func() string) {
	t.Helper()
	log := filepath.Join(t.TempDir(), "fault.log")
	path, env := fault.Command(name, log)
	return target.Target{Transport: target.Stdio, Command: path, Env: env}, func() string {
		b, _ := os.ReadFile(log)
		return string(b)
	}
}

// events keeps the small events of a session. Frames and progress are only
// counted: a flood must not be measured with a test that grows with it.
type events struct {
	mu                        sync.Mutex
	noise, stderr, diagnostic []string
	closed                    []error
	frames, progress, logs    int
}

func (e *events) on(ev client.Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	switch ev := ev.(type) {
	case client.NoiseEvent:
		e.noise = append(e.noise, ev.Line)
	case client.StderrEvent:
		e.stderr = append(e.stderr, ev.Line)
	case client.DiagnosticEvent:
		e.diagnostic = append(e.diagnostic, ev.Level+" "+ev.Message)
	case client.ClosedEvent:
		e.closed = append(e.closed, ev.Err)
	case client.FrameEvent:
		e.frames++
	case client.ProgressEvent:
		e.progress++
	case client.LogEvent:
		e.logs++
	}
}

// lines returns a copy of one of the string lists, read under the lock.
func (e *events) lines(pick func(*events) []string) []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), pick(e)...)
}

func (e *events) counts() (frames, progress, logs int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.frames, e.progress, e.logs
}

func noiseOf(e *events) []string      { return e.noise }
func stderrOf(e *events) []string     { return e.stderr }
func diagnosticOf(e *events) []string { return e.diagnostic }

// connectTimeout bounds connecting in tests whose request timeout is short:
// the handshake must not fail because a loaded machine was slow to start
// the server.
const connectTimeout = 20 * time.Second

// connectFault connects to target, failing the test on error, and then
// gives the session's requests timeout; the session is closed when the
// test ends.
func connectFault(t testing.TB, tgt target.Target, timeout time.Duration) (*client.Session, *events) {
	t.Helper()
	ev := &events{}
	s, err := client.Connect(context.Background(), tgt, client.Options{Timeout: max(timeout, connectTimeout), OnEvent: ev.on})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	client.SetRequestTimeout(s, timeout)
	t.Cleanup(func() { _ = s.Close() })
	return s, ev
}

// missing returns the fragments that text lacks.
func missing(text string, fragments ...string) []string {
	var out []string
	for _, f := range fragments {
		if !strings.Contains(text, f) {
			out = append(out, f)
		}
	}
	return out
}

// anyContains reports whether some line contains fragment.
func anyContains(lines []string, fragment string) bool {
	for _, l := range lines {
		if strings.Contains(l, fragment) {
			return true
		}
	}
	return false
}

// heapInuse returns the bytes in in-use heap spans after a collection, so
// that garbage does not count.
func heapInuse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// heapPeak samples HeapInuse until stop is called and then returns the
// highest value seen.
func heapPeak() (stop func() uint64) {
	var peak uint64
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		<-finished
		return peak
	}
}

// mib renders a byte count for the test log.
func mib(n uint64) float64 { return float64(n) / (1 << 20) }

// frameBytes sums the bytes the frame log keeps.
func frameBytes(frames []client.Frame) int {
	n := 0
	for _, f := range frames {
		n += len(f.Data)
	}
	return n
}

// report is everything a failure tells a person: its message, then the
// evidence and the hint it carries as data, one per line, with the labels
// the surfaces use.
func report(err error) string {
	if err == nil {
		return ""
	}
	lines := []string{err.Error()}
	ev := client.EvidenceOf(err)
	if ev.Noise != "" {
		lines = append(lines, fmt.Sprintf("non-JSON to stdout: %q (log to stderr)", ev.Noise))
	}
	if ev.Dropped != "" {
		lines = append(lines, "toolbench dropped a frame that is not valid JSON-RPC 2.0: "+ev.Dropped)
	}
	if ev.Challenge != "" {
		lines = append(lines, "WWW-Authenticate: "+ev.Challenge)
	}
	lines = append(lines, ev.Stderr...)
	if h := client.HintOf(err); h != "" {
		lines = append(lines, "hint: "+h)
	}
	return strings.Join(lines, "\n")
}
