package ui

import (
	"strings"
	"testing"
)

// TestOpenLandsOnForm: enter on a tool shows its form with the keys in
// it, whatever tab was shown before, so what the person types goes into
// the form; the Result tab's single-letter copy keys never take it.
func TestOpenLandsOnForm(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		setup func(h *harness)
	}{
		{"after a call, from the Result tab", func(h *harness) {
			h.selectTool("weather_ok")
			h.typeText("Oslo")
			h.key("ctrl+s")
			h.key("esc")
		}},
		{"Result picked in the list", func(h *harness) { h.key("7") }},
		{"Lint picked in the form", func(h *harness) { h.selectTool("weather_ok"); h.key("alt+4", "esc") }},
		{"a call from the list", func(h *harness) { h.cursorTo("no_params"); h.key("ctrl+s") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, newFakeSession(t, fixtureTools))
			tt.setup(h)
			if !h.m.listFocused() {
				t.Fatalf("the setup should leave the keys in the list")
			}
			h.selectTool("echo")
			if v := h.view(); !strings.Contains(v, "[Form]") || h.m.listFocused() {
				t.Fatalf("enter did not land on the form (list focused %t):\n%s", h.m.listFocused(), v)
			}
			h.typeText("yac")
			if got := h.m.formArgs(); got != `{"message":"yac"}` {
				t.Errorf("typing went elsewhere: the form holds %s", got)
			}
			if strings.Contains(h.m.status.text, "copied") || strings.Contains(h.m.status.text, "nothing to copy") {
				t.Errorf("a copy key fired: %q", h.m.status.text)
			}
		})
	}
}

// TestSelectedToolStaysMarked: while the form has the keys, the list
// still marks the tool being edited, with its own glyph (no colour is
// needed to find it); back in the list the cursor's mark returns.
func TestSelectedToolStaysMarked(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.selectTool("echo")
	if v := h.view(); !strings.Contains(v, "\n▸ echo ") || strings.Contains(v, "› echo") {
		t.Errorf("with the form focused the list should mark echo with ▸:\n%s", v)
	}
	h.key("esc")
	if v := h.view(); !strings.Contains(v, "\n› echo ") || strings.Contains(v, "▸") {
		t.Errorf("back in the list echo should carry the cursor ›:\n%s", v)
	}
}

// TestResultKeysWorkAfterACallFromTheList: ctrl+s in the list calls the
// tool and shows its Result tab; the tab's copy keys then work without
// first moving into the pane.
func TestResultKeysWorkAfterACallFromTheList(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.m.clip = nil
	h.cursorTo("no_params")
	h.key("ctrl+s")
	if !h.m.listFocused() || h.m.tab() != "Result" {
		t.Fatalf("the call from the list should leave the keys in the list on the Result tab")
	}
	h.key("y")
	if !strings.Contains(h.m.status.text, "the result") {
		t.Fatalf("y after a call from the list did not copy the result: %q", h.m.status.text)
	}
	h.key("a")
	if !strings.Contains(h.m.status.text, "the arguments") {
		t.Fatalf("a after a call from the list did not copy the arguments: %q", h.m.status.text)
	}
}

// TestSlashOnTheResultTabFilters: / on the Result tab starts the tool
// filter, so typing "/roots" and enter filters the tools instead of the
// letters acting as the tab's keys (t saved a test).
func TestSlashOnTheResultTabFilters(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.selectTool("echo")
	h.typeText("hi")
	h.key("ctrl+s")
	if h.m.tab() != "Result" || h.m.listFocused() {
		t.Fatal("the call should end on the Result tab with the keys in it")
	}
	h.key("/")
	h.typeText("roots")
	h.key("enter")
	if h.m.stack.Len() != 0 || h.m.toolFilter() != "roots" {
		t.Fatalf("/roots on the Result tab: filter %q, save-test dialog open %t", h.m.toolFilter(), h.m.stack.Len() != 0)
	}
}
