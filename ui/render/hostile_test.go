package render_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/hostile"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/clientview"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// TestHostileRender renders what the hostile fixture sends (its tools, a
// result with every kind of block and broken structuredContent, an error
// result, log entries, frames, text that is not JSON) in the default theme
// at 40 and 80 columns and unwrapped: rows may hold SGR styling and nothing
// else a terminal acts on, fit the width, and show the payload escaped.
func TestHostileRender(t *testing.T) {
	t.Parallel()
	st := theme.New(theme.DefaultPalette(true))
	for _, p := range hostile.Payloads() {
		t.Run(p.ID, func(t *testing.T) {
			if p.ID == "long" && fixture.RaceDetector {
				t.Skip("the 100,000-character payload runs without -race")
			}
			t.Parallel()
			h := newHostileRender(t, p)
			for _, width := range []int{40, 80, 0} {
				h.width = width
				h.results(st)
				h.schemas(st)
				h.rows(st)
			}
		})
	}
}

// hostileRender holds one payload's data and checks what is drawn of it.
type hostileRender struct {
	t                *testing.T
	p                hostile.Payload
	tools            []tool.Tool
	result, failed   *client.CallResult
	verdict          check.OutputVerdict
	shown, jsonShown string
	width            int
}

func newHostileRender(t *testing.T, p hostile.Payload) *hostileRender {
	list, err := hostile.ToolList(p)
	if err != nil {
		t.Fatal(err)
	}
	h := &hostileRender{t: t, p: p, shown: p.Shown}
	if h.tools, err = tool.ParseList(list); err != nil {
		t.Fatal(err)
	}
	res, fail, err := hostile.Results(p)
	if err != nil {
		t.Fatal(err)
	}
	if h.result, err = client.ParseCallResult(res); err != nil {
		t.Fatal(err)
	}
	if h.failed, err = client.ParseCallResult(fail); err != nil {
		t.Fatal(err)
	}
	for _, tool := range h.tools {
		if tool.Name == hostile.ToolName(hostile.ResultTool, p) {
			h.verdict = check.Result(tool.OutputSchema, h.result.StructuredContent, false, h.result.Texts())
		}
	}
	data, _ := json.Marshal(p.Text)
	h.jsonShown = termsafe.Line(string(data[1 : len(data)-1]))
	h.jsonShown = h.jsonShown[:min(len(h.jsonShown), 8)]
	return h
}

// check looks at rows drawn at h.width: no leaks, none wider than the
// width, and every text in want shown somewhere.
func (h *hostileRender) check(label string, rows []string, want ...string) {
	h.t.Helper()
	label = fmt.Sprintf("%s at %d", label, h.width)
	out := strings.Join(rows, "\n")
	for _, leak := range hostile.ScreenLeaks(out, true) {
		h.t.Errorf("%s: %s", label, leak)
	}
	for i, r := range rows {
		if strings.Contains(r, "\n") {
			h.t.Errorf("%s: row %d holds a newline", label, i)
		}
		if w := hostile.ScreenWidth(r); h.width > 0 && w > h.width {
			h.t.Errorf("%s: row %d is %d cells wide at width %d: %.100q", label, i, w, h.width, ansi.Strip(r))
		}
	}
	plain := ansi.Strip(out)
	for _, w := range want {
		if !strings.Contains(plain, w) {
			h.t.Errorf("%s: %q not shown in:\n%.3000s", label, w, plain)
		}
	}
}

// results renders the call results: each block, structuredContent and the
// violations that quote the server's values.
func (h *hostileRender) results(st *theme.Styles) {
	h.check("Result", render.Result(st, clientview.Result(h.result), h.verdict, h.width), "R"+h.shown, `"j`+h.jsonShown,
		"image/"+h.shown, "file:///"+h.shown, "N"+h.shown, "LT"+h.shown, "LD"+h.shown, "mem://"+h.shown,
		"ET"+h.shown, `"SC`+h.jsonShown, "violation")
	h.check("Result isError", render.Result(st, clientview.Result(h.failed), check.OutputVerdict{}, h.width), "ERR"+h.shown)
}

// schemas renders tools as sent and their schemas as JSON, and text that
// is not JSON through the same function.
func (h *hostileRender) schemas(st *theme.Styles) {
	for _, tool := range h.tools {
		h.check("JSON tool", render.JSON(st, tool.Raw, h.width), `"D`+h.jsonShown)
		h.check("JSON inputSchema", render.JSON(st, tool.InputSchema, h.width), `"PT`+h.jsonShown)
	}
	h.check("JSON of plain text", render.JSON(st, []byte("X"+h.p.Text), h.width), "X"+h.shown)
	h.check("Wrap", render.Wrap(termsafe.Text("W"+h.p.Text+"\n"+h.p.Text), h.width), "W"+h.shown)
}

// rows renders one-row views: tool rows, log lines, frames.
func (h *hostileRender) rows(st *theme.Styles) {
	if h.width > 0 {
		for _, tool := range h.tools {
			r := render.ToolRowOf(tool, 13)
			var cols render.MarkColumns
			cols.Add(r.Marks)
			name := render.FitNames([]string{r.Name}, []int{ansi.StringWidth(r.Name)}, h.width-2-cols.Width())[0]
			head := tool.Name[:strings.Index(tool.Name, "_")+1] + h.shown[:min(len(h.shown), 3)]
			for _, state := range []render.RowState{render.RowPlain, render.RowCursor, render.RowMarked} {
				h.check("ToolLine", []string{render.ToolLine(st, r, name, cols, h.width, state)}, head)
			}
		}
	}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, src := range []string{"stderr", "noise", "log", "notify", "toolbench", "frame →"} {
		h.check("LogLine of "+src, []string{render.LogLine(st, render.LogEntry{At: at, Source: src, Level: "info", Text: "X" + h.p.Text}, h.width)}, "X"+h.shown)
		h.check("LogLine with a hostile level", []string{render.LogLine(st, render.LogEntry{At: at, Source: src, Level: h.p.Text, Text: h.p.Text}, h.width)})
	}
	h.check("LogLine with a hostile source", []string{render.LogLine(st, render.LogEntry{At: at, Source: h.p.Text, Level: h.p.Text, Text: h.p.Text}, h.width)})
	// A frame is one escaped row, cut by the log line that shows it.
	whole := client.Frame{At: at, Data: []byte("F" + h.p.Text), Size: len(h.p.Text) + 1}
	cut := client.Frame{At: at, Data: whole.Data[:len(whole.Data)/2], Size: len(whole.Data)}
	for _, f := range []client.Frame{whole, cut} {
		text := render.FrameText(f.Data, f.Size)
		if leaks := hostile.ScreenLeaks(text, false); len(leaks) > 0 {
			h.t.Errorf("FrameText: %s", leaks)
		}
		h.check("LogLine of a frame", []string{render.LogLine(st, render.LogEntry{At: at, Source: "frame ←", Text: text}, h.width)})
	}
}
