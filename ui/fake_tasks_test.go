package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
)

// fakeTasks is the fake server's tasks: a store the Tasks screen lists,
// looks up and cancels, and results it hands out when asked.
type fakeTasks struct {
	tmu   sync.Mutex
	tasks []client.Task
	// unlisted makes ListTasks answer as on 2026-07-28, with the tasks
	// this session saw instead of a tasks/list.
	unlisted bool
	// results are the tasks' results by id; gate, when set, holds
	// TaskResult until it closes or the caller stops waiting.
	results map[string]*client.CallResult
	gate    chan struct{}
	// cancelled are the ids tasks/cancel was sent for.
	cancelled []string
	// listErr fails ListTasks.
	listErr error
}

// addTask puts a task in the store.
func (f *fakeTasks) addTask(t client.Task) {
	f.tmu.Lock()
	defer f.tmu.Unlock()
	f.tasks = append(f.tasks, t)
}

func (f *fakeTasks) ListTasks(context.Context) (client.TaskList, error) {
	f.tmu.Lock()
	defer f.tmu.Unlock()
	if f.listErr != nil {
		return client.TaskList{}, f.listErr
	}
	return client.TaskList{Tasks: append([]client.Task(nil), f.tasks...), Listed: !f.unlisted}, nil
}

// unknownTask is the error a server answers for an id it does not know.
func unknownTask(method, id string) error {
	return &client.RPCError{Method: method, Code: -32602, Message: "Failed to retrieve task: Task not found: " + id}
}

func (f *fakeTasks) GetTask(_ context.Context, id string) (client.Task, error) {
	f.tmu.Lock()
	defer f.tmu.Unlock()
	for _, t := range f.tasks {
		if t.ID == id {
			return t, nil
		}
	}
	return client.Task{}, unknownTask("tasks/get", id)
}

func (f *fakeTasks) CancelTask(_ context.Context, id string) (client.Task, error) {
	f.tmu.Lock()
	defer f.tmu.Unlock()
	f.cancelled = append(f.cancelled, id)
	for i, t := range f.tasks {
		if t.ID == id {
			if t.Terminal() {
				return client.Task{}, &client.RPCError{Method: "tasks/cancel", Code: -32602,
					Message: fmt.Sprintf("Cannot cancel task in terminal status: %s", t.Status)}
			}
			f.tasks[i].Status, f.tasks[i].StatusMessage = client.TaskCancelled, "cancelled by the client"
			return f.tasks[i], nil
		}
	}
	return client.Task{}, unknownTask("tasks/cancel", id)
}

func (f *fakeTasks) TaskResult(ctx context.Context, id string) (*client.CallResult, error) {
	f.tmu.Lock()
	gate, res := f.gate, f.results[id]
	f.tmu.Unlock()
	if gate != nil {
		select {
		case <-gate:
		case <-ctx.Done():
			return nil, fmt.Errorf("tasks/result %s: %w", id, client.ErrCancelled)
		}
	}
	if res == nil {
		return nil, unknownTask("tasks/result", id)
	}
	return res, nil
}

// taskSession is a fake session whose calls see their options: a test
// runs a call as a task, reporting its states through opts.OnTask.
type taskSession struct {
	*fakeSession
	callWith func(ctx context.Context, name string, args []byte, opts client.CallOptions) (*client.CallResult, error)

	omu  sync.Mutex
	opts []client.CallOptions
}

func (s *taskSession) CallToolWith(ctx context.Context, name string, args []byte, opts client.CallOptions) (*client.CallResult, error) {
	s.omu.Lock()
	s.opts = append(s.opts, opts)
	s.omu.Unlock()
	if s.callWith == nil {
		return s.fakeSession.CallToolWith(ctx, name, args, opts)
	}
	s.fakeSession.mu.Lock()
	s.fakeSession.calls = append(s.fakeSession.calls, name+" "+string(args))
	s.fakeSession.mu.Unlock()
	return s.callWith(ctx, name, args, opts)
}

// modes are the task modes of the calls so far.
func (s *taskSession) modes() []client.TaskMode {
	s.omu.Lock()
	defer s.omu.Unlock()
	var out []client.TaskMode
	for _, o := range s.opts {
		out = append(out, o.Task)
	}
	return out
}

// newTaskSession is the fixture server with tools that take tasks and
// have apps added to its tools.
func newTaskSession(t *testing.T) *taskSession {
	t.Helper()
	s := &taskSession{fakeSession: newFakeSession(t, fixtureTools)}
	s.tools = append(s.tools, taskTools(t)...)
	return s
}

// taskTools are tools that take tasks and tools with MCP Apps, parsed as
// a server would send them.
func taskTools(t *testing.T) []tool.Tool {
	t.Helper()
	raw := `{"tools":[
{"name":"research","title":"Research","description":"Researches a topic as a task.","execution":{"taskSupport":"required"},
 "inputSchema":{"type":"object","properties":{"topic":{"type":"string"}}}},
{"name":"maybe_task","description":"Runs as a task when asked.","execution":{"taskSupport":"optional"},
 "inputSchema":{"type":"object"}},
{"name":"dashboard","description":"Shows a dashboard app.","inputSchema":{"type":"object"},
 "_meta":{"ui":{"resourceUri":"ui://weather/dashboard","visibility":["model","app"]}}},
{"name":"refresh_app","description":"Refreshes the app; hidden from models.","inputSchema":{"type":"object"},
 "_meta":{"ui/resourceUri":"ui://weather/dashboard","ui":{"visibility":["app"]}}}
]}`
	tools, err := tool.ParseList(json.RawMessage(raw))
	if err != nil {
		t.Fatal(err)
	}
	return tools
}

// startTaskHarness opens the workbench on s at 120×30.
func startTaskHarness(t *testing.T, s Session, width, height int) *harness {
	t.Helper()
	connect := func(ctx context.Context, onEvent func(client.Event), answer client.Answerer) (Session, error) {
		if ts, ok := s.(*taskSession); ok {
			ts.mu.Lock()
			ts.answer = answer
			ts.mu.Unlock()
		}
		if as, ok := s.(*appSession); ok {
			as.mu.Lock()
			as.answer = answer
			as.mu.Unlock()
		}
		return s, nil
	}
	return startHarness(t, connect, Options{Target: "fake", Styles: plainStyles(), Now: fixedClock}, width, height)
}

// appSession is a fake session that serves app resources.
type appSession struct {
	*taskSession
	read func(ctx context.Context, uri string) (*client.ReadResult, error)
}

func (s *appSession) ReadResource(ctx context.Context, uri string) (*client.ReadResult, error) {
	return s.read(ctx, uri)
}
