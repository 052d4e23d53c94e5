package ui

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// teamMembers answers completable-prompt the way server-everything does.
func teamMembers(_ client.CompletionRef, arg, value string, filled map[string]string) []string {
	var all []string
	switch arg {
	case "department":
		all = []string{"Engineering", "Sales", "Marketing", "Support"}
	case "name":
		all = map[string][]string{"Engineering": {"Alice", "Bob"}, "Sales": {"David", "Eve"}}[filled["department"]]
	}
	var out []string
	for _, v := range all {
		if strings.HasPrefix(strings.ToLower(v), strings.ToLower(value)) {
			out = append(out, v)
		}
	}
	return out
}

// completingHarness opens completable-prompt's form on a server that
// completes, with timers that fire at once.
func completingHarness(t *testing.T, can bool) (*harness, *fakeSession, *timerLog) {
	t.Helper()
	s := everythingLike(t)
	s.canComplete, s.complete = can, teamMembers
	h := newHarness(t, s)
	timers := watchTimers(h)
	h.keyB("alt+p", "down", "down", "enter")
	return h, s, timers
}

// pumpCompletions waits for the shown form's suggestions to be n.
func pumpCompletions(h *harness, n int) {
	h.t.Helper()
	h.pumpUntil("the suggestions", func() bool { return len(h.m.prompts.form.sugg.values) == n })
}

func TestCompletionsSuggestAndAccept(t *testing.T) {
	t.Parallel()
	h, s, timers := completingHarness(t, true)
	h.typeB("e")
	pumpCompletions(h, 1)
	if v := h.view(); !strings.Contains(v, "suggestions for department") || !strings.Contains(v, "› Engineering") {
		t.Fatalf("no suggestion shown:\n%s", v)
	}
	if !slices.Contains(timers.asked, completeDelay) {
		t.Errorf("the request was not debounced: timers %v", timers.asked)
	}
	h.keyB("alt+enter")
	if got := h.m.prompts.form.values()["department"]; got != "Engineering" {
		t.Errorf("department = %q after taking the suggestion", got)
	}
	// The next field: context.arguments carries the department.
	h.keyB("down", "enter")
	h.typeB("a")
	pumpCompletions(h, 1)
	_, _, calls, _ := s.seen()
	last := calls[len(calls)-1]
	if last.arg != "name" || last.value != "a" || !maps.Equal(last.filled, map[string]string{"department": "Engineering"}) ||
		last.ref.Prompt != "completable-prompt" {
		t.Errorf("the last completion/complete = %+v", last)
	}
	if !strings.Contains(h.view(), "› Alice") {
		t.Errorf("no suggestion for name:\n%s", h.view())
	}
}

// TestCompletionsPickWithKeys: alt+↓ and alt+↑ move the pick, wrapping.
func TestCompletionsPickWithKeys(t *testing.T) {
	t.Parallel()
	h, _, _ := completingHarness(t, true)
	h.typeB("x") // nothing starts with x
	h.key("backspace")
	h.settleBeyond()
	pumpCompletions(h, 4)
	h.keyB("alt+down", "alt+down")
	if !strings.Contains(h.view(), "› Marketing") {
		t.Fatalf("alt+↓ twice:\n%s", h.view())
	}
	h.keyB("alt+up", "alt+up", "alt+up")
	if !strings.Contains(h.view(), "› Support") {
		t.Errorf("alt+↑ three times from the third did not wrap to the last:\n%s", h.view())
	}
}

// TestCompletionsNeverAskedWithoutCapability: a server without
// completions is never sent completion/complete, nor is a pause timed.
func TestCompletionsNeverAskedWithoutCapability(t *testing.T) {
	t.Parallel()
	h, s, timers := completingHarness(t, false)
	h.typeB("eng")
	h.keyB("down", "enter")
	h.typeB("al")
	if _, _, calls, _ := s.seen(); len(calls) != 0 {
		t.Errorf("completion/complete was asked %d times", len(calls))
	}
	if slices.Contains(timers.asked, completeDelay) {
		t.Errorf("a completion pause was timed: %v", timers.asked)
	}
	if strings.Contains(h.view(), "suggestions for") {
		t.Errorf("suggestions shown:\n%s", h.view())
	}
}

// TestCompletionStaleAnswerDropped: an answer to a request older than the
// last key is not shown, and a pause that a key cut short asks nothing.
func TestCompletionStaleAnswerDropped(t *testing.T) {
	t.Parallel()
	h, s, _ := completingHarness(t, true)
	af := h.m.prompts.form
	h.typeB("s")
	pumpCompletions(h, 2) // Sales, Support
	old := af.sugg.seq
	h.update(completeDoneMsg{af: af, seq: old - 1, res: &client.Completion{Values: []string{"stale"}}})
	if strings.Contains(h.view(), "stale") {
		t.Errorf("a stale answer was shown:\n%s", h.view())
	}
	_, _, before, _ := s.seen()
	h.update(completeDueMsg{af: af, seq: old - 1})
	h.settleBeyond()
	if _, _, after, _ := s.seen(); len(after) != len(before) {
		t.Errorf("an outdated pause asked the server")
	}
}

// TestTemplateCompletion: a template's variable is completed with the
// template as the reference.
func TestTemplateCompletion(t *testing.T) {
	t.Parallel()
	s := everythingLike(t)
	s.canComplete = true
	s.complete = func(_ client.CompletionRef, _ string, value string, _ map[string]string) []string {
		return []string{value + "1", value + "2"}
	}
	h := newHarness(t, s)
	watchTimers(h)
	h.keyB("alt+e", "down", "down", "down", "enter")
	h.typeB("4")
	h.pumpUntil("suggestions", func() bool { return len(h.m.resources.form.sugg.values) == 2 })
	h.keyB("alt+down", "ctrl+y", "ctrl+s")
	if !strings.Contains(h.view(), "Resource demo://resource/dynamic/text/42") {
		t.Errorf("the suggestion was not read:\n%s", h.view())
	}
	_, _, calls, _ := s.seen()
	if len(calls) == 0 || calls[0].ref.URITemplate != "demo://resource/dynamic/text/{resourceId}" || calls[0].arg != "resourceId" {
		t.Errorf("completion/complete = %+v", calls)
	}
}

// TestCompletionsAskedOnFocus: the server is asked for the focused field's
// completions when the form opens and when the cursor moves to another
// field, before anything is typed.
func TestCompletionsAskedOnFocus(t *testing.T) {
	t.Parallel()
	h, s, _ := completingHarness(t, true)
	pumpCompletions(h, 4)
	if v := h.view(); !strings.Contains(v, "suggestions for department") || !strings.Contains(v, "› Engineering") {
		t.Fatalf("no suggestions on opening the form:\n%s", v)
	}
	h.keyB("down")
	h.pumpUntil("name is asked for", func() bool {
		_, _, calls, _ := s.seen()
		return len(calls) > 0 && calls[len(calls)-1].arg == "name"
	})
	_, _, calls, _ := s.seen()
	if last := calls[len(calls)-1]; last.value != "" {
		t.Errorf("the last completion/complete = %+v", last)
	}
}
