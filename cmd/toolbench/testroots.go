package main

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
const rootsWait = 2 * time.Second

// rootsOffer is what the server was last offered as roots, and a signal
// for each roots/list it asks.
type rootsOffer struct {
	// offered is read and written by Call only.
	offered []string
	// askedCh carries a token when the server asked roots/list; it holds
	// at most one, so an ask with nobody waiting is not lost and never
	// blocks.
	askedCh chan struct{}
}

func newRootsOffer(initial []string) rootsOffer {
	return rootsOffer{offered: initial, askedCh: make(chan struct{}, 1)}
}

// asked records that the server asked roots/list.
func (r *rootsOffer) asked() {
	select {
	case r.askedCh <- struct{}{}:
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
	select {
	case <-c.roots.askedCh: // an ask from before the change
	default:
	}
	if c.session.RootsChanged(ctx) != nil {
		// The call itself says whether the server is still there.
		return
	}
	wait := time.NewTimer(rootsWait)
	defer wait.Stop()
	select {
	case <-c.roots.askedCh:
	case <-wait.C:
	case <-ctx.Done():
	}
}
