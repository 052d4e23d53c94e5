package root

import (
	"context"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/fixture/fault"
)

// TestLimitFlags: --max-asks ends a call whose server asks without end,
// --max-duration one whose server reports progress without end; each
// exits with its code and names the flag that bounds it.
func TestLimitFlags(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, fault string
		args        []string
		code        int
		inErr       []string
	}{
		{"asks", fault.AskStorm, []string{"call", "work", "--args", `{"count":50}`, "--elicit", "accept-defaults", "--max-asks", "3"},
			exitToolError, []string{"after 3 asks, the most one request may make", "toolbench answered 3 asks", "raise --max-asks"}},
		// --timeout bounds initialize too: it leaves a loaded machine room
		// to start the server.
		{"duration", fault.ProgressForever, []string{"call", "work", "--args", "{}", "--timeout", "4", "--max-duration", "6s"},
			exitTimeout, []string{"ran past its maximum duration: still running after 6s", "only up to --max-duration", "raise --max-duration"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := runToolbench(t, context.Background(), "", append(tt.args, faultArgs(tt.fault)...)...)
			if r.code != tt.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", r.code, tt.code, r.err)
			}
			for _, f := range tt.inErr {
				if !strings.Contains(r.err, f) {
					t.Errorf("stderr lacks %q:\n%s", f, r.err)
				}
			}
		})
	}
}

// TestLimitFlagsChecked: a limit that cannot hold is a usage error.
func TestLimitFlagsChecked(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"--max-asks", "0"},
		{"--timeout", "10s", "--max-duration", "5s"},
		{"--max-duration", "soon"},
	} {
		r := runToolbench(t, context.Background(), "", append(append([]string{"call", "work"}, args...), faultArgs(fault.AskStorm)...)...)
		if r.code != exitUsage || !strings.Contains(r.err, args[len(args)-2]) {
			t.Errorf("%v: exit %d, stderr %q; want a usage error naming the flag", args, r.code, r.err)
		}
	}
}

// TestSecondInterruptKillsServer: a stdio server that ignores SIGTERM
// and the end of its stdin, interrupted mid-call: the first signal
// cancels the call politely, and a second one, while toolbench is still
// waiting for the server to go, ends the server's whole process group
// before toolbench exits, rather than leaving it orphaned.
func TestSecondInterruptKillsServer(t *testing.T) {
	t.Parallel()
	target, pidFile, log := stdioFault(t, fault.IgnoreTerm)
	read := func() string { b, _ := os.ReadFile(log); return string(b) }
	r := startBinary(t, nil, append([]string{"call", "work", "--args", "{}"}, target...)...)
	r.await(15*time.Second, "the call reaching the server", func() bool { return strings.Contains(read(), `"tool":"work","event":"call"`) })
	pgid := readPID(t, pidFile)
	t.Cleanup(func() { _ = syscall.Kill(-pgid, syscall.SIGKILL) })
	_ = r.cmd.Process.Signal(syscall.SIGINT)
	r.await(15*time.Second, "the server hearing of the cancellation", func() bool { return strings.Contains(read(), `"event":"cancelled"`) })
	_ = r.cmd.Process.Signal(syscall.SIGINT)
	if code := r.exitCode(15 * time.Second); code != exitTimeout {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitTimeout, r.stderr.String())
	}
	groupGone(t, pgid, 5*time.Second)
}

// TestCallDeepSchema: a tool whose inputSchema nests 2,000 levels deep is
// called with a warning that names the depth limit, its arguments sent
// unchecked, rather than toolbench spending minutes compiling the schema.
func TestCallDeepSchema(t *testing.T) {
	t.Parallel()
	r := runToolbench(t, context.Background(), "", append([]string{"call", "deep", "--args", "{}"}, faultArgs(fault.DeepSchema)...)...)
	if r.code != exitOK || !strings.Contains(r.out, "deep done") {
		t.Errorf("exit %d, stdout %q, stderr:\n%s", r.code, r.out, r.err)
	}
	if !strings.Contains(r.err, "schema nested deeper than 256 levels at …") || !strings.Contains(r.err, "sending them unchecked") {
		t.Errorf("stderr does not name the limit:\n%s", r.err)
	}
}
