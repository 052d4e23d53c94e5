package form

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
)

// Completing is what an argument form needs of a session to suggest
// values.
type Completing interface {
	// CanComplete says whether the server completes; it must not block.
	CanComplete() bool
	// Complete asks the server (completion/complete) for ref's argument
	// arg, typed so far as value, the other arguments holding filled.
	Complete(ctx context.Context, ref client.CompletionRef, arg, value string, filled map[string]string) (*client.Completion, error)
}

// SessionCompleter is ArgsConfig.Completer for the arguments of ref (a
// prompt, a resource template): it asks the session live when the form
// wants suggestions, and is nil while there is none, or its server does
// not complete. session is the screen's own view of the live session,
// nil for none, and its generation.
func SessionCompleter[S Completing](session func() (S, int), ref client.CompletionRef) func() Completer {
	return func() Completer {
		s, _ := session()
		var sess Completing = s
		if sess == nil || !sess.CanComplete() {
			return nil
		}
		return func(ctx context.Context, field, value string, filled map[string]string) (*Completion, error) {
			c, err := sess.Complete(ctx, ref, field, value, filled)
			if err != nil || c == nil {
				return nil, err
			}
			return &Completion{Values: c.Values, Total: c.Total, HasMore: c.HasMore}, nil
		}
	}
}

// Reply hands msg to the form of forms it is a reply for (a pause's end,
// the server's suggestions; see ArgsOf) and returns what to run. ok is
// false for any other message, a reply to a form not in forms included.
func Reply[K comparable](forms map[K]*Args, msg tea.Msg) (cmd tea.Cmd, ok bool) {
	a := ArgsOf(msg)
	if a == nil {
		return nil, false
	}
	for _, f := range forms {
		if f == a {
			_, cmd := a.Update(msg)
			return cmd, true
		}
	}
	return nil, false
}
