package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// TestToolResultOpensResource: o on a Result tab with a resource_link
// reads it on the resources screen.
func TestToolResultOpensResource(t *testing.T) {
	t.Parallel()
	s := everythingLike(t)
	s.call = func(_ context.Context, _ string, _ []byte, _ func(client.ProgressEvent)) (*client.CallResult, error) {
		return client.ParseCallResult([]byte(`{"content":[{"type":"text","text":"see"},` +
			`{"type":"resource_link","uri":"demo://resource/static/config.json","name":"config"}]}`))
	}
	h := newHarness(t, s)
	h.selectTool("echo")
	h.typeText("hi")
	h.key("ctrl+s")
	if !strings.Contains(h.view(), "o read resource") {
		t.Errorf("the Result tab does not offer o:\n%s", h.view())
	}
	h.keyB("o")
	v := h.view()
	if !strings.Contains(v, "Resource demo://resource/static/config.json") || !strings.Contains(v, `"debug": true`) {
		t.Errorf("o did not read the link:\n%s", v)
	}
}

// TestResultWithSeveralLinksLetsYouChoose: o on a result with several
// resource links lists them; the one picked is read.
func TestResultWithSeveralLinksLetsYouChoose(t *testing.T) {
	t.Parallel()
	s := everythingLike(t)
	s.call = func(_ context.Context, _ string, _ []byte, _ func(client.ProgressEvent)) (*client.CallResult, error) {
		return client.ParseCallResult([]byte(`{"content":[` +
			`{"type":"resource_link","uri":"demo://resource/static/readme.md","name":"readme"},` +
			`{"type":"resource_link","uri":"demo://resource/static/config.json","name":"config"},` +
			`{"type":"resource_link","uri":"demo://resource/static/readme.md","name":"again"}]}`))
	}
	h := newHarness(t, s)
	h.selectTool("echo")
	h.typeText("hi")
	h.key("ctrl+s")
	h.keyB("o")
	v := h.view()
	if !strings.Contains(v, "link 1 of 2") || !strings.Contains(v, "link 2 of 2") {
		t.Fatalf("o did not list the two links (the repeated one once):\n%s", v)
	}
	h.keyB("down", "enter")
	v = h.view()
	if !strings.Contains(v, "Resource demo://resource/static/config.json") || !strings.Contains(v, `"debug": true`) {
		t.Errorf("the second link was not read:\n%s", v)
	}
}
