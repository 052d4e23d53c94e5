package ui

import (
	"testing"

	"github.com/toolbench/toolbench/client"
)

// TestToolsChangedBurstListsOnce: six list_changed notifications at once
// (a server registering its tools) bring one tools/list, not six.
func TestToolsChangedBurstListsOnce(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	h.settle()
	s.mu.Lock()
	before := s.lists
	s.mu.Unlock()
	for range 6 {
		h.feed(eventMsg{gen: h.m.conn.gen, event: client.ToolsChangedEvent{}})
	}
	h.settle()
	s.mu.Lock()
	defer s.mu.Unlock()
	if got := s.lists - before; got != 1 {
		t.Fatalf("six list_changed brought %d tools/list requests, want 1", got)
	}
}

// TestToolsChangedWhileListingListsAgain: a change that arrives while a
// tools/list is on its way lists once more after it, since the answer on
// its way may predate the change.
func TestToolsChangedWhileListingListsAgain(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	h.settle()
	h.m.conn.listing = true
	h.m.handleRelist(relistMsg{gen: h.m.conn.gen})
	if !h.m.conn.relist {
		t.Fatal("a change during a listing was not kept for after it")
	}
	if cmd := h.m.relistIfChanged(); cmd == nil || h.m.conn.relist {
		t.Fatal("the listing that ended did not list again")
	}
}
