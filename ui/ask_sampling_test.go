package ui

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// tinyPNG is a 1×1 PNG, base64.
const tinyPNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="

func samplingAsk(tools bool) client.Ask {
	p := map[string]any{
		"messages": []any{
			map[string]any{"role": "user", "content": map[string]any{"type": "text", "text": "What is the capital of France?"}},
			map[string]any{"role": "user", "content": []any{
				map[string]any{"type": "image", "mimeType": "image/png", "data": tinyPNG},
				map[string]any{"type": "audio", "mimeType": "audio/wav", "data": "UklGRg=="},
			}},
		},
		"systemPrompt":     "You are a helpful test server.",
		"modelPreferences": map[string]any{"hints": []any{map[string]any{"name": "claude-3-sonnet"}}, "speedPriority": 0.5},
		"maxTokens":        100,
		"temperature":      0.7,
	}
	if tools {
		p["tools"] = []any{map[string]any{"name": "get_weather", "description": "Get current weather for a city",
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"city": map[string]any{"type": "string"}},
				"required": []any{"city"}}}}
		p["toolChoice"] = map[string]any{"mode": "auto"}
	}
	params, _ := json.Marshal(p)
	return client.Ask{Kind: client.AskSample, Params: params}
}

// TestSamplingModalShowsTheRequest: messages (text, image, audio), the
// system prompt, the preferences, maxTokens and the tools offered.
func TestSamplingModalShowsTheRequest(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	h.resize(120, 50)
	got := h.callAsking(s, samplingAsk(true))
	view := h.view()
	for _, want := range []string{"The server asks: sampling request", "messages[0] user", "What is the capital of France?",
		"image/png", "1×1 px", "audio/wav", "You are a helpful test server.", "maxTokens: 100", "temperature: 0.7",
		`"claude-3-sonnet"`, "get_weather", "Get current weather for a city", `toolChoice: {"mode":"auto"}`,
		"stopReason", "endTurn", "toolbench"} {
		if !strings.Contains(view, want) {
			t.Errorf("the modal lacks %q:\n%s", want, view)
		}
	}
	h.key("alt+d")
	if out := <-got; !errors.Is(out.err, errRejected) {
		t.Errorf("reject answered %s, %v", out.result, out.err)
	}
	h.finishCall()
}

// TestSamplingReply: a typed reply goes back as the assistant's text with
// the stop reason and model picked; a tool_use block goes back when tools
// are offered; esc at the form's top rejects.
func TestSamplingReply(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		tools bool
		keys  func(h *harness)
		want  string
		err   error
	}{
		{"text", false, func(h *harness) {
			h.key("enter")
			h.typeText("Paris.")
			h.key("esc", "down", "right", "down", "enter")
			h.typeText("-x")
			h.key("enter", "ctrl+s")
		}, `{"role":"assistant","content":{"type":"text","text":"Paris."},"model":"toolbench-x","stopReason":"stopSequence"}`, nil},
		{"defaults", false, func(h *harness) { h.key("ctrl+s") },
			`{"role":"assistant","content":{"type":"text","text":""},"model":"toolbench","stopReason":"endTurn"}`, nil},
		{"tool_use", true, func(h *harness) {
			h.key("down", "enter", "enter")
			h.typeText("Paris")
			h.key("enter", "esc", "esc", "down", "left", "ctrl+s")
		}, `{"role":"assistant","content":{"type":"tool_use","id":"toolbench-1","name":"get_weather","input":{"city":"Paris"}},` +
			`"model":"toolbench","stopReason":"toolUse"}`, nil},
		{"esc rejects", false, func(h *harness) { h.key("esc") }, "", errRejected},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			h := newHarness(t, s)
			h.resize(120, 50)
			got := h.callAsking(s, samplingAsk(c.tools))
			c.keys(h)
			out := <-got
			if c.err != nil {
				if !errors.Is(out.err, c.err) {
					t.Errorf("got %s, %v; want %v", out.result, out.err, c.err)
				}
			} else if out.err != nil {
				t.Fatalf("%v:\n%s", out.err, h.view())
			} else {
				sameJSON(t, out.result, c.want)
			}
			h.finishCall()
		})
	}
}
