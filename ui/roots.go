package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/ui/render"
)

// rootsStore is the directories the server may use. The client goroutine
// reads it to answer roots/list while the UI edits it, so it is locked.
type rootsStore struct {
	mu   sync.Mutex
	dirs []string
}

func newRootsStore(dirs []string) *rootsStore {
	return &rootsStore{dirs: slices.Clone(dirs)}
}

// list returns the roots, in order.
func (r *rootsStore) list() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.dirs)
}

// add appends dir unless it is there already, and reports whether it was
// added.
func (r *rootsStore) add(dir string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if slices.Contains(r.dirs, dir) {
		return false
	}
	r.dirs = append(r.dirs, dir)
	return true
}

// remove drops root i.
func (r *rootsStore) remove(i int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if i >= 0 && i < len(r.dirs) {
		r.dirs = slices.Delete(r.dirs, i, i+1)
	}
}

// result is the ListRootsResult for the roots.
func (r *rootsStore) result() (json.RawMessage, error) {
	return answer.ListRootsResult(r.list())
}

// rootsView is the roots screen's state.
type rootsView struct {
	cursor int
	adding bool
	input  textinput.Model
	// checking is set while a directory to add is checked; notifying
	// counts the RootsChanged on their way.
	checking  bool
	notifying int
}

func newRootsView() rootsView {
	ti := textinput.New()
	ti.Prompt = "add: "
	ti.Placeholder = "a directory (absolute, or relative to where toolbench started)"
	return rootsView{input: ti}
}

// rootCheckedMsg is the outcome of checking a directory to add.
type rootCheckedMsg struct {
	dir string
	err error
}

// rootsNotifiedMsg is the outcome of telling the server the roots changed.
type rootsNotifiedMsg struct{ err error }

// checkRoot makes dir absolute and checks that it is a directory, in a
// command: a stat on a network mount can take a while.
func checkRoot(dir string) tea.Cmd {
	return func() tea.Msg {
		if dir == "" {
			return rootCheckedMsg{err: errors.New("type a directory to add")}
		}
		abs, err := answer.CheckRoot(dir)
		if err != nil {
			return rootCheckedMsg{dir: dir, err: fmt.Errorf("cannot add the root %w", err)}
		}
		return rootCheckedMsg{dir: abs}
	}
}

// rootsKey takes a key on the roots screen.
func (m *Model) rootsKey(msg tea.KeyPressMsg) tea.Cmd {
	v := &m.rootsView
	if v.adding {
		switch {
		case key.Matches(msg, m.keys.RootsAdd.Done):
			v.checking = true
			return checkRoot(v.input.Value())
		case key.Matches(msg, m.keys.RootsAdd.Cancel):
			v.adding = false
			v.input.Blur()
			return nil
		}
		var cmd tea.Cmd
		v.input, cmd = v.input.Update(msg)
		return cmd
	}
	k, n := m.keys.Roots, len(m.roots.list())
	switch {
	case key.Matches(msg, k.Up):
		v.cursor = max(0, v.cursor-1)
	case key.Matches(msg, k.Down):
		v.cursor = max(0, min(n-1, v.cursor+1))
	case key.Matches(msg, k.Add):
		v.adding = true
		v.input.SetValue("")
		return v.input.Focus()
	case key.Matches(msg, k.Remove) && n > 0:
		dir := m.roots.list()[v.cursor]
		m.roots.remove(v.cursor)
		v.cursor = max(0, min(v.cursor, n-2))
		m.setStatus(levelInfo, "removed the root "+dir)
		return m.notifyRoots()
	case key.Matches(msg, k.Back):
		m.showRoots = false
	}
	return nil
}

// handleRootChecked adds a checked directory, or says why not.
func (m *Model) handleRootChecked(msg rootCheckedMsg) tea.Cmd {
	m.rootsView.checking = false
	if msg.err != nil {
		m.setStatus(levelError, msg.err.Error())
		return nil
	}
	v := &m.rootsView
	v.adding = false
	v.input.Blur()
	if !m.roots.add(msg.dir) {
		m.setStatus(levelInfo, msg.dir+" is a root already")
		return nil
	}
	v.cursor = len(m.roots.list()) - 1
	m.setStatus(levelOK, "added the root "+msg.dir)
	return m.notifyRoots()
}

// notifyRoots tells the server the roots changed, so it asks again.
func (m *Model) notifyRoots() tea.Cmd {
	sess := m.conn.sess
	if sess == nil || m.conn.phase != phaseReady {
		return nil
	}
	m.rootsView.notifying++
	return func() tea.Msg { return rootsNotifiedMsg{err: sess.RootsChanged(background)} }
}

func (m *Model) handleRootsNotified(msg rootsNotifiedMsg) tea.Cmd {
	m.rootsView.notifying--
	if msg.err != nil {
		m.setStatus(levelError, "tell the server the roots changed: "+msg.err.Error())
	}
	return nil
}

// rootsShown is the roots screen as it stands.
func (m *Model) rootsShown() render.RootsView {
	v := render.RootsView{Roots: m.roots.list(), Cursor: m.rootsView.cursor, Adding: m.rootsView.adding}
	if v.Adding {
		v.Input = m.rootsView.input.View()
	}
	for _, r := range answer.RootsOf(v.Roots) {
		v.URIs = append(v.URIs, r.URI)
	}
	return v
}

// rootsHints are the roots screen's keys.
func (m *Model) rootsHints() [][2]string {
	if m.rootsView.adding {
		a := m.keys.RootsAdd
		return [][2]string{hint(a.Done, "add"), hint(a.Cancel, "cancel")}
	}
	r := m.keys.Roots
	return [][2]string{hintPair(r.Up, r.Down, "select"), hint(r.Add, "add"), hint(r.Remove, "remove"), hint(r.Back, "back")}
}
