package root

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/fixture/beyond"
	"github.com/toolbench/toolbench/internal/fixture/oauth"
	"github.com/toolbench/toolbench/internal/testkit"
)

// Under cron or systemd stdin and stderr are /dev/null: a 401 exits 3 at
// once with nobody to answer a login, instead of waiting minutes for one.
func TestUnattended401ExitsAtOnce(t *testing.T) {
	t.Parallel()
	srv := oauth.Start(t)
	root := t.TempDir()
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	var stdout bytes.Buffer
	cmd := exec.Command(toolbenchBinary(t), "tools", srv.URL())
	cmd.Env = append(os.Environ(), "HOME="+root, "XDG_STATE_HOME="+filepath.Join(root, "state"),
		"XDG_CACHE_HOME="+filepath.Join(root, "cache"), "XDG_CONFIG_HOME="+filepath.Join(root, "config"))
	cmd.Stdin, cmd.Stdout, cmd.Stderr = null, &stdout, null
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(authRunLimit):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("toolbench still waits %s after a 401 with stdin and stderr on %s: a login nobody can answer", authRunLimit, os.DevNull)
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitConnect {
		t.Fatalf("exit: %v; want %d (could not authorize)\nstdout:\n%s", err, exitConnect, stdout.String())
	}
}

// Output that cannot be written fails the command, saying why: `read URI >
// /dev/full` exited 0 with nothing written.
func TestOutputWriteErrorFails(t *testing.T) {
	t.Parallel()
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full here: %v", err)
	}
	defer full.Close()
	var errOut testkit.Buffer
	st := &streams{In: strings.NewReader(""), Out: full, Err: &errOut}
	code := run(context.Background(), withTarget(beyondCmd(beyond.Modern), "read", beyond.CounterURI), testFactory(st))
	if code == exitOK || !strings.Contains(errOut.String(), "writing output: no space left on device") {
		t.Fatalf("read into /dev/full: exit %d, stderr %q; want a failure naming the write error", code, errOut.String())
	}
	if st.Out != full {
		t.Error("run left its checking writer in the streams")
	}
}
