package ui

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
)

// manyTools makes n tools with small, varied schemas.
func manyTools(b *testing.B, n int) []tool.Tool {
	b.Helper()
	var s strings.Builder
	s.WriteString(`{"tools":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			s.WriteByte(',')
		}
		fmt.Fprintf(&s, `{"name":"tool_%05d_%s","title":"Tool %d","description":"Does thing number %d to the records it is given.",`+
			`"inputSchema":{"type":"object","properties":{"id":{"type":"string","description":"Record id"},"limit":{"type":"integer","minimum":1}},"required":["id"]},`+
			`"annotations":{"readOnlyHint":%t}}`, i, []string{"search", "update", "delete", "list"}[i%4], i, i, i%2 == 0)
	}
	s.WriteString(`]}`)
	tools, err := tool.ParseList([]byte(s.String()))
	if err != nil {
		b.Fatal(err)
	}
	return tools
}

// benchModel is a workbench at 120×40 with tools loaded. It is shut down
// from the start, so that its timers (a status message's expiry) end at
// once when a benchmark runs its commands.
func benchModel(b *testing.B, tools []tool.Tool) *Model {
	b.Helper()
	m := New(func(context.Context, func(client.Event), client.Answerer) (Session, error) { return nil, nil }, Options{Target: "bench"})
	m.shutdown()
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.conn = connState{gen: 1, phase: phaseReady}
	m.Update(toolsLoadedMsg{gen: 1, tools: tools})
	return m
}

// BenchmarkFirstFrame10k: the list arrives and the first frame is drawn.
func BenchmarkFirstFrame10k(b *testing.B) {
	tools := manyTools(b, 10000)
	b.ReportAllocs()
	for b.Loop() {
		m := New(func(context.Context, func(client.Event), client.Answerer) (Session, error) { return nil, nil }, Options{Target: "bench"})
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		m.conn = connState{gen: 1, phase: phaseReady}
		m.Update(toolsLoadedMsg{gen: 1, tools: tools})
		_ = m.View()
	}
}

// BenchmarkFilterKeystroke10k: one more letter in the filter, then a frame.
func BenchmarkFilterKeystroke10k(b *testing.B) {
	m := benchModel(b, manyTools(b, 10000))
	m.Update(keyMsg("/"))
	m.Update(keyMsg("u"))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		// Alternate adding and removing a letter so each key filters.
		k := "p"
		if i%2 == 1 {
			k = "backspace"
		}
		m.Update(keyMsg(k))
		_ = m.View()
	}
}

// BenchmarkView10k: drawing a frame with 10,000 tools loaded.
func BenchmarkView10k(b *testing.B) {
	m := benchModel(b, manyTools(b, 10000))
	m.Update(keyMsg("enter"))
	_ = m.View()
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkIdleMemory10k reports the heap held with 10,000 tools loaded
// and a frame drawn, tools included, as heap-MB; the RSS target is 60 MB
// for the whole process.
func BenchmarkIdleMemory10k(b *testing.B) {
	tools := manyTools(b, 10000)
	var heap float64
	for b.Loop() {
		runtime.GC()
		m := benchModel(b, tools)
		_ = m.View()
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		heap = float64(after.HeapInuse) / (1 << 20)
		runtime.KeepAlive(m)
	}
	b.ReportMetric(heap, "heap-MB")
}

// BenchmarkFilterFirstKey10k: the first letter searches all 10,000 tools.
func BenchmarkFilterFirstKey10k(b *testing.B) {
	m := benchModel(b, manyTools(b, 10000))
	m.Update(keyMsg("/"))
	b.ReportAllocs()
	for b.Loop() {
		m.Update(keyMsg("u"))
		_ = m.View()
		b.StopTimer()
		m.Update(keyMsg("backspace"))
		b.StartTimer()
	}
}

// BenchmarkFilterFirstKeyAll10k: a first letter that every one of 10,000
// tools matches ("o", in each "tool_"): the worst case, beside the
// resources screen's.
func BenchmarkFilterFirstKeyAll10k(b *testing.B) {
	m := benchModel(b, manyTools(b, 10000))
	m.Update(keyMsg("/"))
	b.ReportAllocs()
	for b.Loop() {
		m.Update(keyMsg("o"))
		_ = m.View()
		b.StopTimer()
		m.Update(keyMsg("backspace"))
		b.StartTimer()
	}
}
