package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/fault"
	"github.com/toolbench/toolbench/internal/fixture/tasks"
)

// limitGuard bounds a limit test's call: a client without the limit
// under test runs until it, and the test fails on the error it gets.
const limitGuard = 15 * time.Second

// guarded is a context cancelled (not timed out, which would read as the
// call's own timeout) after limitGuard.
func guarded(t *testing.T) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	stop := time.AfterFunc(limitGuard, cancel)
	t.Cleanup(func() {
		stop.Stop()
		cancel()
	})
	return ctx
}

// TestProgressExtendsOnlyToMaxDuration: a server that advances its
// progress for ever keeps restarting the timeout, but not past the
// maximum duration.
func TestProgressExtendsOnlyToMaxDuration(t *testing.T) {
	t.Parallel()
	tgt, _ := faultTarget(t, fault.ProgressForever)
	// The timeout is far longer than the fixture's pause between
	// notifications, even on a loaded machine.
	s, _ := connectFault(t, tgt, 1500*time.Millisecond)
	client.SetMaxDuration(s, 3*time.Second)
	ctx := guarded(t)
	var seen atomic.Int64
	_, err := s.CallTool(ctx, "work", nil, func(client.ProgressEvent) { seen.Add(1) })
	if !errors.Is(err, client.ErrMaxDuration) || !errors.Is(err, client.ErrTimeout) {
		t.Fatalf("err = %v, want the maximum duration's", err)
	}
	if seen.Load() == 0 {
		t.Error("no progress reached the call: the fixture did not stream any")
	}
}

// TestRepeatedProgressDoesNotExtend: progress that does not advance, its
// message changing each time, is no change of state: the timeout runs out.
func TestRepeatedProgressDoesNotExtend(t *testing.T) {
	t.Parallel()
	tgt, _ := faultTarget(t, fault.ProgressForever)
	s, _ := connectFault(t, tgt, 300*time.Millisecond)
	client.SetMaxDuration(s, time.Hour)
	ctx := guarded(t)
	_, err := s.CallTool(ctx, "work", []byte(`{"same":true}`), nil)
	if !errors.Is(err, client.ErrTimeout) || errors.Is(err, client.ErrMaxDuration) {
		t.Fatalf("err = %v, want the inactivity timeout's", err)
	}
}

// TestAskStormIsCapped: a server that asks again after every answer is
// cut off at the ask limit, with an error naming it, and the answerer is
// asked no more than that.
func TestAskStormIsCapped(t *testing.T) {
	t.Parallel()
	tgt, _ := faultTarget(t, fault.AskStorm)
	var asked atomic.Int64
	opts := client.Options{Timeout: connectTimeout, MaxAsks: 5, Answer: func(context.Context, client.Ask) (json.RawMessage, error) {
		asked.Add(1)
		return json.RawMessage(`{"action":"accept","content":{"ok":true}}`), nil
	}}
	s, err := client.Connect(context.Background(), tgt, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	ctx := guarded(t)
	res, err := s.CallTool(ctx, "work", []byte(`{"count":50}`), nil)
	var limit *client.AskLimitError
	if !errors.As(err, &limit) || limit.Limit != 5 || limit.Last.Kind != client.AskElicit {
		t.Fatalf("call = %+v, %v; want an *AskLimitError at 5", res, err)
	}
	if !errors.Is(err, client.ErrTooManyAsks) || client.HintOf(err) == "" {
		t.Errorf("err %v does not wrap ErrTooManyAsks or has no hint", err)
	}
	if n := asked.Load(); n != 5 {
		t.Errorf("the answerer was asked %d times, want 5", n)
	}
}

// TestTaskPollFloor: a task whose server asks to be polled every
// microsecond, and rewrites its status message at every poll, is polled
// no more often than the floor, and ended at the maximum duration: each
// new message restarts the timeout, but no further.
func TestTaskPollFloor(t *testing.T) {
	t.Parallel()
	const floor = 100 * time.Millisecond
	s, srv := connectTasks(t, "modern", "stdio", tasks.Config{Polls: 1_000_000, PollInterval: time.Microsecond},
		client.Options{Timeout: 400 * time.Millisecond})
	client.SetMaxDuration(s, 1500*time.Millisecond)
	ctx := guarded(t)
	start := time.Now()
	_, err := s.CallToolWith(ctx, tasks.StepsTool, []byte(`{}`), client.CallOptions{})
	elapsed := time.Since(start)
	if !errors.Is(err, client.ErrMaxDuration) {
		t.Fatalf("err = %v, want the maximum duration's", err)
	}
	polls := len(tasks.Filter(srv.entries(), "tasks/get"))
	if most := int(elapsed/floor) + 2; polls > most {
		t.Errorf("%d tasks/get in %s; the floor of %s allows %d", polls, elapsed, floor, most)
	}
}

// TestDeepResponseIsReported: an answer nested past what encoding/json
// decodes ends the call at once with a *ResponseTooDeepError, not with a
// timeout while the dropped answer is waited for.
func TestDeepResponseIsReported(t *testing.T) {
	t.Parallel()
	tgt, _ := faultTarget(t, fault.DeepResponse)
	s, _ := connectFault(t, tgt, time.Hour)
	ctx := guarded(t)
	_, err := s.CallTool(ctx, "work", nil, nil)
	var deep *client.ResponseTooDeepError
	if !errors.As(err, &deep) || !errors.Is(err, client.ErrTooDeep) || errors.Is(err, client.ErrTimeout) {
		t.Fatalf("err = %v, want a *ResponseTooDeepError", err)
	}
	if ev := client.EvidenceOf(err); !strings.Contains(ev.Dropped, `"structuredContent":{"deep":[[[`) {
		t.Errorf("evidence %+v does not quote the frame", ev)
	}
	if _, err := s.CallTool(context.Background(), "echo", []byte(`{"message":"still here"}`), nil); err != nil {
		t.Errorf("the session did not survive the deep answer: %v", err)
	}
}
