package roots

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// store is a Store in memory.
type store struct {
	mu   sync.Mutex
	dirs []string
}

func (s *store) List() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.dirs)
}

func (s *store) Add(dir string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if slices.Contains(s.dirs, dir) {
		return false
	}
	s.dirs = append(s.dirs, dir)
	return true
}

func (s *store) Remove(i int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dirs = slices.Delete(s.dirs, i, i+1)
}

// session counts the RootsChanged it is sent, failing with err.
type session struct {
	told int
	err  error
}

func (s *session) RootsChanged(context.Context) error {
	s.told++
	return s.err
}

// fixture is a roots screen over dirs at width×height, with a live
// session of generation 1.
func fixture(t *testing.T, width, height int, dirs ...string) (*Screen, *store, *session) {
	t.Helper()
	st, sess := &store{dirs: dirs}, &session{}
	s := New(Deps{Styles: theme.Plain(), Store: st, Session: func() (Session, int) { return sess, 1 }})
	s.Update(tea.WindowSizeMsg{Width: width, Height: height})
	return s, st, sess
}

// run delivers r's command and every reply it leads to, and returns the
// actions on the way.
func run(s *Screen, r screen.Result) []screen.Action {
	acts := r.Actions
	for cmd := r.Cmd; cmd != nil; {
		next := s.Update(cmd())
		acts = append(acts, next.Actions...)
		cmd = next.Cmd
	}
	return acts
}

func press(s *Screen, keys ...string) screen.Result {
	var r screen.Result
	for _, k := range keys {
		p, ok := screen.Press(k)
		if !ok {
			panic("no key " + k)
		}
		r = s.Update(p)
	}
	return r
}

func view(s *Screen, width, height int) string {
	return ansi.Strip(strings.Join(s.View(width, height), "\n"))
}

// TestAddPlaceholderWhole: the input of a directory to add shows its
// whole placeholder, not its first letter (which reads as a letter typed)
// once the screen knows the body's width.
func TestAddPlaceholderWhole(t *testing.T) {
	t.Parallel()
	s, _, _ := fixture(t, 100, 20, "/srv")
	press(s, "a")
	if v := view(s, 100, 20); !strings.Contains(v, "add: a directory (absolute, or relative to where toolbench started)") {
		t.Fatalf("the placeholder is cut:\n%s", v)
	}
	if !s.Typing() {
		t.Error("the screen does not say it types text")
	}
}

// TestAddAndRemove: a directory typed is checked and added, the server
// told; a missing one is refused in words; d removes the selected root.
func TestAddAndRemove(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, st, sess := fixture(t, 100, 20, "/srv")
	press(s, "a")
	for _, r := range filepath.Join(dir, "nope") {
		s.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	acts := run(s, press(s, "enter"))
	if len(acts) != 1 || !strings.Contains(acts[0].(screen.Status).Text, "no such directory") || !s.Typing() {
		t.Fatalf("a missing directory: %v, typing %t", acts, s.Typing())
	}
	press(s, "esc", "a")
	s.Update(tea.PasteMsg{Content: dir})
	acts = run(s, press(s, "enter"))
	if got := st.List(); len(got) != 2 || got[1] != dir || sess.told != 1 || s.Typing() {
		t.Fatalf("after adding: %q, told %d, actions %v", got, sess.told, acts)
	}
	if v := view(s, 100, 20); !strings.Contains(v, "› "+dir) {
		t.Errorf("the new root is not selected:\n%s", v)
	}
	acts = run(s, press(s, "up", "d"))
	if got := st.List(); len(got) != 1 || got[0] != dir || sess.told != 2 {
		t.Fatalf("after removing /srv: %q, told %d", got, sess.told)
	}
	if st, ok := acts[0].(screen.Status); !ok || st.Text != "removed the root /srv" {
		t.Errorf("removing says %v", acts)
	}
	if r := press(s, "esc"); len(r.Actions) != 1 || r.Actions[0] != (screen.Pop{}) {
		t.Errorf("esc does not close the screen: %v", r.Actions)
	}
}

// TestNotifyFailureSaid: a server that refuses the notification is named
// on the status line; one from an older session is not.
func TestNotifyFailureSaid(t *testing.T) {
	t.Parallel()
	s, _, sess := fixture(t, 100, 20, "/a", "/b")
	sess.err = errors.New("closed")
	acts := run(s, press(s, "d"))
	if len(acts) != 2 || acts[1].(screen.Status).Level != render.LevelError || s.Busy() {
		t.Fatalf("a failed notification: %v, busy %t", acts, s.Busy())
	}
	s.notifying++
	if r := s.Update(notifiedMsg{gen: 0, err: errors.New("old")}); len(r.Actions) != 0 {
		t.Errorf("a stale failure is said: %v", r.Actions)
	}
}

// TestMouse: a click selects the root under it (each takes two rows
// below the heading); the wheel moves through a list longer than the
// body.
func TestMouse(t *testing.T) {
	t.Parallel()
	var dirs []string
	for i := range 30 {
		dirs = append(dirs, "/d"+string(rune('a'+i%26))+strings.Repeat("x", i/26))
	}
	s, _, _ := fixture(t, 100, 20, dirs...)
	s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 3})
	if got := s.list.Selected(); got != 1 {
		t.Fatalf("a click on row 3 selected root %d, want 1", got)
	}
	s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if got := s.list.Selected(); got != 7 {
		t.Fatalf("two wheel notches down selected root %d, want 7", got)
	}
	v := view(s, 100, 20)
	if !strings.Contains(v, "› "+dirs[7]) || strings.Contains(v, dirs[0]+"\n") {
		t.Errorf("the list does not follow the wheel:\n%s", v)
	}
	if n := len(s.View(100, 20)); n > 20 {
		t.Errorf("the screen draws %d rows in 20", n)
	}
}

// TestStoreFilledLater: a screen made before the store was filled (the
// workbench makes its screens at the start) lists what the store holds
// by the first key it takes.
func TestStoreFilledLater(t *testing.T) {
	t.Parallel()
	s, st, _ := fixture(t, 100, 20, "/a")
	st.Add("/b")
	st.Add("/c")
	press(s, "down", "down")
	if v := view(s, 100, 20); !strings.Contains(v, "› /c") {
		t.Errorf("the roots added to the store are not listed:\n%s", v)
	}
}

// BenchmarkKey is a key that moves through 50 roots and the frame it
// draws, at 120 columns.
func BenchmarkKey(b *testing.B) {
	var dirs []string
	for i := range 50 {
		dirs = append(dirs, filepath.Join("/srv/projects", strings.Repeat("x", i)))
	}
	st := &store{dirs: dirs}
	s := New(Deps{Styles: theme.New(theme.DefaultPalette(true)), Store: st, Session: func() (Session, int) { return nil, 0 }})
	s.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	keys := []string{"down", "up"}
	for i := 0; b.Loop(); i++ {
		press(s, keys[i%2])
		s.View(120, 40)
	}
}
