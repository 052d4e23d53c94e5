package form

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/theme"
)

// argsWithCompleter is a form of two fields whose completer counts its
// calls and whose pauses end when the test says.
func argsWithCompleter(t *testing.T) (*Args, *int) {
	t.Helper()
	calls := 0
	a, err := NewArgs(ArgsConfig{Styles: theme.Plain(), Title: "p",
		Fields: []ArgField{{Name: "department", Required: true}, {Name: "name"}},
		Completer: func() Completer {
			return func(_ context.Context, field, value string, _ map[string]string) (*Completion, error) {
				calls++
				return &Completion{Values: []string{field + ":" + value}}, nil
			}
		},
		Timer: func(time.Duration, tea.Msg) tea.Cmd { return nil }})
	if err != nil {
		t.Fatal(err)
	}
	a.SetSize(100, 12)
	return a, &calls
}

// TestArgsStaleAnswerDropped: an answer to a request older than the last
// key is not shown, and a pause that a key cut short asks nothing.
func TestArgsStaleAnswerDropped(t *testing.T) {
	t.Parallel()
	a, calls := argsWithCompleter(t)
	a.Opened()
	a.Update(tea.KeyPressMsg{Code: 's', Text: "s"})
	seq := a.sugg.seq
	if seq != 2 {
		t.Fatalf("the focus and the key asked %d times, want 2", seq)
	}
	a.Update(completeDoneMsg{a: a, seq: seq - 1, res: &Completion{Values: []string{"stale"}}})
	if v := ansi.Strip(strings.Join(a.Lines(100), "\n")); strings.Contains(v, "stale") {
		t.Errorf("a stale answer was shown:\n%s", v)
	}
	if _, cmd := a.Update(completeDueMsg{a: a, seq: seq - 1}); cmd != nil || *calls != 0 {
		t.Errorf("an outdated pause asked the server")
	}
	_, cmd := a.Update(completeDueMsg{a: a, seq: seq})
	if cmd == nil {
		t.Fatal("the last pause asked nothing")
	}
	a.Update(cmd())
	if v := ansi.Strip(strings.Join(a.Lines(100), "\n")); !strings.Contains(v, "› department:s") {
		t.Errorf("the answer is not shown:\n%s", v)
	}
	if ArgsOf(completeDueMsg{a: a}) != a || ArgsOf(tea.KeyPressMsg{}) != nil {
		t.Error("ArgsOf does not tell the form's own messages")
	}
}

// TestArgsAskOnFocus: opening the form asks for the focused field, moving
// onto another field asks for it, and staying on one asks nothing more.
func TestArgsAskOnFocus(t *testing.T) {
	t.Parallel()
	a, _ := argsWithCompleter(t)
	if a.Opened(); a.sugg.field != "department" || a.sugg.seq != 1 {
		t.Fatalf("opening asked for %q (%d)", a.sugg.field, a.sugg.seq)
	}
	a.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	if a.sugg.field != "name" || a.sugg.seq != 2 {
		t.Errorf("moving down asked for %q (%d)", a.sugg.field, a.sugg.seq)
	}
	a.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	if a.sugg.seq != 2 {
		t.Errorf("staying on the last field asked again (%d)", a.sugg.seq)
	}
}
