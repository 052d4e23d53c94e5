package root

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/testkit"
)

// binaryRun is the real toolbench binary running as a child of the test.
type binaryRun struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdout testkit.Buffer
	stderr testkit.Buffer
	exited chan struct{}
	err    error
}

// startBinary runs the real binary with args, its environment the test's
// plus env.
func startBinary(t *testing.T, env []string, args ...string) *binaryRun {
	t.Helper()
	return startBinaryIn(t, env, nil, args...)
}

// startBinaryIn is startBinary with stdin read from in.
func startBinaryIn(t *testing.T, env []string, in io.Reader, args ...string) *binaryRun {
	t.Helper()
	r := &binaryRun{t: t, cmd: exec.Command(toolbenchBinary(t), args...), exited: make(chan struct{})}
	r.cmd.Env = append(os.Environ(), env...)
	r.cmd.Stdin, r.cmd.Stdout, r.cmd.Stderr = in, &r.stdout, &r.stderr
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		r.err = r.cmd.Wait()
		close(r.exited)
	}()
	t.Cleanup(func() {
		_ = r.cmd.Process.Kill()
		<-r.exited
	})
	return r
}

// await polls cond until it holds, failing the test with toolbench's
// stderr if it does not within d.
func (r *binaryRun) await(d time.Duration, what string, cond func() bool) {
	r.t.Helper()
	if !testkit.Eventually(d, cond) {
		r.t.Fatalf("%s did not happen within %s; toolbench's stderr:\n%s", what, d, r.stderr.String())
	}
}

// exitCode waits for the binary to exit and returns its code; a run that
// does not end within d fails the test.
func (r *binaryRun) exitCode(d time.Duration) int {
	r.t.Helper()
	select {
	case <-r.exited:
	case <-time.After(d):
		r.t.Fatalf("toolbench still runs %s later; stderr:\n%s", d, r.stderr.String())
	}
	var ee *exec.ExitError
	if errors.As(r.err, &ee) {
		return ee.ExitCode()
	}
	if r.err != nil {
		r.t.Fatalf("wait: %v", r.err)
	}
	return 0
}

// readPID reads a pid a server wrote to a file.
func readPID(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatalf("pid file %s: %v", path, err)
	}
	return pid
}

// groupGone waits until no live process is left in the process group
// pgid. kill(-pgid, 0) failing with ESRCH says so; a group of zombies only
// also counts as gone: a grandchild whose parent died is reparented to
// PID 1, and where PID 1 does not reap (some containers), the zombie keeps
// the group alive for kill although nothing runs.
func groupGone(t *testing.T, pgid int, d time.Duration) {
	t.Helper()
	gone := func() bool {
		if err := syscall.Kill(-pgid, 0); errors.Is(err, syscall.ESRCH) {
			return true
		}
		return len(liveMembers(pgid)) == 0
	}
	if !testkit.Eventually(d, gone) {
		t.Errorf("process group %d survives: live members %v", pgid, liveMembers(pgid))
	}
}

// procStat is what /proc/PID/stat says of a process: its state, parent
// and process group.
type procStat struct {
	pid                int
	state, ppid, group string
}

// processes reads /proc/*/stat.
func processes() []procStat {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var out []procStat
	for _, path := range stats {
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...; comm may hold spaces and parens.
		rest := string(data)
		if i := strings.LastIndexByte(rest, ')'); i >= 0 {
			rest = rest[i+1:]
		}
		f := strings.Fields(rest)
		if len(f) < 3 {
			continue
		}
		pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(path)))
		out = append(out, procStat{pid: pid, state: f[0], ppid: f[1], group: f[2]})
	}
	return out
}

// liveMembers lists the processes of group pgid that are not zombies.
func liveMembers(pgid int) []int {
	var live []int
	for _, p := range processes() {
		if p.group == strconv.Itoa(pgid) && p.state != "Z" && p.state != "X" {
			live = append(live, p.pid)
		}
	}
	return live
}

// childrenOf lists the pids whose parent is pid.
func childrenOf(pid int) []int {
	var kids []int
	for _, p := range processes() {
		if p.ppid == strconv.Itoa(pid) && p.state != "Z" {
			kids = append(kids, p.pid)
		}
	}
	return kids
}
