package client_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/tasks"
	"github.com/toolbench/toolbench/target"
)

// taskServer is a tasks fixture on one transport and what it recorded.
type taskServer struct {
	tgt     target.Target
	entries func() []tasks.Entry
}

// startTasks runs the tasks fixture of era ("legacy" or "modern") over
// kind ("stdio", "sse" or "http").
func startTasks(t *testing.T, era, kind string, cfg tasks.Config) taskServer {
	t.Helper()
	if kind == "stdio" {
		path := filepath.Join(t.TempDir(), "tasks.log")
		cmd, args, env := tasks.Command(era, path, t.Name(), cfg)
		return taskServer{
			tgt: target.Target{Transport: target.Stdio, Command: cmd, Args: args, Env: env},
			entries: func() []tasks.Entry {
				e, err := tasks.ReadLog(path)
				if err != nil {
					t.Errorf("read fixture log: %v", err)
				}
				return e
			},
		}
	}
	log := tasks.NewLog(nil)
	var url string
	var stop func()
	var err error
	transport := target.StreamableHTTP
	if era == "modern" {
		url, stop, err = tasks.StartModernHTTP(tasks.NewModern(log, cfg))
	} else {
		l := tasks.NewLegacy(log, cfg)
		start := fixture.StartHTTP
		if kind == "sse" {
			start, transport = fixture.StartSSE, target.SSE
		}
		url, stop, err = start(l.MCPServer)
		// The tools wait on the server's lifetime, which must end before
		// the transport waits for them.
		defer t.Cleanup(l.Close)
	}
	if err != nil {
		t.Fatalf("start %s %s tasks fixture: %v", era, kind, err)
	}
	t.Cleanup(stop)
	return taskServer{tgt: target.Target{Transport: transport, URL: url}, entries: log.Entries}
}

// connectTasks connects to a tasks fixture with opts, polling tasks whose
// server suggests no interval every 20 ms, and lists its tools (which is
// how a session learns their task support).
func connectTasks(t *testing.T, era, kind string, cfg tasks.Config, opts client.Options) (*client.Session, taskServer) {
	t.Helper()
	srv := startTasks(t, era, kind, cfg)
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	opts.Timeout = max(timeout, connectTimeout)
	opts.Protocol = era
	s, err := client.Connect(context.Background(), srv.tgt, opts)
	if err != nil {
		t.Fatalf("connect %s %s: %v", era, kind, err)
	}
	t.Cleanup(func() { _ = s.Close() })
	client.SetRequestTimeout(s, timeout)
	client.SetTaskPoll(s, 20*time.Millisecond)
	if _, err := s.ListTools(context.Background()); err != nil {
		t.Fatalf("list tools: %v", err)
	}
	return s, srv
}

// taskCombos are the eras and transports every task scenario runs on.
var taskCombos = []struct{ era, kind string }{
	{"legacy", "stdio"}, {"legacy", "sse"}, {"legacy", "http"},
	{"modern", "stdio"}, {"modern", "http"},
}
