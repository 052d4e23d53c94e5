package root

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// tmuxScreen runs a command in a detached tmux session of a fixed size and
// lets a test type into it and read the screen: the workbench as a person
// uses it, in a real terminal.
type tmuxScreen struct {
	t      *testing.T
	socket string
}

var tmuxSeq atomic.Int64

func startTmux(t *testing.T, width, height int, argv ...string) *tmuxScreen {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatalf("tmux not found: the end-to-end tests drive the real binary in tmux; install it (scripts/test does, with apt-get)")
	}
	s := &tmuxScreen{t: t, socket: fmt.Sprintf("toolbench-test-%d-%d", time.Now().UnixNano(), tmuxSeq.Add(1))}
	// The session gets the test's own cache dir (see isolateCache), never the
	// one of whoever runs the tests, and a state dir of its own under the
	// run's: what one session remembers (its calls in the history) must not
	// show in another running beside it, and the secret audit still reads
	// what it left.
	state := filepath.Join(os.Getenv("XDG_STATE_HOME"), "tmux", s.socket)
	args := []string{"new-session", "-d", "-s", "main", "-x", fmt.Sprint(width), "-y", fmt.Sprint(height),
		"-e", "XDG_CACHE_HOME=" + os.Getenv("XDG_CACHE_HOME"), "-e", "XDG_STATE_HOME=" + state, "--"}
	s.tmux(append(args, argv...)...)
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", s.socket, "kill-server").Run() })
	return s
}

func (s *tmuxScreen) tmux(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", s.socket}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// keys sends named keys (Enter, Escape, C-s, M-r, Down, ...).
func (s *tmuxScreen) keys(keys ...string) {
	s.t.Helper()
	for _, k := range keys {
		s.tmux("send-keys", "-t", "main", k)
		// A lone ESC followed at once by another key reads as alt+key;
		// a person's next key comes much later than this pause.
		pause := 40 * time.Millisecond
		if k == "Escape" {
			pause = 200 * time.Millisecond
		}
		time.Sleep(pause)
	}
}

// text types literal text.
func (s *tmuxScreen) text(text string) {
	s.t.Helper()
	s.tmux("send-keys", "-t", "main", "-l", text)
	time.Sleep(40 * time.Millisecond)
}

func (s *tmuxScreen) screen() string { return s.tmux("capture-pane", "-p", "-t", "main") }

// waitFor polls the screen until every fragment shows, failing the test
// with the last screen after the timeout.
func (s *tmuxScreen) waitFor(timeout time.Duration, fragments ...string) string {
	s.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		scr := s.screen()
		missing := ""
		for _, f := range fragments {
			if !strings.Contains(scr, f) {
				missing = f
				break
			}
		}
		if missing == "" {
			return scr
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("after %s the screen still lacks %q:\n%s", timeout, missing, scr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitForAny polls the screen until one of the fragments shows: for
// states the screen passes through faster than it can be sure to be
// seen in each.
func (s *tmuxScreen) waitForAny(timeout time.Duration, fragments ...string) string {
	s.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		scr := s.screen()
		for _, f := range fragments {
			if strings.Contains(scr, f) {
				return scr
			}
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("after %s the screen shows none of %q:\n%s", timeout, fragments, scr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func runGo(args ...string) (string, error) {
	out, err := exec.Command("go", args...).CombinedOutput()
	return string(out), err
}

func fmtSscan(s string, v *int) (int, error) { return fmt.Sscan(s, v) }
