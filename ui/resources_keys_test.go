package ui

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/screens/prompts"
	"github.com/toolbench/toolbench/ui/screens/resources"
)

// beyondKeyContexts are the resources and prompts screens for the key
// map's tests: each in the middle of things, so every key has work.
func beyondKeyContexts() []keyContext {
	globals := func(km keyMap) []key.Binding {
		gl := km.Global
		return everywhere(gl)
	}
	useEverything := func(h *harness) {
		e := everythingLike(h.t)
		s := h.m.conn.sess.(*fakeSession)
		s.resources, s.templates, s.contents, s.prompts, s.got = e.resources, e.templates, e.contents, e.prompts, e.got
		s.contents["demo://resource/static/document/architecture.md"].Contents[0].Text = strings.Repeat("a line\n", 200)
	}
	return []keyContext{
		{"resources list", func(km keyMap) []key.Binding {
			return append(globals(km), groupBindings(resources.Help(), "Resources")...)
		}, func(h *harness) {
			useEverything(h)
			h.keyB("alt+e", "down", "down")
		}},
		{"resource read", func(km keyMap) []key.Binding {
			return append(globals(km), groupBindings(resources.Help(), "A resource read")...)
		}, func(h *harness) {
			useEverything(h)
			h.keyB("alt+e", "enter", "pgdown", "down")
		}},
		{"prompts list", func(km keyMap) []key.Binding {
			return append(globals(km), groupBindings(prompts.Help(), "Prompts")...)
		}, func(h *harness) {
			useEverything(h)
			h.keyB("alt+p", "down")
		}},
		{"prompt conversation", func(km keyMap) []key.Binding {
			return append(globals(km), groupBindings(prompts.Help(), "A prompt's conversation")...)
		}, func(h *harness) {
			useEverything(h)
			s := h.m.conn.sess.(*fakeSession)
			long := &client.PromptResult{Messages: []client.PromptMessage{{Role: "user",
				Content: client.Content{Type: "text", Text: strings.Repeat("a line\n", 200)}}}}
			s.got = func(string, map[string]string) (*client.PromptResult, error) { return long, nil }
			h.keyB("alt+p", "ctrl+s", "pgdown", "down")
		}},
	}
}

// groupBindings are the bindings of a screen's key group titled title.
func groupBindings(groups []screen.Group, title string) []key.Binding {
	for _, g := range groups {
		if g.Title == title {
			return g.Bindings
		}
	}
	panic("no key group " + title)
}

// TestBeyondHelpNamesEveryKey: the help screen lists the screens' keys.
func TestBeyondHelpNamesEveryKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.resize(120, 400)
	h.key("?")
	v := h.view()
	for _, w := range []string{"alt+e", "alt+p", "Resources", "Prompts", "Saving a resource", "alt+enter/ctrl+y",
		"subscribe to the resource's updates", "read its resource_link"} {
		if !strings.Contains(v, w) {
			t.Errorf("the help lacks %q", w)
		}
	}
}

// TestPaletteOnTheResourcesScreen: E opens the resources screen without
// alt; on it the palette lists the screen's own keys first, for what it
// shows, and runs one on it: "read the resource" reads the one selected.
func TestPaletteOnTheResourcesScreen(t *testing.T) {
	t.Parallel()
	h := newHarness(t, everythingLike(t))
	h.resize(100, 30)
	h.keyB("E", "down", "ctrl+p")
	v := h.view()
	own, anywhere := strings.Index(v, "read the resource, or fill in the template"), strings.Index(v, "Anywhere")
	if own < 0 || anywhere >= 0 && own > anywhere {
		t.Fatalf("the resources screen's keys are not first in the palette:\n%s", v)
	}
	h.typeText("read the resource, or")
	h.keyB("enter")
	if v := h.view(); !strings.Contains(v, "Resource demo://resource/static/config.json") {
		t.Fatalf("the palette's command did not read the selected resource:\n%s", v)
	}
	h.keyB("ctrl+p")
	v = h.view()
	if save, list := strings.Index(v, "save the content to a file"), strings.Index(v, "list the resources and templates again"); save < 0 ||
		list >= 0 && save > list {
		t.Errorf("on a read, the read's keys are not first in the palette:\n%s", v)
	}
}
