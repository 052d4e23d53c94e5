package root

// refusedError is a server's refusal (a 401 or 403 with a challenge) that
// no OAuth login answered: --auth off, or a flow that did not start. It
// carries the login command, for explain to suggest.
type refusedError struct {
	err error
	// Command is the `toolbench auth login` for the server.
	Command string
	// AuthOff says --auth off kept toolbench from logging in.
	AuthOff bool
}

// Error reads as the refusal.
func (e *refusedError) Error() string { return e.err.Error() }

// Unwrap returns the refusal.
func (e *refusedError) Unwrap() error { return e.err }

// refusalHint is what to do about a refusal: log in, or send a token.
func (e *refusedError) refusalHint() string {
	if e.AuthOff {
		return "it wants an OAuth login, which --auth off turned off: drop --auth off, or log in first with `" + e.Command +
			"`; or pass a token with -H 'Authorization: Bearer <token>'"
	}
	return "log in with `" + e.Command + "`, or pass a token with -H 'Authorization: Bearer <token>'"
}
