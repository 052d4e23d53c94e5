package client_test

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/fault"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/tool"
)

// BenchmarkListTools10k lists 10,015 tools served in 101 pages of 100 over
// stdio, on an open session; it reports the heap the listed tools hold.
func BenchmarkListTools10k(b *testing.B) {
	path, env := fixture.Command("")
	env = append(env, fixture.EnvManyTools+"=10000")
	s, err := client.Connect(context.Background(), target.Target{Transport: target.Stdio, Command: path, Env: env},
		client.Options{Timeout: 60 * time.Second})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	b.ReportAllocs()
	var tools []tool.Tool
	for b.Loop() {
		if tools, err = s.ListTools(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heapMB")
	if len(tools) != 10015 {
		b.Fatalf("got %d tools", len(tools))
	}
}

// BenchmarkCallHugeText calls a tool whose result is one 50 MB text block,
// over stdio. peakMB is the highest heap in use during the call, sampled
// every 20 ms; heldMB what stays while the result is held.
func BenchmarkCallHugeText(b *testing.B) {
	tgt, _ := faultTarget(b, fault.HugeResult)
	s, _ := connectFault(b, tgt, 60*time.Second)
	args := fmt.Appendf(nil, `{"bytes":%d}`, fault.HugeTextBytes)
	b.ReportAllocs()
	var top, held uint64
	for b.Loop() {
		runtime.GC()
		peak := heapPeak()
		res, err := s.CallTool(context.Background(), "big", args, nil)
		top = max(top, peak())
		if err != nil || len(res.Content[0].Text) != fault.HugeTextBytes {
			b.Fatalf("big: %v", err)
		}
		runtime.GC()
		held = heapInuse()
		runtime.KeepAlive(res)
	}
	b.ReportMetric(mib(top), "peakMB")
	b.ReportMetric(mib(held), "heldMB")
}

// BenchmarkCallFlood calls a tool that sends 100,000 progress and 100,000
// log notifications before its result, over stdio; every progress reaches
// the call. peakMB as above; afterMB is the heap once the call is done,
// with the bounded frame log full.
func BenchmarkCallFlood(b *testing.B) {
	tgt, _ := faultTarget(b, fault.Flood)
	s, _ := connectFault(b, tgt, 60*time.Second)
	args := fmt.Appendf(nil, `{"count":%d}`, fault.FloodCount)
	b.ReportAllocs()
	var top, after uint64
	for b.Loop() {
		var progress atomic.Int64
		peak := heapPeak()
		_, err := s.CallTool(context.Background(), "work", args, func(client.ProgressEvent) { progress.Add(1) })
		top = max(top, peak())
		if err != nil || progress.Load() != fault.FloodCount {
			b.Fatalf("flood: %v, %d progress", err, progress.Load())
		}
		runtime.GC()
		after = heapInuse()
	}
	b.ReportMetric(mib(top), "peakMB")
	b.ReportMetric(mib(after), "afterMB")
}
