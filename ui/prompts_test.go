package ui

import (
	"maps"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

func TestPromptGetConversation(t *testing.T) {
	t.Parallel()
	s := everythingLike(t)
	h := newHarness(t, s)
	h.keyB("alt+p")
	v := h.view()
	for _, w := range []string{"Prompts 3", "simple-prompt()", "args-prompt(city*, state)", "completable-prompt(department*, name*)"} {
		if !strings.Contains(v, w) {
			t.Fatalf("the list lacks %q:\n%s", w, v)
		}
	}
	h.keyB("down", "enter")
	v = h.view()
	for _, w := range []string{"Prompt args-prompt", "city", "Name of the city", "state"} {
		if !strings.Contains(v, w) {
			t.Errorf("the form lacks %q:\n%s", w, v)
		}
	}
	h.typeB("Oslo")
	h.keyB("ctrl+s")
	v = h.view()
	for _, w := range []string{"What's weather in Oslo?", "[0] user · text", "[1] assistant · image", "image/png · 70 bytes · 1×1 px",
		"[2] user · audio", "audio/wav · 12 bytes", "demo://resource/static/config.json (application/json)", "[4] user · resource_link",
		"demo://resource/static/logo.png"} {
		if !strings.Contains(v, w) {
			t.Errorf("the conversation lacks %q:\n%s", w, v)
		}
	}
	_, _, _, got := s.seen()
	if len(got) != 1 || got[0].name != "args-prompt" || !maps.Equal(got[0].args, map[string]string{"city": "Oslo"}) {
		t.Errorf("prompts/get = %+v, want args-prompt with city Oslo alone", got)
	}
	h.keyB("esc")
	if !strings.Contains(h.view(), "Prompt args-prompt") || h.m.prompts.mode != promptForm {
		t.Errorf("esc from the conversation is not the form:\n%s", h.view())
	}
}

// TestPromptMissingArgument: a required argument left empty is named,
// the form stays, and the server is not asked.
func TestPromptMissingArgument(t *testing.T) {
	t.Parallel()
	s := everythingLike(t)
	h := newHarness(t, s)
	h.keyB("alt+p", "down", "enter", "ctrl+s")
	v := h.view()
	if !strings.Contains(v, "the argument city is required by args-prompt") || h.m.prompts.mode != promptForm {
		t.Errorf("a missing argument:\n%s", v)
	}
	if !strings.Contains(v, "required") {
		t.Errorf("no error beside the field:\n%s", v)
	}
	if _, _, _, got := s.seen(); len(got) != 0 {
		t.Errorf("the server was asked: %+v", got)
	}
}

func TestPromptGetFails(t *testing.T) {
	t.Parallel()
	s := everythingLike(t)
	s.got = nil
	h := newHarness(t, s)
	h.keyB("alt+p", "ctrl+s")
	v := h.view()
	if !strings.Contains(v, "Getting the prompt failed") || !strings.Contains(v, "unknown prompt") {
		t.Errorf("a failing prompts/get:\n%s", v)
	}
}

func TestPromptsListChanged(t *testing.T) {
	t.Parallel()
	s := everythingLike(t)
	h := newHarness(t, s)
	h.keyB("alt+p", "down", "down") // completable-prompt
	s.bmu.Lock()
	s.prompts = append([]client.Prompt{{Name: "a-new-one"}}, s.prompts...)
	s.bmu.Unlock()
	h.update(eventMsg{gen: h.m.conn.gen, event: client.ListChangedEvent{List: "prompts"}})
	h.settleBeyond()
	if !strings.Contains(h.view(), "Prompts 4") {
		t.Fatalf("not refreshed:\n%s", h.view())
	}
	if p := h.m.selectedPrompt(); p == nil || p.Name != "completable-prompt" {
		t.Errorf("the cursor moved to %+v", p)
	}
}

// TestPromptOfOneMessage: the status counts one message as one ("1
// messages" before).
func TestPromptOfOneMessage(t *testing.T) {
	t.Parallel()
	s := everythingLike(t)
	s.got = func(string, map[string]string) (*client.PromptResult, error) {
		return &client.PromptResult{Messages: []client.PromptMessage{{Role: "user", Content: client.Content{Type: "text", Text: "hi"}}}}, nil
	}
	h := newHarness(t, s)
	h.keyB("alt+p", "enter", "ctrl+s")
	if v := h.view(); !strings.Contains(v, "got the prompt simple-prompt: 1 message") || strings.Contains(v, "1 messages") {
		t.Errorf("the status does not count one message:\n%s", v)
	}
}
