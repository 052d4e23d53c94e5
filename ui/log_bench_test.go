package ui

import (
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/internal/screentest"
)

// floodLog is a model at 120×40 whose log holds n frames: 2026-07-28
// tools/call requests with their _meta and their results, in pairs.
func floodLog(b *testing.B, n int) *Model {
	b.Helper()
	m := benchModel(b, manyTools(b, 10))
	start := time.Date(2026, 11, 30, 9, 30, 0, 0, time.UTC)
	for i := range n {
		id, at := i/2, start.Add(time.Duration(i)*time.Millisecond)
		data := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"%d"}]}}`, id, i)
		dir := client.Received
		if i%2 == 0 {
			dir = client.Sent
			data = fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/clientInfo":`+
				`{"name":"toolbench","version":"dev"}},"name":"tool_%d","arguments":{"id":"%d"}}}`, id, i%10, i)
		}
		m.log.AddFrame(client.Frame{At: at, Dir: dir, Data: []byte(data), Size: len(data)})
	}
	m.Update(keyMsg("alt+l"))
	return m
}

// BenchmarkLogView10k: one frame of the log screen holding 10,000 frames,
// at the newest, scrolled to the middle, filtered, and one frame opened.
func BenchmarkLogView10k(b *testing.B) {
	for _, tt := range []struct {
		name  string
		setup func(m *Model)
	}{
		{"newest", func(*Model) {}},
		{"middle", func(m *Model) {
			for range 5000 / 37 {
				m.Update(keyMsg("pgup"))
			}
		}},
		{"filtered", func(m *Model) {
			m.Update(keyMsg("/"))
			for _, r := range "tool_3 out" {
				m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
			}
			m.Update(keyMsg("enter"))
		}},
		{"opened", func(m *Model) {
			_, cmd := m.Update(keyMsg("enter"))
			runAll(m, cmd)
			if m.logScreen().Rendering() {
				b.Fatal("the opened frame was not rendered")
			}
		}},
	} {
		b.Run(tt.name, func(b *testing.B) {
			m := floodLog(b, 10000)
			tt.setup(m)
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}

// runAll runs cmd and the commands its messages bring, feeding each
// message to m.
func runAll(m *Model, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	msg := cmd()
	if cmds, ok := screentest.Batched(msg); ok {
		for _, c := range cmds {
			runAll(m, c)
		}
		return
	}
	if msg != nil {
		_, next := m.Update(msg)
		runAll(m, next)
	}
}

// BenchmarkLogFrameArrives10k: a frame arriving at a full log on screen:
// recorded, paired and drawn.
func BenchmarkLogFrameArrives10k(b *testing.B) {
	m := floodLog(b, 10000)
	data := []byte(`{"jsonrpc":"2.0","id":99999,"method":"tools/call","params":{"_meta":{"progressToken":1},"name":"tool_1","arguments":{}}}`)
	at := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	b.ReportAllocs()
	for b.Loop() {
		m.Update(eventMsg{gen: m.conn.gen, event: client.FrameEvent{Frame: client.Frame{At: at, Dir: client.Sent, Data: data, Size: len(data)}}})
		_ = m.View()
	}
}

// BenchmarkLogFilterKeystroke10k: a letter typed into the filter of a
// full log, and the frame.
func BenchmarkLogFilterKeystroke10k(b *testing.B) {
	m := floodLog(b, 10000)
	m.Update(keyMsg("/"))
	b.ReportAllocs()
	for b.Loop() {
		m.Update(tea.KeyPressMsg{Code: 'x', Text: "x"})
		m.Update(keyMsg("backspace"))
		_ = m.View()
	}
}
