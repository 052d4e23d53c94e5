package root

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/fault"
	"github.com/toolbench/toolbench/internal/fixture/httpfault"
	"github.com/toolbench/toolbench/internal/testkit"
)

// stalledServer is a server caught in one state: the target arguments
// that reach it, whether it is in the state yet, the process group to
// check afterwards (nil for a server in the test process), and for a
// stalled call whether the server heard that it was cancelled.
type stalledServer struct {
	target    []string
	ready     func() bool
	pgid      func() int
	cancelled func() bool
}

// stdioHangInit is a stdio server that reads the first request and never
// answers: a shell that writes its pid, then a marker once toolbench has
// spoken, and waits on a child of its own, so the group has two members.
func stdioHangInit(t *testing.T) stalledServer {
	dir := t.TempDir()
	pid, marker := filepath.Join(dir, "pid"), filepath.Join(dir, "marker")
	script := `echo $$ > "$0"; read -r line; echo spoke > "$1"; sleep 600 & wait`
	return stalledServer{
		target: []string{"sh", "-c", script, pid, marker},
		ready:  func() bool { _, err := os.Stat(marker); return err == nil },
		pgid:   func() int { return readPID(t, pid) },
	}
}

// stdioFault is the fault fixture name over stdio behind a shell that
// writes its pid and execs it: the target words, the pid file and the
// fixture's log.
func stdioFault(t *testing.T, name string) (target []string, pidFile, log string) {
	dir := t.TempDir()
	pidFile, log = filepath.Join(dir, "pid"), filepath.Join(dir, "fixture.log")
	path, env := fault.Command(name, log)
	for _, e := range env {
		target = append(target, "-e", e)
	}
	return append(target, "sh", "-c", `echo $$ > "$0"; exec "$1"`, pidFile, path), pidFile, log
}

// stdioHangCall is the hang-call fault fixture over stdio (stdioFault).
func stdioHangCall(t *testing.T) stalledServer {
	target, pid, log := stdioFault(t, fault.HangCall)
	return stalledServer{
		target: target,
		ready: func() bool {
			b, _ := os.ReadFile(log)
			return strings.Contains(string(b), `"tool":"work","event":"call"`)
		},
		pgid: func() int { return readPID(t, pid) },
		cancelled: func() bool {
			b, _ := os.ReadFile(log)
			return strings.Contains(string(b), `"tool":"work","event":"cancelled"`)
		},
	}
}

// httpHangInit is a streamable HTTP endpoint that holds every request
// until the client goes away.
func httpHangInit(t *testing.T) stalledServer {
	var spoke atomic.Bool
	end := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The server notices a client gone only once the body is read.
		_, _ = io.Copy(io.Discard, r.Body)
		spoke.Store(true)
		select {
		case <-r.Context().Done():
		case <-end:
		}
	}))
	t.Cleanup(func() { close(end); srv.Close() })
	return stalledServer{
		target: []string{"http", srv.URL + "/mcp"},
		ready:  spoke.Load,
	}
}

// httpHangCall is the hang-call fault fixture over streamable HTTP.
func httpHangCall(t *testing.T) stalledServer {
	var rec testkit.Buffer
	url, stop, err := httpfault.StartHTTP(fault.HangCall, fixture.WithRecorder(&rec))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return stalledServer{
		target:    []string{"http", url},
		ready:     func() bool { return strings.Contains(rec.String(), `"tool":"work","event":"call"`) },
		cancelled: func() bool { return strings.Contains(rec.String(), `"tool":"work","event":"cancelled"`) },
	}
}

// check asserts what must hold once toolbench has exited: the server's
// process group is gone and a stalled call was cancelled.
func (srv stalledServer) check(t *testing.T) {
	t.Helper()
	if srv.pgid != nil {
		groupGone(t, srv.pgid(), 5*time.Second)
	}
	if srv.cancelled != nil && !testkit.Eventually(5*time.Second, srv.cancelled) {
		t.Errorf("the server never heard that the call was cancelled")
	}
}

// TestInterruptEveryCommand sends a signal to the real binary while its
// server stalls, during initialize and during a call, over stdio and
// streamable HTTP: every command ends the same way, exit 5 and
// "toolbench: interrupted" alone on stderr, with the stdio server's whole
// process group gone.
func TestInterruptEveryCommand(t *testing.T) {
	t.Parallel()
	initCommands := [][]string{{"tools"}, {"info"}, {"call", "echo", "--args", `{"message":"x"}`}, {"lint"}, {"schema", "echo"}, {"probe"}}
	callCommands := [][]string{{"call", "work", "--args", "{}"}, {"probe", "--allow-destructive", "--tool", "work"}}
	phases := []struct {
		name     string
		commands [][]string
		servers  map[string]func(*testing.T) stalledServer
	}{
		{"initialize", initCommands, map[string]func(*testing.T) stalledServer{"stdio": stdioHangInit, "http": httpHangInit}},
		{"call", callCommands, map[string]func(*testing.T) stalledServer{"stdio": stdioHangCall, "http": httpHangCall}},
	}
	signals := []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}
	n := 0
	for _, ph := range phases {
		for _, transport := range []string{"stdio", "http"} {
			for _, command := range ph.commands {
				sig := signals[n%len(signals)]
				n++
				t.Run(ph.name+"/"+transport+"/"+command[0]+"/"+sig.String(), func(t *testing.T) {
					t.Parallel()
					srv := ph.servers[transport](t)
					r := startBinary(t, nil, append(append([]string(nil), command...), srv.target...)...)
					r.await(15*time.Second, "the server's stall", srv.ready)
					if err := r.cmd.Process.Signal(sig); err != nil {
						t.Fatal(err)
					}
					if code := r.exitCode(15 * time.Second); code != exitTimeout {
						t.Errorf("exit %d, want %d", code, exitTimeout)
					}
					if got := r.stderr.String(); got != "toolbench: interrupted\n" {
						t.Errorf("stderr %q, want only the interruption", got)
					}
					srv.check(t)
				})
			}
		}
	}
}

// TestInterruptCancelsCall sends SIGINT to the real binary during a call:
// the server must get notifications/cancelled before toolbench exits 5.
func TestInterruptCancelsCall(t *testing.T) {
	t.Parallel()
	log := filepath.Join(t.TempDir(), "fixture.log")
	path, env := fixture.Command(log)
	args := []string{"call", "slow"}
	for _, e := range env {
		args = append(args, "-e", e)
	}
	r := startBinary(t, nil, append(args, path)...)
	read := func() string { b, _ := os.ReadFile(log); return string(b) }
	r.await(10*time.Second, "the call reaching the fixture", func() bool { return strings.Contains(read(), `"event":"call"`) })
	_ = r.cmd.Process.Signal(syscall.SIGINT)
	if code := r.exitCode(15 * time.Second); code != exitTimeout {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitTimeout, r.stderr.String())
	}
	if !strings.Contains(read(), `"event":"cancelled"`) {
		t.Errorf("the fixture never saw the cancellation:\n%s", read())
	}
}

// TestInterruptMock: the mock, serving over stdio or HTTP, ends on a
// signal like every command.
func TestInterruptMock(t *testing.T) {
	t.Parallel()
	file, err := filepath.Abs("../../mock/testdata/memory.tools.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		args []string
		sig  syscall.Signal
	}{
		{"http", []string{"--http"}, syscall.SIGTERM},
		{"stdio", nil, syscall.SIGINT},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			args := append([]string{"mock", "--tools-file", file}, tt.args...)
			r := startBinaryStdin(t, args...)
			r.await(15*time.Second, "the mock serving", func() bool { return strings.Contains(r.stderr.String(), "mock: serving") })
			_ = r.cmd.Process.Signal(tt.sig)
			if code := r.exitCode(15 * time.Second); code != exitTimeout || !strings.HasSuffix(r.stderr.String(), "toolbench: interrupted\n") {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, exitTimeout, r.stderr.String())
			}
		})
	}
}

// startBinaryStdin is startBinary with stdin a pipe that stays open, as a
// client's would: the stdio mock must not see EOF.
func startBinaryStdin(t *testing.T, args ...string) *binaryRun {
	t.Helper()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = pw.Close(); _ = pr.Close() })
	return startBinaryIn(t, nil, pr, args...)
}

// TestInterruptInProcess: the signal path decides by the signal, not by
// the error: a signal during a call that the command sees only as a
// cancelled context still reads "interrupted" and exits 5.
func TestInterruptInProcess(t *testing.T) {
	t.Parallel()
	target, recorded := fixtureCmd(t)
	sigs := make(chan os.Signal, 1)
	var out, errOut testkit.Buffer
	f := testFactory(&streams{In: strings.NewReader(""), Out: &out, Err: &errOut})
	f.Signals = sigs
	done := make(chan int, 1)
	go func() { done <- run(context.Background(), withTarget(target, "call", "slow"), f) }()
	if !testkit.Eventually(10*time.Second, func() bool { return strings.Contains(recorded(), `"event":"call"`) }) {
		t.Fatalf("the call never reached the fixture: %s", errOut.String())
	}
	sigs <- syscall.SIGTERM
	if code := <-done; code != exitTimeout || errOut.String() != "toolbench: interrupted\n" {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}

// TestInterruptTwiceForcesExit: a command that cannot stop (it reads a
// terminal's stdin, which no context ends) still ends at a second signal,
// with the same words and code.
func TestInterruptTwiceForcesExit(t *testing.T) {
	t.Parallel()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	var out, errOut testkit.Buffer
	f := testFactory(&streams{In: pr, Out: &out, Err: &errOut})
	sigs := make(chan os.Signal, 2)
	exits := make(chan int, 1)
	f.Signals, f.Exit = sigs, func(code int) { exits <- code }
	done := make(chan int, 1)
	go func() { done <- run(context.Background(), []string{"lint", "--tools-file", "-"}, f) }()
	sigs <- syscall.SIGINT
	sigs <- syscall.SIGINT
	if code := <-exits; code != exitTimeout || errOut.String() != "toolbench: interrupted\n" {
		t.Errorf("forced exit %d, stderr %q", code, errOut.String())
	}
	_ = pw.Close() // lets the blocked read, and run, end
	<-done
}
