package client

import "context"

// CanComplete reports whether the server declared the completions
// capability; a server without it is never asked.
func (s *Session) CanComplete() bool { return false }

// Complete asks for completions of argument arg of ref, given its value
// so far and the values of the arguments already filled (context.arguments).
func (s *Session) Complete(ctx context.Context, ref CompletionRef, arg, value string, filled map[string]string) (*Completion, error) {
	return nil, errNotBuilt
}
