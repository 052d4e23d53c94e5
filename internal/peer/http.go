package peer

import (
	"fmt"
	"net"
	"os"
	"os/exec"
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
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	if !waitListening(addr, 20*time.Second) {
		t.Fatalf("server-everything %s did not listen on %s within 20s; its output:\n%s", mode, addr, logs.String())
	}
	return "http://" + addr + path
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
