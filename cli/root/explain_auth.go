package root

import "github.com/toolbench/toolbench/cli/reach"

// refusalHint is what to do about a refusal: log in, or send a token.
func refusalHint(e *reach.RefusedError) string {
	if e.AuthOff {
		return "it wants an OAuth login, which --auth off turned off: drop --auth off, or log in first with `" + e.Command +
			"`; or pass a token with -H 'Authorization: Bearer <token>'"
	}
	return "log in with `" + e.Command + "`, or pass a token with -H 'Authorization: Bearer <token>'"
}
