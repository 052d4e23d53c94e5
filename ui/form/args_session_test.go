package form

import (
	"context"
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
)

// completing is a session that completes when on, answering with the
// ref's prompt and the value typed.
type completing struct{ on bool }

func (c *completing) CanComplete() bool { return c.on }

func (c *completing) Complete(_ context.Context, ref client.CompletionRef, arg, value string, _ map[string]string) (*client.Completion, error) {
	return &client.Completion{Values: []string{ref.Prompt + "/" + arg + "=" + value}, HasMore: true}, nil
}

func TestSessionCompleterAsksTheLiveSessionOnly(t *testing.T) {
	t.Parallel()
	var live Completing
	ask := SessionCompleter(func() (Completing, int) { return live, 1 }, client.CompletionRef{Prompt: "p"})
	if ask() != nil {
		t.Fatal("a completer without a session")
	}
	live = &completing{}
	if ask() != nil {
		t.Fatal("a completer for a server that does not complete")
	}
	live = &completing{on: true}
	got, err := ask()(context.Background(), "city", "Pa", nil)
	if err != nil || !slices.Equal(got.Values, []string{"p/city=Pa"}) || !got.HasMore {
		t.Fatalf("completion = %+v, %v; want the session's answer", got, err)
	}
}

func TestReplyTakesOnlyItsOwnForms(t *testing.T) {
	t.Parallel()
	mine, _ := argsWithCompleter(t)
	other, _ := argsWithCompleter(t)
	forms := map[string]*Args{"mine": mine}
	if _, ok := Reply(forms, tea.KeyPressMsg{}); ok {
		t.Error("a key was taken as a form's reply")
	}
	if _, ok := Reply(forms, completeDueMsg{a: other}); ok {
		t.Error("another screen's form's reply was taken")
	}
	if _, ok := Reply(forms, completeDueMsg{a: mine}); !ok {
		t.Error("the screen's own form's reply was not taken")
	}
}
