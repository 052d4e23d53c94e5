package client_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/childproc"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

func TestMain(m *testing.M) {
	// The test binary doubles as every stdio fixture child (the fixture,
	// its faults), and as the ping server of ping_test.go.
	maybeServePing()
	childproc.MaybeServe()
	goleak.VerifyTestMain(m)
}

// fixtureServer is the fixture on one transport, with what it recorded.
type fixtureServer struct {
	tgt      target.Target
	recorded func() string
}

// startFixture runs the fixture over kind ("stdio", "sse" or "http").
func startFixture(t *testing.T, kind string) fixtureServer {
	t.Helper()
	if kind == "stdio" {
		log := filepath.Join(t.TempDir(), "fixture.log")
		path, env := fixture.Command(log)
		return fixtureServer{
			tgt: target.Target{Transport: target.Stdio, Command: path, Env: env},
			recorded: func() string {
				b, _ := os.ReadFile(log)
				return string(b)
			},
		}
	}
	rec := &testkit.Buffer{}
	srv := fixture.NewServer(fixture.WithRecorder(rec))
	start, transport := fixture.StartHTTP, target.StreamableHTTP
	if kind == "sse" {
		start, transport = fixture.StartSSE, target.SSE
	}
	url, stop, err := start(srv)
	if err != nil {
		t.Fatalf("start %s fixture: %v", kind, err)
	}
	t.Cleanup(stop)
	return fixtureServer{tgt: target.Target{Transport: transport, URL: url}, recorded: rec.String}
}

var transports = []string{"stdio", "sse", "http"}

func connectFixture(t *testing.T, kind string, opts client.Options) (*client.Session, fixtureServer) {
	t.Helper()
	f := startFixture(t, kind)
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	opts.Timeout = max(timeout, connectTimeout)
	s, err := client.Connect(context.Background(), f.tgt, opts)
	if err != nil {
		t.Fatalf("connect %s: %v", kind, err)
	}
	client.SetRequestTimeout(s, timeout)
	t.Cleanup(func() { _ = s.Close() })
	return s, f
}

// cancelWhen calls cancel once cond holds, and after 10 s in any case, so a
// test whose condition never comes fails rather than hangs.
func cancelWhen(cancel func(), cond func() bool) {
	go func() {
		testkit.Eventually(10*time.Second, cond)
		cancel()
	}()
}

func rawField(t *testing.T, obj []byte, key string) []byte {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(obj, &m); err != nil {
		t.Fatalf("field %q: %v", key, err)
	}
	return m[key]
}
