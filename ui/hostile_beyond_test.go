package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/hostile"
)

// hostileBeyond is a server whose resources, templates and prompts carry
// payload p in every text it sends.
func hostileBeyond(t *testing.T, p hostile.Payload) *fakeSession {
	t.Helper()
	s := newFakeSession(t, fixtureTools)
	x := p.Text
	size := int64(3)
	s.resources = []client.Resource{{URI: "demo://r/" + x, Name: "res" + x, Title: x, Description: x, MIMEType: "text/" + x, Size: &size},
		{URI: "demo://blob", Name: "blob" + x, MIMEType: x}}
	s.templates = []client.ResourceTemplate{{URITemplate: "demo://t/" + x + "/{id}", Name: "tpl" + x, Description: x}}
	s.contents = map[string]*client.ReadResult{
		"demo://r/" + x: {Contents: []client.ResourceContents{{URI: "demo://r/" + x, MIMEType: x, Text: x}}},
		"demo://blob":   {Contents: []client.ResourceContents{{URI: x, MIMEType: x, Blob: "AAAA"}}},
	}
	s.prompts = []client.Prompt{{Name: "p" + x, Description: x, Arguments: []client.PromptArgument{{Name: "a", Description: x, Required: true}}}}
	s.got = func(string, map[string]string) (*client.PromptResult, error) {
		return &client.PromptResult{Description: x, Messages: []client.PromptMessage{{Role: x, Content: client.Content{Type: "text", Text: x}},
			{Role: "user", Content: client.Content{Type: "resource_link", URI: x, Name: x}}}}, nil
	}
	s.canComplete = true
	s.complete = func(client.CompletionRef, string, string, map[string]string) []string { return []string{x, "ok"} }
	return s
}

// TestHostileBeyondScreens: nothing a server sends in a resource, a
// template, a read, a prompt, a conversation or a suggestion reaches the
// terminal as anything but text, and no row passes the width.
func TestHostileBeyondScreens(t *testing.T) {
	t.Parallel()
	for _, p := range hostile.Payloads() {
		t.Run(p.ID, func(t *testing.T) {
			if p.ID == "long" && fixture.RaceDetector {
				t.Skip("the 100,000-character payload runs without -race")
			}
			t.Parallel()
			for _, w := range []int{80, 120} {
				t.Run(fmt.Sprint(w), func(t *testing.T) {
					t.Parallel()
					s := hostileBeyond(t, p)
					h := newStyledHarness(t, func(_ context.Context, _ func(client.Event), a client.Answerer) (Session, error) {
						return s, nil
					}, w, 30)
					watchTimers(h)
					look := func(label string) {
						t.Helper()
						content := h.m.View().Content
						for _, leak := range hostile.ScreenLeaks(content, true) {
							t.Errorf("%s: %s", label, leak)
						}
						for i, line := range strings.Split(content, "\n") {
							if lw := ansi.StringWidth(line); lw > w {
								t.Errorf("%s: row %d is %d wide", label, i, lw)
							}
						}
						if !strings.Contains(stripANSI(content), p.Shown) && p.ID != "long" {
							t.Errorf("%s: %q not shown:\n%s", label, p.Shown, stripANSI(content))
						}
					}
					h.keyB("alt+e")
					look("resources list")
					h.keyB("enter")
					look("text read")
					h.keyB("esc", "down", "enter")
					look("blob read")
					h.keyB("esc", "down", "enter", "ctrl+s")
					look("template form, a variable empty")
					h.keyB("alt+p", "enter", "enter")
					h.typeB("q")
					h.pumpUntil("suggestions", func() bool { return strings.Contains(stripANSI(h.view()), "suggestions for") })
					look("prompt form with suggestions")
					h.keyB("ctrl+s")
					look("conversation")
				})
			}
		})
	}
}
