package ui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/history"
)

// manyRecords makes n records of ten tools, oldest first, each with a
// result of about 600 bytes.
func manyRecords(n int) []history.Record {
	result := json.RawMessage(`{"content":[{"type":"text","text":"` + strings.Repeat("result text ", 50) + `"}]}`)
	recs := make([]history.Record, n)
	start := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for i := range recs {
		recs[i] = history.Record{V: history.RecordVersion, Time: start.Add(time.Duration(i) * time.Minute),
			Tool: fmt.Sprintf("tool_%05d_search", i%10), Arguments: json.RawMessage(fmt.Sprintf(`{"id":"record-%d","limit":%d}`, i, i%50)),
			Result: result, DurationMs: int64(i % 900), Output: &history.Output{Valid: true}}
	}
	return recs
}

// runUntil runs cmd and the commands it batches, feeding m each message,
// until one of the kind done accepts has been fed.
func runUntil(m *Model, cmd tea.Cmd, done func(tea.Msg) bool) bool {
	if cmd == nil {
		return false
	}
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		for _, c := range b {
			if runUntil(m, c, done) {
				return true
			}
		}
		return false
	}
	if msg == nil || !done(msg) {
		return false
	}
	m.Update(msg)
	return true
}

// BenchmarkHistoryScreen10000 opens the history screen over 10,000
// records, from the key to the first frame that shows them (target under
// 50 ms); move is a cursor step on the open screen and its frame (a new
// detail drawn); floor is a frame of the tool panes of the same model,
// drawn in the same run.
func BenchmarkHistoryScreen10000(b *testing.B) {
	tools := manyTools(b, 10)
	records := manyRecords(10000)
	// The screen's reply is its own type: the first message of its
	// package is the history's arrival.
	isLoaded := func(msg tea.Msg) bool { return strings.HasPrefix(fmt.Sprintf("%T", msg), "history.") }
	b.Run("open", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			m := benchModel(b, tools)
			mem := newFakeMemory()
			mem.records = records
			m.mem.store = mem
			b.StartTimer()
			_, cmd := m.Update(keyMsg("alt+h"))
			if !runUntil(m, cmd, isLoaded) {
				b.Fatal("the history never arrived")
			}
			if v := m.View(); !strings.Contains(v.Content, "10000 calls") {
				b.Fatalf("the first frame lacks the calls:\n%s", v.Content)
			}
		}
	})
	// From disk: the records in a real history log, read by Calls as
	// the product's memory reads them: the whole wait a person sees.
	b.Run("open-from-disk", func(b *testing.B) {
		mem := diskMemory(b, records)
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			m := benchModel(b, tools)
			m.mem.store = mem
			b.StartTimer()
			_, cmd := m.Update(keyMsg("alt+h"))
			if !runUntil(m, cmd, isLoaded) {
				b.Fatal("the history never arrived")
			}
			if v := m.View(); !strings.Contains(v.Content, "10000 calls") {
				b.Fatalf("the first frame lacks the calls:\n%s", v.Content)
			}
		}
	})
	b.Run("move", func(b *testing.B) {
		m := benchModel(b, tools)
		mem := newFakeMemory()
		mem.records = records
		m.mem.store = mem
		_, cmd := m.Update(keyMsg("alt+h"))
		if !runUntil(m, cmd, isLoaded) {
			b.Fatal("the history never arrived")
		}
		b.ReportAllocs()
		keys := []tea.KeyPressMsg{keyMsg("down"), keyMsg("up")}
		i := 0
		for b.Loop() {
			m.Update(keys[i%2])
			_ = m.View()
			i++
		}
	})
	b.Run("floor", func(b *testing.B) {
		m := benchModel(b, tools)
		b.ReportAllocs()
		for b.Loop() {
			m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
			_ = m.View()
		}
	})
}

// logMemory is a fake memory whose calls come from a real history log.
type logMemory struct {
	*fakeMemory
	log *history.Log
}

// Calls reads the log, as the product's memory does.
func (l logMemory) Calls() ([]history.Record, []history.Warning, error) {
	return l.log.Read(history.Filter{})
}

// diskMemory writes records to a history log in a temporary directory.
func diskMemory(b *testing.B, records []history.Record) logMemory {
	b.Helper()
	store, err := history.Open(b.TempDir(), history.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, r := range records {
		if err := store.Log.Append(r); err != nil {
			b.Fatal(err)
		}
	}
	return logMemory{fakeMemory: newFakeMemory(), log: store.Log}
}
