package screen

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/widget"
)

// OpenListing is what a screen that lists from the server does when it is
// opened: nothing while l is fresh for the connection session names;
// otherwise it lists with load, or says there is no session to list on.
// session is the screen's own view of the live session (nil for none)
// and its generation.
func OpenListing[S comparable](l *widget.Listing, session func() (S, int), load func(S, int) tea.Cmd) Result {
	sess, gen := session()
	var none S
	switch {
	case !l.Stale(gen):
		return Done(nil)
	case sess == none:
		return Done(nil, NotConnected{})
	}
	return Done(load(sess, gen))
}

// Relist is what such a screen does when the server says its list
// changed: it lists again if it listed before and a session is live, so
// a list nobody looked at is not asked for.
func Relist[S comparable](l *widget.Listing, session func() (S, int), load func(S, int) tea.Cmd) Result {
	sess, gen := session()
	var none S
	if sess == none || !l.Loaded {
		return Done(nil)
	}
	return Done(load(sess, gen))
}
