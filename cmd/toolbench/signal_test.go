package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/fixture"
)

// buildToolbench compiles the real binary once per test run.
func buildToolbench(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "toolbench")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestInterruptCancelsCall sends SIGINT to the real binary during a call:
// the server must get notifications/cancelled before toolbench exits 5.
func TestInterruptCancelsCall(t *testing.T) {
	t.Parallel()
	bin := buildToolbench(t)
	log := filepath.Join(t.TempDir(), "fixture.log")
	path, env := fixture.Command(log)
	args := []string{"call", "slow"}
	for _, e := range env {
		args = append(args, "-e", e)
	}
	cmd := exec.Command(bin, append(args, path)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	read := func() string { b, _ := os.ReadFile(log); return string(b) }
	if !eventually(10*time.Second, func() bool { return strings.Contains(read(), `"event":"call"`) }) {
		_ = cmd.Process.Kill()
		t.Fatalf("the call never reached the fixture; stderr:\n%s", stderr.String())
	}
	_ = cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitTimeout {
		t.Errorf("exit: %v, want code %d; stderr:\n%s", err, exitTimeout, stderr.String())
	}
	if !strings.Contains(read(), `"event":"cancelled"`) {
		t.Errorf("the fixture never saw the cancellation:\n%s", read())
	}
	if !strings.Contains(stderr.String(), "call slow: cancelled") {
		t.Errorf("stderr should say the call was cancelled:\n%s", stderr.String())
	}
}
