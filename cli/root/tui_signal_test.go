package root

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/testkit"
)

// workbench is the real binary's workbench running in tmux, under a
// shell that keeps its stderr and its exit status in files. The shell, not
// tmux, waits for toolbench: tmux was seen to leave an exited pane
// process unreaped for many seconds, its status unknown.
type workbench struct {
	*tmuxScreen
	errFile string
}

// startWorkbench runs toolbench ARGS in tmux with env added to its
// environment.
func startWorkbench(t *testing.T, env []string, args ...string) *workbench {
	t.Helper()
	errFile := filepath.Join(t.TempDir(), "stderr")
	argv := append([]string{"env"}, env...)
	argv = append(argv, "sh", "-c", `"$@" 2>"$0"; echo $? > "$0.status"`, errFile, toolbenchBinary(t))
	return &workbench{tmuxScreen: startTmux(t, 120, 36, append(argv, args...)...), errFile: errFile}
}

// pid is toolbench's pid: the one child of the pane's shell.
func (w *workbench) pid() int {
	w.t.Helper()
	shell, err := strconv.Atoi(strings.TrimSpace(w.tmux("display-message", "-p", "-t", "main", "#{pane_pid}")))
	if err != nil {
		w.t.Fatal(err)
	}
	var kids []int
	if !testkit.Eventually(e2eWait, func() bool { kids = childrenOf(shell); return len(kids) == 1 }) {
		w.t.Fatalf("the pane's shell %d has children %v, want toolbench alone", shell, kids)
	}
	return kids[0]
}

// exitStatus waits for toolbench to exit and returns its status.
func (w *workbench) exitStatus(d time.Duration) int {
	w.t.Helper()
	var data []byte
	if !testkit.Eventually(d, func() bool { data, _ = os.ReadFile(w.errFile + ".status"); return len(data) > 0 }) {
		w.t.Fatalf("the workbench still runs %s later:\n%s", d, w.screen())
	}
	code, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		w.t.Fatalf("exit status %q", data)
	}
	return code
}

// stderr is what toolbench wrote to stderr.
func (w *workbench) stderr() string {
	b, _ := os.ReadFile(w.errFile)
	return string(b)
}

// TestInterruptWorkbench: the workbench ends on a signal like every
// command, connecting or calling, and leaves no server behind; a call
// under way is cancelled and the server told before the session closes.
func TestInterruptWorkbench(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		server func(*testing.T) stalledServer
		sig    syscall.Signal
		call   bool
	}{
		{"stdio/initialize", stdioHangInit, syscall.SIGTERM, false},
		{"http/initialize", httpHangInit, syscall.SIGHUP, false},
		{"stdio/call", stdioHangCall, syscall.SIGINT, true},
		{"http/call", httpHangCall, syscall.SIGTERM, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := tt.server(t)
			s := startWorkbench(t, nil, append([]string{"connect"}, srv.target...)...)
			if tt.call {
				s.waitFor(e2eWait, "● ready")
				s.keys("/")
				s.text("work")
				s.keys("Enter", "Enter", "C-s")
				s.waitFor(e2eWait, "calling work")
			}
			if !testkit.Eventually(e2eWait, srv.ready) {
				t.Fatalf("the server never stalled:\n%s", s.screen())
			}
			if err := syscall.Kill(s.pid(), tt.sig); err != nil {
				t.Fatal(err)
			}
			if code := s.exitStatus(e2eWait); code != exitTimeout {
				t.Errorf("exit %d, want %d", code, exitTimeout)
			}
			if got := s.stderr(); got != "toolbench: interrupted\n" {
				t.Errorf("stderr %q, want only the interruption", got)
			}
			srv.check(t)
		})
	}
}

// TestInterruptDemo: `toolbench demo` ends on a signal and its demo server,
// a child of toolbench in a process group of its own, goes with it.
func TestInterruptDemo(t *testing.T) {
	t.Parallel()
	s := startWorkbench(t, nil, "demo")
	s.waitFor(e2eWait, "● ready")
	pid := s.pid()
	kids := childrenOf(pid)
	if len(kids) != 1 {
		t.Fatalf("toolbench (%d) has children %v, want the demo server alone", pid, kids)
	}
	if err := syscall.Kill(pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if code := s.exitStatus(e2eWait); code != exitTimeout {
		t.Errorf("exit %d, want %d", code, exitTimeout)
	}
	if got := s.stderr(); got != "toolbench: interrupted\n" {
		t.Errorf("stderr %q, want only the interruption", got)
	}
	groupGone(t, kids[0], 5*time.Second)
}
