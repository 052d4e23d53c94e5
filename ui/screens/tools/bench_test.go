package tools

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/clientview"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
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
// 1,000-property schema, after the tab was opened once, at 80 and 120
// columns: what every keystroke and redraw costs while that tab is on
// screen. "Form-editing" is the Form tab with its first field's editor
// open. Each case runs beside its floor: the same tab of a one-property
// tool, in the same run.
func BenchmarkTabFrame(b *testing.B) {
	tabs := append([]string{"Form-editing"}, tabNames[:]...)
	for _, width := range []int{80, 120} {
		for _, name := range tabs {
			for _, props := range []int{1000, 1} {
				size := "1000props"
				if props == 1 {
					size = "floor"
				}
				b.Run(fmt.Sprintf("%s/%d/%s", name, width, size), func(b *testing.B) {
					m := tabFrameModel(b, bigSchemaTool(b, props), width, name)
					b.ReportAllocs()
					for b.Loop() {
						_ = m.View(width, 38)
					}
				})
			}
		}
	}
}

// tabFrameModel is the tools screen width×40 showing tool t's tab name,
// opened once and settled, with a small result in place.
func tabFrameModel(b *testing.B, t tool.Tool, width int, name string) *Screen {
	b.Helper()
	m := benchScreen(b, []tool.Tool{t})
	settle(m, update(m, tea.WindowSizeMsg{Width: width, Height: 40}))
	settle(m, update(m, press(b, "enter")))
	m.calls.results[t.Name] = &toolResult{req: 1, result: &client.CallResult{}, lines: []string{"ok"}, ready: true}
	tab := 0
	for i, n := range tabNames {
		if n == name {
			tab = i
		}
	}
	settle(m, update(m, press(b, fmt.Sprintf("alt+%d", tab+1))))
	if name == "Form-editing" {
		// Not settled: the editor's cursor blinks for as long as it is open.
		update(m, press(b, "enter"))
		if e := m.detail.editor(); e == nil || !e.model.Editing() {
			b.Fatal("the form's first field is not being edited")
		}
	}
	if int(m.detail.tab) != tab || m.focus != focusDetail {
		b.Fatalf("tab %d focus %d, want tab %d with the detail focused", m.detail.tab, m.focus, tab)
	}
	_ = m.View(width, 38)
	return m
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

// BenchmarkCallDone20MB is a call whose result is 20 MB: 11 MB of
// structuredContent and 9 MB of text (the same records as JSON, as
// servers often send both), beside a floor of the same shape at 2 KB.
//   - "reply": the Update that receives the result, the UI goroutine's
//     share;
//   - "key-while-rendering": a key press and its frame while validation
//     and rendering have not come back: what typing costs meanwhile;
//   - "ready": the Update that takes the rendered rows, and a frame of
//     them;
//   - "total": the reply and every command it starts (validation and
//     rendering, wherever the model puts them) until the result is on
//     screen.
func BenchmarkCallDone20MB(b *testing.B) {
	for _, c := range []struct {
		name       string
		structured int
		text       int
	}{{"20MB", 11 << 20, 9 << 20}, {"floor", 1 << 10, 1 << 10}} {
		b.Run(c.name, func(b *testing.B) {
			m := benchScreen(b, []tool.Tool{bigSchemaTool(b, 40)})
			settle(m, update(m, press(b, "enter")))
			sc := bigStructured(c.structured)
			res := &client.CallResult{Content: []client.Content{{Type: "text", Text: string(bigStructured(c.text))}},
				StructuredContent: sc, Duration: time.Second}
			callDonePhases(b, m, res)
		})
	}
}

// callDonePhases runs the phases of BenchmarkCallDone20MB for res.
func callDonePhases(b *testing.B, m *Screen, res *client.CallResult) {
	m.detail.tab = tabResult
	size := int64(len(res.StructuredContent) + len(res.Content[0].Text))
	req := 0
	done := func() tea.Cmd {
		req++
		m.calls.running = &runningCall{req: req, tool: "big_tool", cancel: func() {}, start: time.Now()}
		return update(m, callDoneMsg{req: req, tool: "big_tool", args: []byte(`{"field_0000":"x"}`), result: res})
	}
	b.Run("reply", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			done()
		}
	})
	// The reply's command is held back, so the result stays pending.
	pending := done()
	b.Run("key-while-rendering", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			update(m, press(b, []string{"down", "up"}[i%2]))
			_ = m.View(120, 38)
		}
		if tr := m.calls.results["big_tool"]; tr == nil || tr.ready {
			b.Fatal("the result was not pending")
		}
	})
	ready := readyMsgOf(pending)
	b.Run("ready", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			m.calls.results["big_tool"].ready = false
			update(m, ready)
			_ = m.View(120, 38)
		}
	})
	b.Run("total", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			settle(m, done())
		}
		if tr := m.calls.results["big_tool"]; tr == nil || !tr.ready {
			b.Fatal("the result was not rendered")
		}
	})
}

// readyMsgOf runs the commands of a call's reply and returns the message
// that brings its rendered result; other messages are dropped.
func readyMsgOf(cmd tea.Cmd) tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			if r := readyMsgOf(c); r != nil {
				return r
			}
		}
	case resultReadyMsg:
		return msg
	}
	return nil
}

// update feeds msg to m, lays it out as the root does, and returns the
// command it asks for; its actions are dropped.
func update(m *Screen, msg tea.Msg) tea.Cmd {
	r := route(m, msg)
	return tea.Batch(r.Cmd, m.Layout())
}

// settle runs cmd and every command its messages lead to, on this
// goroutine, feeding each message back to m. The screen's timers deliver
// nothing (benchScreen), so the loop ends.
func settle(m *Screen, cmd tea.Cmd) {
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
		settle(m, update(m, msg))
	}
}

// benchScreen is the tools screen 120×38 with tools listed, its session
// none and its timers silent.
func benchScreen(b *testing.B, tools []tool.Tool) *Screen {
	b.Helper()
	s := New(Deps{Styles: theme.New(theme.DefaultPalette(true)), Send: func(tea.Msg) {}, Now: time.Now,
		Timer:     func(time.Duration, tea.Msg) tea.Cmd { return nil },
		Session:   func() (Session, int) { return nil, 1 },
		Conn:      func() Conn { return Conn{} },
		CancelKey: func() string { return "esc" },
		Evidence:  func(error, []string) []string { return nil },
		Ended:     func(Ended) tea.Cmd { return nil },
		Judged:    func(int, check.OutputVerdict) tea.Cmd { return nil },
		TaskSeen:  func(string, client.Task) {},
		OpenLinks: func([]string) tea.Cmd { return nil },
		SaveTest:  func() tea.Cmd { return nil },
	})
	s.Update(tea.WindowSizeMsg{Width: 120, Height: 38})
	s.Update(Listed{Tools: tools})
	s.Layout()
	return s
}

// BenchmarkHugeResult: a 20 MB text result. The rendering runs off the UI
// goroutine; what the UI goroutine pays is handling the reply and drawing.
func BenchmarkHugeResult(b *testing.B) {
	m := benchScreen(b, []tool.Tool{bigSchemaTool(b, 1)})
	update(m, press(b, "enter"))
	text := strings.Repeat("a line of text from a tool result, long enough to wrap at eighty columns or so.\n", 20<<20/82)
	res := &client.CallResult{Content: []client.Content{{Type: "text", Text: text}}}
	lines := render.Result(m.st, clientview.Result(res), check.Output(nil, nil, false), m.detailWidth())
	b.Run("reply", func(b *testing.B) {
		for b.Loop() {
			m.calls.running = &runningCall{req: 1, tool: m.Shown(), cancel: func() {}, start: time.Now()}
			m.Update(callDoneMsg{req: 1, tool: m.Shown(), result: res})
		}
	})
	b.Run("frame", func(b *testing.B) {
		m.calls.results[m.Shown()] = &toolResult{req: 1, result: res, lines: lines, ready: true}
		for b.Loop() {
			_ = m.View(120, 38)
		}
	})
}
