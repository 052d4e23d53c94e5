package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startWorkbench runs the real binary's workbench in tmux with its stderr
// in a file, keeping the pane once toolbench exits so its status can be
// read.
func startWorkbench(t *testing.T, env []string, args ...string) (*tmuxScreen, string) {
	t.Helper()
	errFile := filepath.Join(t.TempDir(), "stderr")
	argv := append([]string{"env"}, env...)
	argv = append(argv, "sh", "-c", `exec "$@" 2>"$0"`, errFile, toolbenchBinary(t))
	s := startTmux(t, 120, 36, append(argv, args...)...)
	s.tmux("set-option", "-w", "-t", "main", "remain-on-exit", "on")
	return s, errFile
}

// panePID is the pid of the pane's process: toolbench, which env and sh
// exec.
func (s *tmuxScreen) panePID() int {
	s.t.Helper()
	pid, err := strconv.Atoi(strings.TrimSpace(s.tmux("display-message", "-p", "-t", "main", "#{pane_pid}")))
	if err != nil {
		s.t.Fatal(err)
	}
	return pid
}

// exitStatus waits for the pane's process to exit and returns its status.
func (s *tmuxScreen) exitStatus(d time.Duration) int {
	s.t.Helper()
	var status string
	if !eventually(d, func() bool {
		// tmux sees the terminal close a moment before it learns the
		// exit status.
		dead, st, _ := strings.Cut(strings.TrimSpace(s.tmux("display-message", "-p", "-t", "main", "#{pane_dead} #{pane_dead_status}#{pane_dead_signal}")), " ")
		status = st
		return dead == "1" && st != ""
	}) {
		s.t.Fatalf("the workbench still runs %s later (%q):\n%s", d, s.tmux("display-message", "-p", "-t", "main", "#{pane_dead} #{pane_dead_status}#{pane_dead_signal}"), s.screen())
	}
	code, err := strconv.Atoi(status)
	if err != nil {
		s.t.Fatalf("the workbench was killed by signal %s", status)
	}
	return code
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
			s, errFile := startWorkbench(t, nil, append([]string{"connect"}, srv.target...)...)
			if tt.call {
				s.waitFor(e2eWait, "● ready")
				s.keys("/")
				s.text("work")
				s.keys("Enter", "Enter", "C-s")
				s.waitFor(e2eWait, "calling work")
			}
			if !eventually(e2eWait, srv.ready) {
				t.Fatalf("the server never stalled:\n%s", s.screen())
			}
			if err := syscall.Kill(s.panePID(), tt.sig); err != nil {
				t.Fatal(err)
			}
			if code := s.exitStatus(e2eWait); code != exitTimeout {
				t.Errorf("exit %d, want %d", code, exitTimeout)
			}
			if b, _ := os.ReadFile(errFile); string(b) != "toolbench: interrupted\n" {
				t.Errorf("stderr %q, want only the interruption", b)
			}
			srv.check(t)
		})
	}
}

// TestInterruptDemo: `toolbench demo` ends on a signal and its demo server,
// a child of toolbench in a process group of its own, goes with it.
func TestInterruptDemo(t *testing.T) {
	t.Parallel()
	s, errFile := startWorkbench(t, nil, "demo")
	s.waitFor(e2eWait, "● ready")
	pid := s.panePID()
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
	if b, _ := os.ReadFile(errFile); string(b) != "toolbench: interrupted\n" {
		t.Errorf("stderr %q, want only the interruption", b)
	}
	groupGone(t, kids[0], 5*time.Second)
}
