package render_test

import (
	"encoding/json"
	"testing"

	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/hostile"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// TestHostileAsks renders what a server asks with the hostile payloads in
// every field the server controls (who asks, the message, property names,
// the URL, sampling messages, tools and preferences) and checks the rows
// as TestHostileRender does: nothing but styling reaches the terminal,
// every row fits, and the payload shows escaped.
func TestHostileAsks(t *testing.T) {
	t.Parallel()
	st := theme.New(theme.DefaultPalette(true))
	for _, p := range hostile.Payloads() {
		t.Run(p.ID, func(t *testing.T) {
			if p.ID == "long" && fixture.RaceDetector {
				t.Skip("the 100,000-character payload runs without -race")
			}
			t.Parallel()
			h := newHostileRender(t, p)
			text := p.Text
			raw, _ := json.Marshal(map[string]string{"x": text})
			for _, width := range []int{40, 80, 0} {
				h.width = width
				h.check("AskHeading", render.AskHeading(st, render.AskHead{What: "elicitation", Server: "S" + text, Tool: text, Round: 2}, width), "S"+h.shown)
				h.check("AskMessage", render.AskMessage(st, "M"+text, width), "M"+h.shown)
				h.check("SecretWarning", render.SecretWarning(st, []string{"K" + text}, width), "K"+h.shown)
				h.check("URLLines", render.URLLines(st, render.URLAsk{Message: "M" + text, URL: "https://example.com/" + text, Question: "q"}, width), "M"+h.shown)
				h.check("URLLines with a hostile host", render.URLLines(st, render.URLAsk{Message: text, URL: "https://" + text + "/x", Waiting: true}, width))
				h.check("Sampling", render.Sampling(st, render.SamplingAsk{
					Messages:     []render.SampleMessage{{Role: text, Content: []render.Block{{Type: "text", Text: "C" + text}, {Type: text, Raw: raw}}}},
					SystemPrompt: "P" + text, ModelPreferences: raw, ToolChoice: raw, Metadata: raw, IncludeContext: text,
					StopSequences: []string{text}, Tools: []render.SampleTool{{Name: "T" + text, Description: "D" + text}},
				}, width), "C"+h.shown, "P"+h.shown, "D"+h.shown)
				h.check("RootsScreen", render.RootsScreen(st, render.RootsView{Roots: []string{"/R" + text}, URIs: []string{"file:///" + text}}, width), "/R"+h.shown)
			}
		})
	}
}
