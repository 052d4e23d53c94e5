package render

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/theme"
)

// TestStatusLineKeepsPin: the pinned hint ends the status line at every
// width; the status comes before the other hints, but is cut before the
// pin is, and the other hints are dropped whole, least important (last)
// first, never cut.
func TestStatusLineKeepsPin(t *testing.T) {
	t.Parallel()
	hints := [][2]string{{"ctrl+s", "call"}, {"alt+1-7", "tabs"}, {"esc", "back"}}
	pin := [2]string{"?", "help"}
	long := strings.Repeat("the server said something long ", 10)
	tests := []struct {
		name, status string
		width        int
		want         string // the line's end
		hints        int    // how many hints show
	}{
		{"all fit", "", 80, "ctrl+s call · alt+1-7 tabs · esc back · ? help", 3},
		{"a long status is cut before the pin", long, 80, "…  ? help", 0},
		{"last hint dropped", strings.Repeat("x", 43), 80, "x  ctrl+s call · alt+1-7 tabs · ? help", 2},
		{"only the pin", strings.Repeat("x", 60), 70, "? help", 0},
		{"narrow", "", 8, "? help", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			line := ansi.Strip(StatusLine(theme.Plain(), Status{Text: tt.status}, hints, pin, tt.width))
			if w := ansi.StringWidth(line); w > tt.width {
				t.Errorf("%d wide: %q", w, line)
			}
			if !strings.HasSuffix(line, tt.want) {
				t.Errorf("%q does not end with %q", line, tt.want)
			}
			n := 0
			for _, h := range hints {
				if strings.Contains(line, h[0]+" "+h[1]) {
					n++
				}
			}
			if n != tt.hints || strings.Count(line, "…") > 1 {
				t.Errorf("%d hints in %q, want %d", n, line, tt.hints)
			}
		})
	}
}

// TestStatusLineKeepsAnswers: the hints that answer the question on
// screen stay at 80 and 120 columns however long the status is; the
// status is cut for them, and the other hints go first.
func TestStatusLineKeepsAnswers(t *testing.T) {
	t.Parallel()
	quit := Status{Text: "quit? the call to trigger-long-running-operation is still running and would be cancelled",
		Level: LevelWarn, Answers: 1}
	elicit := Status{Running: &Progress{Tool: "trigger-elicitation-request", Elapsed: 1200 * time.Millisecond, Cancel: "ctrl+x"},
		Answers: 2}
	elicitHints := [][2]string{{"ctrl+s", "accept"}, {"alt+d", "decline"}, {"esc", "cancel"}, {"ctrl+x", "cancel the call"}}
	tests := []struct {
		name  string
		s     Status
		hints [][2]string
		pin   [2]string
		width int
		want  []string
	}{
		{"quit/80", quit, [][2]string{{"y/Y", "quit"}}, [2]string{"any other key", "stay"}, 80, []string{"quit? the call", "y/Y quit · any other key stay"}},
		{"quit/120", quit, [][2]string{{"y/Y", "quit"}}, [2]string{"any other key", "stay"}, 120, []string{"quit? the call", "y/Y quit · any other key stay"}},
		{"elicit/80", elicit, elicitHints, [2]string{"f1", "help"}, 80, []string{"calling trigger", "ctrl+s accept · alt+d decline · f1 help"}},
		{"elicit/120", elicit, elicitHints, [2]string{"f1", "help"}, 120, []string{"calling trigger-elicitation-request 1.2s",
			"ctrl+s accept · alt+d decline · esc cancel · f1 help"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			line := ansi.Strip(StatusLine(theme.Plain(), tt.s, tt.hints, tt.pin, tt.width))
			if w := ansi.StringWidth(line); w > tt.width {
				t.Errorf("%d wide: %q", w, line)
			}
			for _, want := range tt.want {
				if !strings.Contains(line, want) {
					t.Errorf("%q lacks %q", line, want)
				}
			}
		})
	}
}

// TestStatusLineRepeatKeepsHints: a message said again reads with its
// count and gives its room to the hints, keeping enough of itself to be
// recognised; said once, it keeps its room as before.
func TestStatusLineRepeatKeepsHints(t *testing.T) {
	t.Parallel()
	hints := [][2]string{{"↑↓", "select"}, {"/", "filter"}, {"enter", "open"}, {"ctrl+s", "call"}, {"alt+l", "log"}, {"ctrl+c", "quit"}}
	pin := [2]string{"?", "help"}
	text := "the server's tool list changed (notifications/tools/list_changed); the list was read again"
	for _, width := range []int{80, 120} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			t.Parallel()
			once := ansi.Strip(StatusLine(theme.Plain(), Status{Text: text}, hints, pin, width))
			again := ansi.Strip(StatusLine(theme.Plain(), Status{Text: text, Repeats: 3}, hints, pin, width))
			for _, line := range []string{once, again} {
				if w := ansi.StringWidth(line); w > width {
					t.Errorf("%d wide: %q", w, line)
				}
			}
			if !strings.Contains(again, "(×3)") || !strings.HasPrefix(again, "the server's tool l") {
				t.Errorf("repeated: %q lacks the count or the message's start", again)
			}
			if !strings.Contains(again, "↑↓ select · / filter · enter open") || !strings.HasSuffix(again, "? help") {
				t.Errorf("repeated: %q hides the hints", again)
			}
			if strings.Count(again, " · ") <= strings.Count(once, " · ") {
				t.Errorf("the repeat shows no more hints than the first time:\n%q\n%q", once, again)
			}
		})
	}
}

// TestStatusLineAnswersWhenNarrow: when the answers and the pin take the
// whole width, the status gives up all its room rather than push them off.
func TestStatusLineAnswersWhenNarrow(t *testing.T) {
	t.Parallel()
	answers := [][2]string{{"ctrl+s", "accept"}, {"alt+d", "decline"}}
	pin := [2]string{"?", "help"}
	width := hintsWidth(append(answers[:2:2], pin))
	for _, s := range []Status{
		{Running: &Progress{Tool: "trigger-elicitation-request", Cancel: "ctrl+x"}, Answers: 2},
		{Text: "a question", Answers: 2},
		{Text: "a question", Repeats: 4, Answers: 2},
	} {
		line := ansi.Strip(StatusLine(theme.Plain(), s, answers, pin, width))
		if line != "ctrl+s accept · alt+d decline · ? help" {
			t.Errorf("%+v at %d: %q", s, width, line)
		}
	}
}
