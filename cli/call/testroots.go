package call

import (
	"context"
	"slices"
	"time"

	"github.com/toolbench/toolbench/answer"
)

// rootsWait bounds how long a test whose roots differ from the last
// test's waits for a legacy server to ask for them again after
// notifications/roots/list_changed. A server that caches its roots
// (server-everything does) would otherwise judge the call by the roots
// of an earlier test; one that never asks again costs this once per
// change of roots.
const rootsWait = time.Second

// rootsOffer is what the server was last offered as roots, and the
// roots each roots/list it asked was answered with.
type rootsOffer struct {
	// offered is read and written by Call only.
	offered []string
	// answered carries the roots of each answered roots/list. A send
	// never blocks: with the buffer full the answer is dropped, and the
	// one waiting gives up after rootsWait.
	answered chan []string
}

func newRootsOffer(initial []string) rootsOffer {
	return rootsOffer{offered: initial, answered: make(chan []string, 8)}
}

// asked records that the server asked roots/list and was given roots.
func (r *rootsOffer) asked(roots []string) {
	select {
	case r.answered <- roots:
	default:
	}
}

// offerRoots tells a legacy server when the roots of the test about to
// call differ from those it was last offered, and waits (within
// rootsWait and ctx) for it to ask for them. The test's policies are
// already current, so the ask gets the new roots; between calls, the
// idle policies give them too. On 2026-07-28 roots travel with each
// request and there is nothing to tell.
func (c *testCaller) offerRoots(ctx context.Context, p answer.Policies) {
	if slices.Equal(p.Roots, c.roots.offered) {
		return
	}
	c.roots.offered = p.Roots
	idle := *c.idle.Load()
	idle.policies.Roots = p.Roots
	c.idle.Store(&idle)
	if c.session.Info().Era == "modern" {
		return
	}
	if c.session.RootsChanged(ctx) != nil {
		// The call itself says whether the server is still there.
		return
	}
	wait := time.NewTimer(rootsWait)
	defer wait.Stop()
	for {
		select {
		case got := <-c.roots.answered:
			// An ask answered just before the change carries the old
			// roots; only the new ones end the wait.
			if !slices.Equal(got, p.Roots) {
				continue
			}
			// The answer is on its way once the Answerer returns, not
			// yet read; a ping's round trip lets the server take it
			// before the call (over HTTP the two travel apart, so this
			// narrows the race rather than closing it).
			_ = c.session.Ping(ctx)
		case <-wait.C:
		case <-ctx.Done():
		}
		return
	}
}
