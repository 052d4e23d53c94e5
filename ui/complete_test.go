package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/form"
)

// TestCompletionsThroughTheWorkbench: on the prompts screen the server's
// suggestions come through the workbench's own timers (so a test that
// watches them sees the pause), as soon as a field is focused, and are
// taken into the field.
func TestCompletionsThroughTheWorkbench(t *testing.T) {
	t.Parallel()
	s := everythingLike(t)
	s.canComplete = true
	s.complete = func(_ client.CompletionRef, arg, value string, _ map[string]string) []string {
		if arg != "department" {
			return nil
		}
		return []string{"Engineering", "Sales"}
	}
	h := newHarness(t, s)
	timers := watchTimers(h)
	h.keyB("alt+p", "down", "down", "enter")
	h.pumpUntil("the suggestions", func() bool { return strings.Contains(h.view(), "› Engineering · Sales") })
	if !slices.Contains(timers.asked, form.CompleteDelay) {
		t.Errorf("the request was not debounced: timers %v", timers.asked)
	}
	h.keyB("alt+enter")
	if !strings.Contains(h.view(), `department *  "Engineering"`) {
		t.Errorf("the suggestion was not taken:\n%s", h.view())
	}
}
