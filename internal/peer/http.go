package peer

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/testkit"
)

// StartEverythingHTTP runs server-everything in mode "sse" or
// "streamableHttp" on a free port and returns its endpoint URL on
// 127.0.0.1 (/sse or /mcp). The server stops when the test ends.
func StartEverythingHTTP(t testing.TB, mode string) string {
	t.Helper()
	entry := Entry(t, Everything)
	path := map[string]string{"sse": "/sse", "streamableHttp": "/mcp"}[mode]
	if path == "" {
		t.Fatalf("unknown server-everything mode %q", mode)
	}
	port := freePort(t)
	runEverything(t, entry, mode, port)
	return fmt.Sprintf("http://127.0.0.1:%d%s", port, path)
}

// runEverything starts server-everything in mode on port, waits until it
// listens, and returns its stop function, which the test's end calls too.
func runEverything(t testing.TB, entry, mode string, port int) (stop func()) {
	t.Helper()
	cmd := exec.Command(Node(t), entry, mode)
	// The server listens on every interface and takes only PORT; tests
	// connect on loopback alone.
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port))
	var logs testkit.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start server-everything %s: %v", mode, err)
	}
	stop = sync.OnceFunc(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
	})
	t.Cleanup(stop)
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	if !waitListening(addr, 20*time.Second) {
		t.Fatalf("server-everything %s did not listen on %s within 20s; its output:\n%s", mode, addr, logs.String())
	}
	return stop
}

// RestartableEverything is server-everything over streamable HTTP that a
// test restarts on the same port, as a server author restarts a server:
// the new process knows none of the old one's sessions.
type RestartableEverything struct {
	// URL is the endpoint on 127.0.0.1, the same after every restart.
	URL string

	entry string
	port  int
	stop  func()
}

// StartRestartableEverythingHTTP runs server-everything in mode
// streamableHttp on a free port until the test ends.
func StartRestartableEverythingHTTP(t testing.TB) *RestartableEverything {
	t.Helper()
	r := &RestartableEverything{entry: Entry(t, Everything), port: freePort(t)}
	r.URL = fmt.Sprintf("http://127.0.0.1:%d/mcp", r.port)
	r.stop = runEverything(t, r.entry, "streamableHttp", r.port)
	return r
}

// Restart kills the server, waits for it to end, and starts a new one on
// the same port.
func (r *RestartableEverything) Restart(t testing.TB) {
	t.Helper()
	r.stop()
	r.stop = runEverything(t, r.entry, "streamableHttp", r.port)
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("free port: %v", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func waitListening(addr string, d time.Duration) bool {
	return testkit.Eventually(d, func() bool {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
		}
		return err == nil
	})
}
