package ui

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestGoldenBeyond draws the resources and prompts screens at 80 and 120
// columns: empty, listed, a text read, a blob read, a template's form, a
// prompt's conversation, a failure.
func TestGoldenBeyond(t *testing.T) {
	t.Parallel()
	screens := map[string]struct {
		empty bool
		setup func(h *harness, s *fakeSession)
	}{
		"resources-empty": {true, func(h *harness, _ *fakeSession) { h.keyB("alt+e") }},
		"resources-list":  {false, func(h *harness, _ *fakeSession) { h.keyB("alt+e", "down") }},
		"resources-read-text": {false, func(h *harness, _ *fakeSession) {
			h.keyB("alt+e", "down", "enter")
		}},
		"resources-read-blob": {false, func(h *harness, _ *fakeSession) {
			h.keyB("alt+e", "down", "down", "enter")
		}},
		"resources-template-form": {false, func(h *harness, _ *fakeSession) {
			h.keyB("alt+e", "end", "enter")
		}},
		"resources-error": {false, func(h *harness, s *fakeSession) {
			s.contents = nil
			h.keyB("alt+e", "enter")
		}},
		"prompts-empty": {true, func(h *harness, _ *fakeSession) { h.keyB("alt+p") }},
		"prompts-list":  {false, func(h *harness, _ *fakeSession) { h.keyB("alt+p", "down") }},
		"prompts-form": {false, func(h *harness, _ *fakeSession) {
			h.keyB("alt+p", "down", "enter", "ctrl+s")
		}},
		"prompts-conversation": {false, func(h *harness, _ *fakeSession) {
			h.keyB("alt+p", "down", "enter")
			h.typeB("Oslo")
			h.keyB("ctrl+s")
		}},
		"prompts-error": {false, func(h *harness, s *fakeSession) {
			s.got = nil
			h.keyB("alt+p", "ctrl+s")
		}},
	}
	for name, sc := range screens {
		for _, width := range []int{80, 120} {
			t.Run(fmt.Sprintf("%s/%d", name, width), func(t *testing.T) {
				t.Parallel()
				s := everythingLike(t)
				if sc.empty {
					s.resources, s.templates, s.prompts = nil, nil, nil
				}
				h := newHarness(t, s)
				h.m.now = fixedClock
				h.resize(width, 24)
				sc.setup(h, s)
				golden.RequireEqual(t, []byte(h.view()))
			})
		}
	}
}
