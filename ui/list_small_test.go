package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestTooSmallHidesPanesAndKeys: below the minimum size the screen asks
// for a larger terminal, and what is typed or pasted reaches nothing (the
// form behind the notice keeps its value); at the minimum the panes are
// back with the form as it was.
func TestTooSmallHidesPanesAndKeys(t *testing.T) {
	t.Parallel()
	tests := []struct {
		w, h  int
		small bool
	}{
		{20, 5, true},
		{minSize.Width - 1, 30, true},
		{120, minSize.Height - 1, true},
		{minSize.Width, minSize.Height, false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d", tt.w, tt.h), func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, newFakeSession(t, fixtureTools))
			h.selectTool("echo")
			h.resize(tt.w, tt.h)
			v := h.view()
			words := strings.Join(strings.Fields(v), " ")
			want := fmt.Sprintf("make the terminal larger (need %d×%d, have %d×%d)", minSize.Width, minSize.Height, tt.w, tt.h)
			if got := strings.Contains(words, want); got != tt.small {
				t.Fatalf("notice shown = %v, want %v:\n%s", got, tt.small, v)
			}
			if lines := strings.Split(v, "\n"); len(lines) > tt.h {
				t.Errorf("%d lines on a %d-row terminal", len(lines), tt.h)
			}
			for _, l := range strings.Split(v, "\n") {
				if n := len([]rune(l)); n > tt.w {
					t.Errorf("a %d-cell line on a %d-wide terminal: %q", n, tt.w, l)
				}
			}
			if !tt.small {
				return
			}
			if strings.Contains(v, "Tools 15") {
				t.Errorf("the panes are drawn behind the notice:\n%s", v)
			}
			h.typeText("abc")
			h.key("esc", "q", "alt+l")
			h.update(tea.PasteMsg{Content: "pasted"})
			h.resize(120, 30)
			if got := h.m.formArgs(); got != `{}` {
				t.Errorf("the hidden form took keys: %s", got)
			}
			if h.m.listFocused() || h.m.stack.Len() > 0 || h.m.stopped {
				t.Errorf("keys acted behind the notice: list focused %t, screens %d, quit %v", h.m.listFocused(), h.m.stack.Len(), h.m.stopped)
			}
			h.resize(tt.w, tt.h)
			h.key("ctrl+c")
			if !h.m.stopped {
				t.Error("ctrl+c should still quit")
			}
		})
	}
}
