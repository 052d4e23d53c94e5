package client_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/fault"
	"github.com/toolbench/toolbench/target"
)

// Frame log bounds, as client/frames.go sets them.
const (
	maxFrames   = 2048
	maxLogBytes = 4 << 20
)

// TestFaultFlood: 100,000 progress notifications and 100,000 log messages
// before one result. Every progress reaches the call, and memory stays
// bounded because the frame log is a ring. Not parallel, so the heap
// figures are this test's own.
func TestFaultFlood(t *testing.T) {
	tgt, _ := faultTarget(t, fault.Flood)
	before := heapInuse()
	s, ev := connectFault(t, tgt, 10*time.Second)
	peak := heapPeak()
	var progress atomic.Int64
	count := fault.FloodCount / faultScale
	start := time.Now()
	res, err := s.CallTool(context.Background(), "work", fmt.Appendf(nil, `{"count":%d}`, count),
		func(client.ProgressEvent) { progress.Add(1) })
	elapsed, top := time.Since(start), peak()
	if err != nil || res.Content[0].Text != "work done" {
		t.Fatalf("flooded call: %v %+v", err, res)
	}
	after := heapInuse()
	frames, total := s.Frames()
	_, progressEvents, logs := ev.counts()
	t.Logf("flood of 2×%d: %s; heap in use %.1f MiB before, %.1f MiB peak, %.1f MiB after; frame log %d of %d frames, %.2f MiB",
		count, elapsed, mib(before), mib(top), mib(after), len(frames), total, mib(uint64(frameBytes(frames))))
	if progress.Load() != int64(count) || progressEvents != count || logs != count {
		t.Errorf("delivered %d progress to the call, %d progress and %d log events; want %d each",
			progress.Load(), progressEvents, logs, count)
	}
	if len(frames) > maxFrames || frameBytes(frames) > maxLogBytes || total < 2*count {
		t.Errorf("frame log keeps %d frames of %d bytes (saw %d); want at most %d and %d", len(frames), frameBytes(frames), total, maxFrames, maxLogBytes)
	}
	if after > before+64<<20 {
		t.Errorf("heap in use grew by %.1f MiB over the flood", mib(after-before))
	}
}

// TestFaultHugeResults: a 50 MB text block and 100,000 blocks both parse,
// while the frame log keeps only a cut copy. Not parallel, for the figures.
func TestFaultHugeResults(t *testing.T) {
	tgt, _ := faultTarget(t, fault.HugeResult)
	s, _ := connectFault(t, tgt, 30*time.Second)
	before := heapInuse()
	peak := heapPeak()
	start := time.Now()
	size := fault.HugeTextBytes / faultScale
	big, err := s.CallTool(context.Background(), "big", fmt.Appendf(nil, `{"bytes":%d}`, size), nil)
	elapsed, top := time.Since(start), peak()
	if err != nil {
		t.Fatal(err)
	}
	text := big.Content[0].Text
	if len(text) != size || text[1<<20] != fault.HugeTextAt(1<<20) || text[len(text)-1] != fault.HugeTextAt(len(text)-1) {
		t.Errorf("big text: %d bytes, want %d of the pattern", len(text), size)
	}
	held := heapInuse()
	runtime.KeepAlive(big)
	t.Logf("big (%d MiB): %s; heap in use %.1f MiB before, %.1f MiB peak, %.1f MiB while the result is held",
		size>>20, elapsed, mib(before), mib(top), mib(held))
	frames, _ := s.Frames()
	last := frames[len(frames)-1]
	if last.Size < size || len(last.Data) > 256<<10 || frameBytes(frames) > maxLogBytes {
		t.Errorf("the frame log holds %d of the %d-byte result (%d in all)", len(last.Data), last.Size, frameBytes(frames))
	}

	start = time.Now()
	blocks := fault.ManyBlocks / faultScale
	many, err := s.CallTool(context.Background(), "many", fmt.Appendf(nil, `{"blocks":%d}`, blocks), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("many: %s for %d blocks", time.Since(start), len(many.Content))
	if len(many.Content) != blocks || many.Content[blocks-1].Text != fmt.Sprintf("block %d", blocks) {
		t.Errorf("many: %d blocks, last %+v", len(many.Content), many.Content[len(many.Content)-1])
	}
	// Both results are garbage now; what stays is the session's own.
	released := heapInuse()
	t.Logf("heap in use once the results are dropped: %.1f MiB", mib(released))
	if released > before+16<<20 {
		t.Errorf("the session keeps %.1f MiB after the huge results", mib(released-before))
	}
}

// TestFaultCursorLoop: a server that hands out the same cursor forever is
// stopped and named, while a real 100-page list is followed to its end.
func TestFaultCursorLoop(t *testing.T) {
	t.Parallel()
	tgt, _ := faultTarget(t, fault.CursorLoop)
	s, _ := connectFault(t, tgt, 5*time.Second)
	_, err := s.ListTools(context.Background())
	if err == nil || !strings.Contains(err.Error(), `list tools: the server repeated cursor "again" on page 2; stopping instead of looping`) {
		t.Errorf("want the repeated cursor named, got %v", err)
	}

	path, env := fixture.Command("")
	env = append(env, fixture.EnvManyTools+"=10000")
	// The frame log keeps only the newest 4 MB, so pages are counted as
	// they are sent.
	var pages atomic.Int64
	s, err = client.Connect(context.Background(), target.Target{Transport: target.Stdio, Command: path, Env: env},
		client.Options{Timeout: 10 * time.Second, OnEvent: func(e client.Event) {
			if f, ok := e.(client.FrameEvent); ok && f.Frame.Dir == client.Sent && strings.Contains(string(f.Frame.Data), `"method":"tools/list"`) {
				pages.Add(1)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tools, err := s.ListTools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	bulk := 0
	for _, tool := range tools {
		if strings.HasPrefix(tool.Name, "bulk_") {
			bulk++
		}
	}
	if bulk != 10000 || pages.Load() < 100 {
		t.Errorf("listed %d generated tools (of %d) in %d pages; want 10000 in at least 100", bulk, len(tools), pages.Load())
	}
}
