package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// TestNarrowQuitPromptKeepsAnswer: at 80 and 120 columns the question
// quitting asks during a call shows the key that answers it; the long
// question is cut for it.
func TestNarrowQuitPromptKeepsAnswer(t *testing.T) {
	t.Parallel()
	for _, width := range []int{80, 120} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			s.call = func(ctx context.Context, _ string, _ []byte, _ func(client.ProgressEvent)) (*client.CallResult, error) {
				<-ctx.Done()
				return nil, client.ErrCancelled
			}
			h := newHarness(t, s)
			h.resize(width, 24)
			h.cursorTo("slow")
			h.leaveCalls = true
			h.key("ctrl+s")
			h.key("q")
			line := lastLine(h.view())
			if !strings.HasPrefix(line, "quit? the call to slow") || !strings.HasSuffix(line, "y quit · any other key stay") {
				t.Errorf("the question lacks its answer at %d columns: %q", width, line)
			}
			h.key("n", "esc")
			h.finishCall()
		})
	}
}

// TestNarrowElicitFooterKeepsAnswers: at 80 and 120 columns the status
// line under an elicitation form shows accept and decline, whatever the
// running call's line takes.
func TestNarrowElicitFooterKeepsAnswers(t *testing.T) {
	t.Parallel()
	for _, width := range []int{80, 120} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			h := browserHarness(t, s, &fakeBrowser{})
			h.resize(width, 24)
			got := h.callAsking(s, elicitAsk(t, "testdata/everything.elicitation.json", "Please provide inputs"))
			line := lastLine(h.view())
			if !strings.Contains(line, "ctrl+s accept · alt+d decline") || !strings.HasPrefix(line, "calling no_params") {
				t.Errorf("the elicitation's answers are missing at %d columns: %q", width, line)
			}
			h.key("ctrl+x")
			<-got
			h.finishCall()
		})
	}
}

// TestRepeatedStatusKeepsHints: a message said again and again shows its
// count and leaves the keys on the status line, at 80 and 120 columns.
func TestRepeatedStatusKeepsHints(t *testing.T) {
	t.Parallel()
	msg := "the server's tool list changed (notifications/tools/list_changed); the list was read again"
	for _, width := range []int{80, 120} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, newFakeSession(t, fixtureTools))
			h.resize(width, 24)
			h.m.setStatus(levelInfo, msg)
			once := lastLine(h.view())
			for range 2 {
				h.m.setStatus(levelInfo, msg)
			}
			again := lastLine(h.view())
			if !strings.Contains(again, "(×3)") || !strings.Contains(again, "filter · enter open") {
				t.Errorf("the repeated message hides the keys at %d columns:\nonce:  %q\nthrice: %q", width, once, again)
			}
			h.m.setStatus(levelInfo, "something else")
			if line := lastLine(h.view()); strings.Contains(line, "(×") {
				t.Errorf("a new message kept the count: %q", line)
			}
		})
	}
}
