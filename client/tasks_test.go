package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/tasks"
	"github.com/toolbench/toolbench/internal/testkit"
)

// taskStates collects what OnTask saw.
type taskStates struct {
	mu   sync.Mutex
	seen []client.Task
}

func (s *taskStates) add(t client.Task) {
	s.mu.Lock()
	s.seen = append(s.seen, t)
	s.mu.Unlock()
}

func (s *taskStates) statuses() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, t := range s.seen {
		if len(out) == 0 || out[len(out)-1] != t.Status {
			out = append(out, t.Status)
		}
	}
	return out
}

func (s *taskStates) any() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.seen) > 0
}

// TestTaskCompletesAfterPolls: a task-required tool is called as a task
// without ceremony, polled until it completes, and its result is the call's.
func TestTaskCompletesAfterPolls(t *testing.T) {
	t.Parallel()
	for _, c := range taskCombos {
		t.Run(c.era+"/"+c.kind, func(t *testing.T) {
			t.Parallel()
			s, srv := connectTasks(t, c.era, c.kind, tasks.Config{Polls: 3}, client.Options{})
			var states taskStates
			res, err := s.CallToolWith(context.Background(), tasks.StepsTool, []byte(`{}`), client.CallOptions{OnTask: states.add})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Content) != 1 || res.Content[0].Text != tasks.StepsText {
				t.Errorf("content = %+v, want %q", res.Content, tasks.StepsText)
			}
			if res.Task == nil || res.Task.Status != client.TaskCompleted || res.Task.ID == "" {
				t.Fatalf("task = %+v, want a completed task", res.Task)
			}
			if got := states.statuses(); len(got) < 2 || got[0] != client.TaskWorking || got[len(got)-1] != client.TaskCompleted {
				t.Errorf("OnTask statuses = %v, want working … completed", got)
			}
			entries := srv.entries()
			calls := tasks.Filter(entries, "tools/call")
			if len(calls) != 1 {
				t.Fatalf("tools/call sent %d times", len(calls))
			}
			if c.era == "legacy" && string(calls[0].Task) != "{}" {
				t.Errorf("legacy tools/call task member = %s, want {}", calls[0].Task)
			}
			if c.era == "modern" && calls[0].Task != nil {
				t.Errorf("modern tools/call carries a task member %s; the server decides", calls[0].Task)
			}
			gets := tasks.Filter(entries, "tasks/get")
			if len(gets) < 3 {
				t.Errorf("%d tasks/get, want at least 3", len(gets))
			}
			for _, g := range gets {
				if g.TaskID != res.Task.ID {
					t.Errorf("tasks/get for %q, want %q", g.TaskID, res.Task.ID)
				}
				if c.era == "modern" && c.kind == "http" && g.Header != res.Task.ID {
					t.Errorf("tasks/get Mcp-Name = %q, want the task id %q", g.Header, res.Task.ID)
				}
			}
			list, err := s.ListTasks(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if list.Listed != (c.era == "legacy") || !slices.ContainsFunc(list.Tasks, func(x client.Task) bool { return x.ID == res.Task.ID }) {
				t.Errorf("ListTasks = %+v, want the task, Listed=%v", list, c.era == "legacy")
			}
			if (c.era == "legacy") != (len(list.Raw) > 0) {
				t.Errorf("ListTasks Raw pages = %d", len(list.Raw))
			}
		})
	}
}

// TestTaskAsksMidway: a task's elicitation reaches Options.Answer as an
// ask of the call (legacy: a server request during tasks/get or
// tasks/result; modern: inputRequests answered with tasks/update, once).
// Legacy SSE is left to server-everything (TestEverythingResearchTask):
// mcp-go's SSE sessions take no answers.
func TestTaskAsksMidway(t *testing.T) {
	t.Parallel()
	for _, c := range taskCombos {
		if c.era == "legacy" && c.kind == "sse" {
			continue
		}
		t.Run(c.era+"/"+c.kind, func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			var asks []client.Ask
			answer := func(_ context.Context, a client.Ask) (json.RawMessage, error) {
				mu.Lock()
				asks = append(asks, a)
				mu.Unlock()
				return json.RawMessage(`{"action":"accept","content":{"confirm":true}}`), nil
			}
			s, srv := connectTasks(t, c.era, c.kind, tasks.Config{}, client.Options{Answer: answer})
			res, err := s.CallToolWith(context.Background(), tasks.AskTool, []byte(`{}`), client.CallOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if want := tasks.AskedText + `{"confirm":true}`; len(res.Content) != 1 || res.Content[0].Text != want {
				t.Errorf("content = %+v, want %q", res.Content, want)
			}
			mu.Lock()
			defer mu.Unlock()
			if len(asks) != 1 || asks[0].Kind != client.AskElicit || asks[0].Tool != tasks.AskTool {
				t.Fatalf("asks = %+v, want one elicitation of %s", asks, tasks.AskTool)
			}
			if c.era == "modern" {
				updates := tasks.Filter(srv.entries(), "tasks/update")
				if len(updates) != 1 || updates[0].TaskID != res.Task.ID || !strings.Contains(string(updates[0].InputResponses), `"confirm":{"action":"accept"`) {
					t.Errorf("tasks/update = %+v, want one with the answer under key confirm", updates)
				}
				if asks[0].Key != "confirm" {
					t.Errorf("ask key = %q", asks[0].Key)
				}
			}
		})
	}
}

// TestTaskEnds: a task that fails is the call's JSON-RPC error; one the
// server cancels is a *TaskCancelledError.
func TestTaskEnds(t *testing.T) {
	t.Parallel()
	for _, c := range taskCombos {
		t.Run(c.era+"/"+c.kind, func(t *testing.T) {
			t.Parallel()
			s, _ := connectTasks(t, c.era, c.kind, tasks.Config{}, client.Options{})
			_, err := s.CallToolWith(context.Background(), tasks.FailTool, []byte(`{}`), client.CallOptions{})
			var rpc *client.RPCError
			if !errors.As(err, &rpc) || !strings.Contains(rpc.Message, tasks.FailMessage) {
				t.Errorf("fails: %v, want an *RPCError saying %q", err, tasks.FailMessage)
			}
			var te *client.TaskRequestError
			if errors.As(err, &te) {
				t.Errorf("fails: %v is a TaskRequestError, whose hint blames the id", err)
			}
			_, err = s.CallToolWith(context.Background(), tasks.SelfCancelTool, []byte(`{}`), client.CallOptions{})
			var tc *client.TaskCancelledError
			if !errors.As(err, &tc) || tc.Tool != tasks.SelfCancelTool || tc.Task.Status != client.TaskCancelled || !errors.Is(err, client.ErrTaskCancelled) {
				t.Errorf("self-cancels: %v, want a *TaskCancelledError", err)
			}
		})
	}
}

// TestTaskStopWaiting: the person can always stop waiting for a task that
// never finishes; the server is then sent tasks/cancel for it.
func TestTaskStopWaiting(t *testing.T) {
	t.Parallel()
	for _, c := range taskCombos {
		t.Run(c.era+"/"+c.kind, func(t *testing.T) {
			t.Parallel()
			s, srv := connectTasks(t, c.era, c.kind, tasks.Config{}, client.Options{})
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var states taskStates
			cancelWhen(cancel, func() bool { return len(tasks.Filter(srv.entries(), "tasks/get")) >= 2 })
			_, err := s.CallToolWith(ctx, tasks.NeverTool, []byte(`{}`), client.CallOptions{OnTask: states.add})
			if !errors.Is(err, client.ErrCancelled) {
				t.Fatalf("err = %v, want ErrCancelled", err)
			}
			if !states.any() {
				t.Fatal("OnTask saw no state")
			}
			id := states.seen[0].ID
			if !testkit.Eventually(5*time.Second, func() bool {
				return slices.ContainsFunc(tasks.Filter(srv.entries(), "tasks/cancel"), func(e tasks.Entry) bool { return e.TaskID == id })
			}) {
				t.Errorf("no tasks/cancel for %s; the server got %+v", id, srv.entries())
			}
			if slices.ContainsFunc(srv.entries(), func(e tasks.Entry) bool { return e.Method == "notifications/cancelled" }) && c.era == "modern" {
				t.Errorf("modern: notifications/cancelled sent for a task; tasks/cancel is the way")
			}
		})
	}
}

// TestTaskTimeoutWithoutProgress: a task whose status never changes runs
// the call's timeout out (a poll that shows nothing new is no progress).
func TestTaskTimeoutWithoutProgress(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ era, kind string }{{"legacy", "stdio"}, {"modern", "http"}} {
		t.Run(c.era+"/"+c.kind, func(t *testing.T) {
			t.Parallel()
			s, srv := connectTasks(t, c.era, c.kind, tasks.Config{}, client.Options{Timeout: 300 * time.Millisecond})
			_, err := s.CallToolWith(context.Background(), tasks.NeverTool, []byte(`{}`), client.CallOptions{})
			if !errors.Is(err, client.ErrTimeout) {
				t.Fatalf("err = %v, want ErrTimeout", err)
			}
			if !testkit.Eventually(5*time.Second, func() bool { return len(tasks.Filter(srv.entries(), "tasks/cancel")) == 1 }) {
				t.Errorf("no tasks/cancel after the timeout")
			}
		})
	}
}

// TestTaskUnknownID: a task id the server does not know is a
// *TaskRequestError with a hint.
func TestTaskUnknownID(t *testing.T) {
	t.Parallel()
	for _, c := range taskCombos {
		t.Run(c.era+"/"+c.kind, func(t *testing.T) {
			t.Parallel()
			s, _ := connectTasks(t, c.era, c.kind, tasks.Config{}, client.Options{})
			ctx := context.Background()
			for name, op := range map[string]func() error{
				"get":    func() error { _, err := s.GetTask(ctx, "no-such-task"); return err },
				"cancel": func() error { _, err := s.CancelTask(ctx, "no-such-task"); return err },
				"result": func() error { _, err := s.TaskResult(ctx, "no-such-task"); return err },
			} {
				err := op()
				var te *client.TaskRequestError
				if !errors.As(err, &te) || te.ID != "no-such-task" || client.HintOf(err) == "" {
					t.Errorf("%s: %v, want a *TaskRequestError with a hint", name, err)
				}
			}
		})
	}
}

// TestTaskProgressRestartsTimeout: a poll whose status message changed is
// progress: a task that takes longer than the timeout in all, but says
// something new at every poll, completes.
func TestTaskProgressRestartsTimeout(t *testing.T) {
	t.Parallel()
	const timeout = 400 * time.Millisecond
	cfg := tasks.Config{Polls: 12, PollInterval: 60 * time.Millisecond}
	s, srv := connectTasks(t, "modern", "stdio", cfg, client.Options{Timeout: timeout})
	// Twelve polls 60 ms apart take longer than the timeout.
	res, err := s.CallToolWith(context.Background(), tasks.StepsTool, []byte(`{}`), client.CallOptions{})
	if err != nil {
		t.Fatalf("call: %v (after %d polls)", err, len(tasks.Filter(srv.entries(), "tasks/get")))
	}
	if res.Task.Status != client.TaskCompleted {
		t.Errorf("task = %+v", res.Task)
	}
}

// TestTaskAskRefused: an input request nobody is set up to answer ends a
// 2026-07-28 task call with the *UnansweredError, and the task, whose
// result nobody will take, is cancelled; an Answerer's own refusal is the
// call's error as it is.
func TestTaskAskRefused(t *testing.T) {
	t.Parallel()
	declined := errors.New("the person closed the form")
	for name, c := range map[string]struct {
		answer client.Answerer
		check  func(error) bool
	}{
		"nobody": {nil, func(err error) bool {
			var u *client.UnansweredError
			return errors.As(err, &u) && u.Ask.Tool == tasks.AskTool
		}},
		"refused": {func(context.Context, client.Ask) (json.RawMessage, error) { return nil, declined },
			func(err error) bool { return errors.Is(err, declined) && !errors.Is(err, client.ErrCancelled) }},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s, srv := connectTasks(t, "modern", "stdio", tasks.Config{}, client.Options{Answer: c.answer})
			_, err := s.CallToolWith(context.Background(), tasks.AskTool, []byte(`{}`), client.CallOptions{})
			if !c.check(err) {
				t.Fatalf("err = %v", err)
			}
			if !testkit.Eventually(5*time.Second, func() bool { return len(tasks.Filter(srv.entries(), "tasks/cancel")) == 1 }) {
				t.Errorf("the task was not cancelled: %+v", srv.entries())
			}
			if n := len(tasks.Filter(srv.entries(), "tasks/update")); n != 0 {
				t.Errorf("%d tasks/update sent for an unanswered request", n)
			}
		})
	}
}

// TestTaskAskPausesTimeout: the call's timeout does not run while a person
// answers a task's input request, on either era.
func TestTaskAskPausesTimeout(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ era, kind string }{{"legacy", "stdio"}, {"modern", "stdio"}} {
		t.Run(c.era, func(t *testing.T) {
			t.Parallel()
			const timeout = 300 * time.Millisecond
			answer := func(ctx context.Context, _ client.Ask) (json.RawMessage, error) {
				// A slow person, not synchronisation: the answer comes
				// after the timeout would have fired three times.
				select {
				case <-time.After(3 * timeout):
				case <-ctx.Done():
					return nil, ctx.Err()
				}
				return json.RawMessage(`{"action":"accept","content":{"confirm":false}}`), nil
			}
			s, _ := connectTasks(t, c.era, c.kind, tasks.Config{}, client.Options{Answer: answer, Timeout: timeout})
			res, err := s.CallToolWith(context.Background(), tasks.AskTool, []byte(`{}`), client.CallOptions{})
			if err != nil || res.Content[0].Text != tasks.AskedText+`{"confirm":false}` {
				t.Fatalf("call: %+v %v", res, err)
			}
		})
	}
}
