package client

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/target"
)

func TestServerCrashEndsSession(t *testing.T) {
	t.Parallel()
	path, env := fixture.Command("")
	var mu sync.Mutex
	var closed []error
	s, err := Connect(context.Background(), target.Target{Transport: target.Stdio, Command: path, Env: env},
		Options{Timeout: 5 * time.Second, OnEvent: func(e Event) {
			if c, ok := e.(ClosedEvent); ok {
				mu.Lock()
				closed = append(closed, c.Err)
				mu.Unlock()
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	// A call in flight when the server dies must fail, not hang.
	done := make(chan error, 1)
	go func() {
		_, err := s.CallTool(context.Background(), "slow", []byte(`{"seconds":30}`), nil)
		done <- err
	}()
	if !sentMethod(s, "tools/call", 5*time.Second) {
		t.Fatal("the call was never sent")
	}
	_ = s.proc.cmd.Process.Kill()

	select {
	case err := <-done:
		if !errors.Is(err, ErrClosed) {
			t.Errorf("in-flight call: want ErrClosed, got %v", err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("in-flight call still waiting 3s after the server died")
	}
	<-s.Done()
	if err := s.Err(); err == nil || !strings.Contains(err.Error(), "the server exited (signal: killed)") {
		t.Errorf("Err() = %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(closed) != 1 || closed[0] == nil {
		t.Errorf("closed events = %v, want one with the reason", closed)
	}
	if _, err := s.CallTool(context.Background(), "echo", []byte(`{"message":"x"}`), nil); !errors.Is(err, ErrClosed) {
		t.Errorf("call after the crash: want ErrClosed, got %v", err)
	}
}

// sentMethod waits up to d for the frame log to hold a request for method.
func sentMethod(s *Session, method string, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		frames, _ := s.Frames()
		for _, f := range frames {
			if f.Dir == Sent && strings.Contains(string(f.Data), `"method":"`+method+`"`) {
				return true
			}
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
}
