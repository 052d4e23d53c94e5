//go:build unix

package client_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// errInterrupt is the cause signal.NotifyContext gives when SIGINT arrives,
// as the commands' signal path cancels with it.
var errInterrupt = errors.New("interrupt signal received")

// groupGone waits for the process group pgid to have no process left: a
// server that was terminated may stay a zombie until its new parent reaps
// it, so this polls with a deadline.
func groupGone(t *testing.T, pgid int) {
	t.Helper()
	if !testkit.Eventually(10*time.Second, func() bool { return syscall.Kill(-pgid, 0) == syscall.ESRCH }) {
		t.Errorf("process group %d survived: kill(-%d, 0) = %v", pgid, pgid, syscall.Kill(-pgid, 0))
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
	}
}

// pidFile returns a path for a server to write its pid to, and a function
// that waits for the pid to be there.
func pidFile(t *testing.T) (path string, wait func() int) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "pid")
	return path, func() int {
		var pid int
		if !testkit.Eventually(10*time.Second, func() bool {
			b, _ := os.ReadFile(path)
			pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
			return pid > 0
		}) {
			t.Fatal("the server never wrote its pid")
		}
		return pid
	}
}

// holdingHTTP is an HTTP server that holds the requests hold picks until
// the client gives up, and closes arrived when the first one comes.
func holdingHTTP(t *testing.T, h http.HandlerFunc, hold func(*http.Request) bool) (url string, arrived <-chan struct{}) {
	t.Helper()
	ch := make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hold(r) {
			// net/http sees the client go only once the body is read.
			_, _ = io.Copy(io.Discard, r.Body)
			once.Do(func() { close(ch) })
			<-r.Context().Done()
			return
		}
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, ch
}

// sseHandler serves an SSE endpoint event and keeps the stream open.
func sseHandler(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	fmt.Fprint(w, "event: endpoint\ndata: /message\n\n")
	w.(http.Flusher).Flush()
	<-r.Context().Done()
}

// TestCancelDuringConnect: a Connect whose context is cancelled while the
// transport starts or the server is initialized returns ErrCancelled, not a
// connection failure, and leaves no process of a stdio server behind.
func TestCancelDuringConnect(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		setup func(t *testing.T) (tgt target.Target, ready func(), pgid func() int)
	}{
		{"stdio initialize", func(t *testing.T) (target.Target, func(), func() int) {
			path, wait := pidFile(t)
			// The server never answers, and its child ignores SIGTERM.
			tgt := target.Target{Transport: target.Stdio, Command: "sh",
				Args: []string{"-c", `echo $$ > "$0"; (trap '' TERM; exec sleep 300) & exec sleep 300`, path}}
			var pid int
			return tgt, func() { pid = wait() }, func() int { return pid }
		}},
		{"sse start", func(t *testing.T) (target.Target, func(), func() int) {
			url, arrived := holdingHTTP(t, nil, func(*http.Request) bool { return true })
			return target.Target{Transport: target.SSE, URL: url + "/sse"}, func() { <-arrived }, nil
		}},
		{"sse initialize", func(t *testing.T) (target.Target, func(), func() int) {
			url, arrived := holdingHTTP(t, sseHandler, func(r *http.Request) bool { return r.Method == http.MethodPost })
			return target.Target{Transport: target.SSE, URL: url + "/sse"}, func() { <-arrived }, nil
		}},
		{"http initialize", func(t *testing.T) (target.Target, func(), func() int) {
			url, arrived := holdingHTTP(t, nil, func(*http.Request) bool { return true })
			return target.Target{Transport: target.StreamableHTTP, URL: url + "/mcp"}, func() { <-arrived }, nil
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tgt, ready, pgid := tt.setup(t)
			ctx, cancel := context.WithCancelCause(context.Background())
			done := make(chan error, 1)
			go func() {
				_, err := client.Connect(ctx, tgt, client.Options{Timeout: 30 * time.Second})
				done <- err
			}()
			ready()
			cancel(errInterrupt)
			var err error
			select {
			case err = <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("Connect still running 5s after its context was cancelled")
			}
			var ce *client.ConnectError
			if !errors.Is(err, client.ErrCancelled) || errors.As(err, &ce) {
				t.Errorf("want an error wrapping ErrCancelled and no ConnectError, got %T: %v", err, err)
			}
			if !strings.Contains(err.Error(), "interrupt signal received") {
				t.Errorf("the error does not give the reason: %v", err)
			}
			if pgid != nil {
				groupGone(t, pgid())
			}
		})
	}
}

// TestCancelCallWithConnectContext: the commands connect and call with one
// context, which a signal cancels. The call ends with ErrCancelled, not
// ErrClosed (over SSE the event stream used to die with that context), and
// the server learns that the call was abandoned.
func TestCancelCallWithConnectContext(t *testing.T) {
	t.Parallel()
	for _, kind := range transports {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			f := startFixture(t, kind)
			ctx, cancel := context.WithCancelCause(context.Background())
			s, err := client.Connect(ctx, f.tgt, client.Options{Timeout: 10 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			done := make(chan error, 1)
			go func() {
				_, err := s.CallTool(ctx, "slow", []byte(`{"seconds":30}`), nil)
				done <- err
			}()
			if !testkit.Eventually(5*time.Second, func() bool { return strings.Contains(f.recorded(), `"tool":"slow","event":"call"`) }) {
				t.Fatalf("the call never reached the server:\n%s", f.recorded())
			}
			cancel(errInterrupt)
			select {
			case err = <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("the call still runs 5s after its context was cancelled")
			}
			if !errors.Is(err, client.ErrCancelled) || errors.Is(err, client.ErrClosed) {
				t.Errorf("want ErrCancelled, got %v", err)
			}
			if !testkit.Eventually(3*time.Second, func() bool { return strings.Contains(f.recorded(), `"event":"cancelled"`) }) {
				t.Errorf("the server never saw the cancellation:\n%s", f.recorded())
			}
			if s.Err() != nil {
				t.Errorf("the session ended: %v", s.Err())
			}
		})
	}
}

// TestCloseEndsProcessGroup: Close leaves no process of what it started,
// whether the server ignores stdin's end and SIGTERM, or exits while a
// child of its ignores SIGTERM, idle or in the middle of a call.
func TestCloseEndsProcessGroup(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, script string }{
		// The shell ignores SIGTERM, and so does all it starts; once the
		// fixture exits at stdin's end, sleep keeps the group.
		{"server ignores EOF and SIGTERM", `trap '' TERM; echo $$ > "$1"; sleep 300 & "$0"; exec sleep 300`},
		// The fixture is the leader and ends; its sibling ignores SIGTERM.
		{"child ignores SIGTERM", `echo $$ > "$1"; (trap '' TERM; exec sleep 300) & exec "$0"`},
	}
	for _, tt := range tests {
		for _, during := range []string{"idle", "call"} {
			t.Run(tt.name+"/"+during, func(t *testing.T) {
				t.Parallel()
				path, wait := pidFile(t)
				self, env := fixture.Command("")
				tgt := target.Target{Transport: target.Stdio, Command: "sh", Args: []string{"-c", tt.script, self, path}, Env: env}
				s, err := client.Connect(context.Background(), tgt, client.Options{Timeout: 10 * time.Second})
				if err != nil {
					t.Fatal(err)
				}
				pgid := wait()
				if during == "call" {
					go func() { _, _ = s.CallTool(context.Background(), "slow", []byte(`{"seconds":30}`), nil) }()
					if !testkit.Eventually(5*time.Second, func() bool { return sentFrame(s, "tools/call") }) {
						t.Fatal("the call was never sent")
					}
				}
				start := time.Now()
				_ = s.Close()
				if d := time.Since(start); d > 5*time.Second {
					t.Errorf("Close took %s", d)
				}
				groupGone(t, pgid)
			})
		}
	}
}
