package ui

import (
	"strings"
	"testing"

	"github.com/toolbench/toolbench/ui/screens/log"
)

// TestOneScreenAtATime: opening a full screen closes the one shown, so
// the keys reach the screen on show.
func TestOneScreenAtATime(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, "testdata/fixture.tools.json"))
	shown := func() []string {
		var on []string
		for i := range h.m.stack.Len() {
			on = append(on, string(h.m.stack.At(i).ID()))
		}
		return on
	}
	for _, step := range []struct{ key, want string }{
		{"alt+o", "roots"}, {"alt+e", "resources"}, {"alt+t", "tasks"}, {"alt+p", "prompts"},
		{"alt+a", "auth"}, {"alt+e", "resources"}, {"alt+e", ""},
	} {
		h.keyB(step.key)
		got := shown()
		if step.want == "" && len(got) != 0 || step.want != "" && (len(got) != 1 || got[0] != step.want) {
			t.Fatalf("after %s the screens shown are %v, want only %q", step.key, got, step.want)
		}
	}
}

// TestLogKeyOverScreens: the log key over a full screen shows the log,
// which the screen would otherwise hide.
func TestLogKeyOverScreens(t *testing.T) {
	t.Parallel()
	for _, open := range []string{"alt+e", "alt+p", "alt+t"} {
		t.Run(open, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, newFakeSession(t, "testdata/fixture.tools.json"))
			h.keyB("alt+l", open, "alt+l")
			if top := h.m.stack.Top(); top == nil || top.ID() != log.ID || h.m.stack.Len() != 1 {
				t.Fatalf("after alt+l, %s, alt+l: want the log alone:\n%s", open, h.view())
			}
		})
	}
}

// TestUndeclaredNotAsked: a server that declares no resources or prompts
// is not asked for them (the fake would answer "method not found"); the
// screens say what it lacks.
func TestUndeclaredNotAsked(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ key, want string }{
		{"alt+e", `the server offers no resources (its capabilities have no "resources")`},
		{"alt+p", `the server offers no prompts (its capabilities have no "prompts")`},
	} {
		t.Run(c.key, func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, "testdata/fixture.tools.json")
			s.noCapabilities = true
			h := newHarness(t, s)
			h.keyB(c.key)
			v := h.view()
			if !strings.Contains(v, c.want) || strings.Contains(v, "failed") {
				t.Fatalf("the screen does not say the server offers none, or it asked anyway:\n%s", v)
			}
		})
	}
}
