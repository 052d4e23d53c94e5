package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
)

// bigSchemaTool is a tool whose input and output schemas have n
// properties each, with descriptions, enums, nesting and a $defs entry:
// the size of schema a generated API wrapper sends.
func bigSchemaTool(b *testing.B, n int) tool.Tool {
	b.Helper()
	var props strings.Builder
	for i := range n {
		if i > 0 {
			props.WriteByte(',')
		}
		switch i % 4 {
		case 0:
			fmt.Fprintf(&props, `"field_%04d":{"type":"string","description":"The value of field %d, as the record stores it."}`, i, i)
		case 1:
			fmt.Fprintf(&props, `"field_%04d":{"type":"string","enum":["alpha","beta","gamma","delta"],"description":"One of four modes for field %d."}`, i, i)
		case 2:
			fmt.Fprintf(&props, `"field_%04d":{"type":"object","description":"Nested part %d.","properties":{"a":{"type":"integer","minimum":0},"b":{"$ref":"#/$defs/point"}}}`, i, i)
		default:
			fmt.Fprintf(&props, `"field_%04d":{"type":"number","description":"A measure, in metres, between 0 and 100 (default 5).","maximum":100}`, i)
		}
	}
	rows := `"rows":{"type":"array","items":{"type":"object","required":["id","name"],"properties":{` +
		`"id":{"type":"integer","minimum":0},"name":{"type":"string","minLength":1},"price":{"type":"number"},` +
		`"ok":{"type":"boolean"},"tags":{"type":"array","items":{"type":"string"}},"geo":{"$ref":"#/$defs/geo"}}}}`
	schema := `{"type":"object","properties":{` + props.String() + `,` + rows + `},"required":["field_0000"],` +
		`"$defs":{"point":{"type":"object","properties":{"x":{"type":"number"},"y":{"type":"number"}}},` +
		`"geo":{"type":"object","properties":{"lat":{"type":"number"},"lon":{"type":"number"}}}}}`
	list := `{"tools":[{"name":"big_tool","description":"A tool with a very large schema.","inputSchema":` + schema +
		`,"outputSchema":` + schema + `,"annotations":{"readOnlyHint":true}}]}`
	tools, err := tool.ParseList([]byte(list))
	if err != nil {
		b.Fatal(err)
	}
	return tools[0]
}

// BenchmarkTabFrame draws one frame of each tab of a tool with a
// 400-property schema, after the tab was opened once: what every
// keystroke and redraw costs while that tab is on screen.
func BenchmarkTabFrame(b *testing.B) {
	for i, name := range tabNames {
		b.Run(name, func(b *testing.B) {
			m := benchModel(b, []tool.Tool{bigSchemaTool(b, 400)})
			settle(m, update(m, keyMsg("enter")))
			m.calls.results["big_tool"] = &toolResult{req: 1, result: &client.CallResult{}, lines: []string{"ok"}, ready: true}
			settle(m, update(m, keyMsg(fmt.Sprintf("alt+%d", i+1))))
			_ = m.View()
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}

// bigStructured is about n bytes of structuredContent matching the big
// tool's outputSchema shape: an object of records.
func bigStructured(n int) []byte {
	var s strings.Builder
	s.WriteString(`{"field_0000":"x","field_0002":{"a":1,"b":{"x":1,"y":2}},"rows":[`)
	for i := 0; s.Len() < n; i++ {
		if i > 0 {
			s.WriteByte(',')
		}
		fmt.Fprintf(&s, `{"id":%d,"name":"row-%d","price":%d.5,"ok":%t,"tags":["a","b"],"geo":{"lat":38.7,"lon":-9.1}}`, i, i, i%1000, i%2 == 0)
	}
	s.WriteString(`]}`)
	return []byte(s.String())
}

// BenchmarkCallDone11MB is a call whose structuredContent is 11 MB:
// "ui" is the UI goroutine's share (handling the reply), "total" adds the
// commands the reply starts (validation and rendering, wherever the model
// puts them) until the result is on screen.
func BenchmarkCallDone11MB(b *testing.B) {
	m := benchModel(b, []tool.Tool{bigSchemaTool(b, 40)})
	settle(m, update(m, keyMsg("enter")))
	sc := bigStructured(11 << 20)
	res := &client.CallResult{Content: []client.Content{{Type: "text", Text: "done"}}, StructuredContent: sc, Duration: time.Second}
	req := 0
	done := func() tea.Cmd {
		req++
		m.calls.running = &runningCall{req: req, tool: "big_tool", cancel: func() {}, start: time.Now()}
		_, cmd := m.Update(callDoneMsg{req: req, tool: "big_tool", result: res})
		return cmd
	}
	b.Run("ui", func(b *testing.B) {
		b.SetBytes(int64(len(sc)))
		b.ReportAllocs()
		for b.Loop() {
			done()
		}
	})
	b.Run("total", func(b *testing.B) {
		b.SetBytes(int64(len(sc)))
		b.ReportAllocs()
		for b.Loop() {
			settle(m, done())
		}
		if tr := m.calls.results["big_tool"]; tr == nil || !tr.ready {
			b.Fatal("the result was not rendered")
		}
	})
}

// update feeds msg to m and returns the command it asks for.
func update(m *Model, msg tea.Msg) tea.Cmd {
	_, cmd := m.Update(msg)
	return cmd
}

// settle runs cmd and every command its messages lead to, on this
// goroutine, feeding each message back to m. The model must be shut down
// (see benchModel), so that its timers end at once.
func settle(m *Model, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			settle(m, c)
		}
	default:
		_, next := m.Update(msg)
		settle(m, next)
	}
}
