package ui

import (
	"encoding/json"
	"slices"
	"sync"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/ui/screens/roots"
)

// The roots screen (ui/screens/roots) edits the roots; the store stays
// here because the client answers roots/list from it on its own
// goroutine (answererFor) whether or not the screen was ever opened.

// rootsStore is the directories the server may use. The client goroutine
// reads it to answer roots/list while the UI edits it, so it is locked.
type rootsStore struct {
	mu   sync.Mutex
	dirs []string
}

var _ roots.Store = (*rootsStore)(nil)

func newRootsStore(dirs []string) *rootsStore {
	return &rootsStore{dirs: slices.Clone(dirs)}
}

// List returns the roots, in order.
func (r *rootsStore) List() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.dirs)
}

// Add appends dir unless it is there already, and reports whether it was
// added.
func (r *rootsStore) Add(dir string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if slices.Contains(r.dirs, dir) {
		return false
	}
	r.dirs = append(r.dirs, dir)
	return true
}

// Remove drops root i.
func (r *rootsStore) Remove(i int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if i >= 0 && i < len(r.dirs) {
		r.dirs = slices.Delete(r.dirs, i, i+1)
	}
}

// result is the ListRootsResult for the roots.
func (r *rootsStore) result() (json.RawMessage, error) {
	return answer.ListRootsResult(r.List())
}

// newRoots makes the roots screen over the model's store.
func (m *Model) newRoots() *roots.Screen {
	return roots.New(roots.Deps{Styles: m.st, Store: m.roots, Session: m.rootsSession})
}

// rootsSession is the live session as the roots screen needs it.
func (m *Model) rootsSession() (roots.Session, int) {
	if s := m.liveSession(); s != nil {
		return s, m.conn.gen
	}
	return nil, m.conn.gen
}
