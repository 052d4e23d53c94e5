package client_test

import (
	"bytes"
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
)

// TestTaskForce: --task sends an optional tool as a task; a tool that
// forbids tasks, or a server that takes none, is refused before anything
// is sent.
func TestTaskForce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, srv := connectTasks(t, "legacy", "stdio", tasks.Config{}, client.Options{})
	res, err := s.CallToolWith(ctx, tasks.OptionalTool, []byte(`{"text":"as a task"}`), client.CallOptions{Task: client.TaskForce})
	if err != nil || res.Task == nil || res.Task.Status != client.TaskCompleted || res.Content[0].Text != "as a task" {
		t.Fatalf("forced optional call = %+v, %v; want a completed task echoing", res, err)
	}
	res, err = s.CallToolWith(ctx, tasks.OptionalTool, []byte(`{"text":"plainly"}`), client.CallOptions{})
	if err != nil || res.Task != nil {
		t.Fatalf("unforced optional call = %+v, %v; want a plain result", res, err)
	}
	_, err = s.CallToolWith(ctx, tasks.PlainTool, []byte(`{}`), client.CallOptions{Task: client.TaskForce})
	var se *client.TaskSupportError
	if !errors.As(err, &se) || se.Support != "forbidden" || !se.ServerAccepts || !errors.Is(err, client.ErrNoTasks) || client.HintOf(err) == "" {
		t.Fatalf("forced forbidden call: %v, want a *TaskSupportError naming forbidden", err)
	}
	var sent []string
	for _, e := range tasks.Filter(srv.entries(), "tools/call") {
		sent = append(sent, e.Tool+":"+string(e.Task))
	}
	if got := strings.Join(sent, ","); got != tasks.OptionalTool+":{},"+tasks.OptionalTool+":" {
		t.Errorf("tools/call sent = %s; want the forced call with task {}, the plain one without, and nothing for %s", got, tasks.PlainTool)
	}

	demo, _ := connectFixture(t, "stdio", client.Options{})
	if _, err := demo.ListTools(ctx); err != nil {
		t.Fatal(err)
	}
	_, err = demo.CallToolWith(ctx, "echo", []byte(`{"message":"x"}`), client.CallOptions{Task: client.TaskForce})
	if !errors.As(err, &se) || se.ServerAccepts {
		t.Fatalf("forced call on a server without tasks: %v, want a *TaskSupportError saying the server takes none", err)
	}
}

// TestTaskModernCapability: every 2026-07-28 request declares the tasks
// extension, and a -32021 naming it is a *TaskCapabilityError.
func TestTaskModernCapability(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := connectTasks(t, "modern", "stdio", tasks.Config{}, client.Options{})
	res, err := s.CallToolWith(ctx, tasks.PlainTool, []byte(`{"text":"hi"}`), client.CallOptions{Task: client.TaskForce})
	if err != nil || res.Task != nil {
		t.Fatalf("forced call of a tool the server runs plainly = %+v, %v", res, err)
	}
	_, err = s.CallToolWith(ctx, tasks.NeedsTasksTool, []byte(`{}`), client.CallOptions{})
	var ce *client.TaskCapabilityError
	var rpc *client.RPCError
	if !errors.As(err, &ce) || ce.Tool != tasks.NeedsTasksTool || !errors.As(err, &rpc) || rpc.Code != -32021 || client.HintOf(err) == "" {
		t.Fatalf("needs-tasks: %v, want a *TaskCapabilityError over -32021 with a hint", err)
	}
	frames, _ := s.Frames()
	calls := 0
	for _, f := range frames {
		if f.Dir != client.Sent || !bytes.Contains(f.Data, []byte(`"method":"tools/call"`)) {
			continue
		}
		calls++
		var req struct {
			Params struct {
				Meta map[string]json.RawMessage `json:"_meta"`
			} `json:"params"`
		}
		_ = json.Unmarshal(f.Data, &req)
		var caps struct {
			Extensions map[string]json.RawMessage `json:"extensions"`
			Tasks      json.RawMessage            `json:"tasks"`
		}
		_ = json.Unmarshal(req.Params.Meta["io.modelcontextprotocol/clientCapabilities"], &caps)
		if _, ok := caps.Extensions[client.TasksExtension]; !ok {
			t.Errorf("tools/call does not declare %s: %s", client.TasksExtension, f.Data)
		}
		if caps.Tasks != nil {
			t.Errorf("the client declares tasks it cannot host: %s", caps.Tasks)
		}
	}
	if calls != 2 {
		t.Errorf("saw %d tools/call frames, want 2", calls)
	}
}

// TestTaskPollInterval: tasks/get goes out no more often than the
// server's pollIntervalMs, judged from the frames' times.
func TestTaskPollInterval(t *testing.T) {
	t.Parallel()
	const interval = 120 * time.Millisecond
	for _, kind := range []string{"stdio", "http"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, _ := connectTasks(t, "modern", kind, tasks.Config{Polls: 3, PollInterval: interval}, client.Options{})
			res, err := s.CallToolWith(context.Background(), tasks.StepsTool, []byte(`{}`), client.CallOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Task.PollInterval != interval {
				t.Errorf("task poll interval = %v, want %v", res.Task.PollInterval, interval)
			}
			frames, _ := s.Frames()
			var times []time.Time
			for _, f := range frames {
				switch {
				case f.Dir == client.Received && bytes.Contains(f.Data, []byte(`"resultType":"task"`)):
					times = append(times, f.At)
				case f.Dir == client.Sent && bytes.Contains(f.Data, []byte(`"method":"tasks/get"`)):
					times = append(times, f.At)
				}
			}
			if len(times) != 4 {
				t.Fatalf("saw %d task frames (the creation and the polls), want 4", len(times))
			}
			for i := 1; i < len(times); i++ {
				if gap := times[i].Sub(times[i-1]); gap < interval {
					t.Errorf("poll %d came %v after the one before, sooner than the interval %v", i, gap, interval)
				}
			}
		})
	}
}

// TestEverythingResearchTask: server-everything's simulate-research-query
// must run as a task; with ambiguous=true it asks, during tasks/result,
// which interpretation is meant, and the report names the one chosen. The
// ask is the call's even while another call runs.
func TestEverythingResearchTask(t *testing.T) {
	for name, tgt := range everythingTargets(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			var mu sync.Mutex
			var asks []client.Ask
			answer := func(_ context.Context, a client.Ask) (json.RawMessage, error) {
				if a.Kind == client.AskRoots {
					// server-everything asks for roots on its own schedule.
					return json.RawMessage(`{"roots":[]}`), nil
				}
				mu.Lock()
				asks = append(asks, a)
				mu.Unlock()
				return json.RawMessage(`{"action":"accept","content":{"interpretation":"historical"}}`), nil
			}
			s, err := client.Connect(ctx, tgt, client.Options{Timeout: 20 * time.Second, Answer: answer})
			if err != nil {
				t.Fatalf("connect: %v", err)
			}
			defer s.Close()
			if _, err := s.ListTools(ctx); err != nil {
				t.Fatal(err)
			}
			// A second call runs meanwhile: the elicitation names its task
			// in related-task _meta, which is how it is tied to the right
			// call when more than one is in progress.
			other, stopOther := context.WithCancel(ctx)
			otherDone := make(chan struct{})
			go func() {
				defer close(otherDone)
				_, _ = s.CallTool(other, "trigger-long-running-operation", []byte(`{"duration":60,"steps":60}`), nil)
			}()
			var states taskStates
			res, err := s.CallToolWith(ctx, "simulate-research-query", []byte(`{"topic":"bridges","ambiguous":true}`), client.CallOptions{OnTask: states.add})
			stopOther()
			<-otherDone
			if err != nil {
				t.Fatal(err)
			}
			if res.Task == nil || res.Task.Status != client.TaskCompleted || res.Task.PollInterval != time.Second {
				t.Errorf("task = %+v, want completed with a 1 s poll interval", res.Task)
			}
			if len(res.Content) == 0 || !strings.Contains(res.Content[0].Text, "bridges (historical)") {
				t.Errorf("the report does not name the interpretation chosen: %+v", res.Content)
			}
			mu.Lock()
			defer mu.Unlock()
			if len(asks) != 1 || asks[0].Kind != client.AskElicit || asks[0].Tool != "simulate-research-query" {
				t.Errorf("asks = %+v, want one elicitation of the call", asks)
			}
			if got := states.statuses(); len(got) < 2 || got[0] != client.TaskWorking {
				t.Errorf("statuses = %v", got)
			}
		})
	}
}

// TestTaskStatusNotification: notifications/tasks/status becomes a
// TaskEvent and ends the call's wait for its next poll: with the poll an
// hour away, the call still ends once mcp-go's server says the task
// completed.
func TestTaskStatusNotification(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var events []client.TaskEvent
	onEvent := func(e client.Event) {
		if te, ok := e.(client.TaskEvent); ok {
			mu.Lock()
			events = append(events, te)
			mu.Unlock()
		}
	}
	s, _ := connectTasks(t, "legacy", "stdio", tasks.Config{}, client.Options{OnEvent: onEvent})
	client.SetTaskPoll(s, time.Hour)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := s.CallToolWith(ctx, tasks.OptionalTool, []byte(`{"text":"pushed"}`), client.CallOptions{Task: client.TaskForce})
	if err != nil || res.Task == nil || res.Task.Status != client.TaskCompleted {
		t.Fatalf("call = %+v, %v; want the completed task", res, err)
	}
	mu.Lock()
	defer mu.Unlock()
	completed := slices.ContainsFunc(events, func(e client.TaskEvent) bool {
		return e.Task.ID == res.Task.ID && e.Task.Status == client.TaskCompleted
	})
	if !completed {
		t.Errorf("no TaskEvent says the task completed: %+v", events)
	}
}
