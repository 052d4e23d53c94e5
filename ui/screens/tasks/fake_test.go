package tasks

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// clock is the tests' now.
func clock() time.Time { return time.Date(2026, 11, 30, 9, 30, 0, 0, time.UTC) }

// task is a task created three seconds before clock, updated a second
// later.
func task(id, status, message string) client.Task {
	created := clock().Add(-3 * time.Second)
	return client.Task{ID: id, Status: status, StatusMessage: message, CreatedAt: created, LastUpdatedAt: created.Add(time.Second)}
}

// fakeSession is a server's tasks. The screen's commands run on the
// test's goroutine, so it needs no lock.
type fakeSession struct {
	tasks []client.Task
	// unlisted answers as a server without tasks/list.
	unlisted bool
	listErr  error
	// results are the tasks' results by id; cancelled the ids
	// tasks/cancel was sent for.
	results   map[string]*client.CallResult
	cancelled []string
}

func (f *fakeSession) ListTasks(context.Context) (client.TaskList, error) {
	if f.listErr != nil {
		return client.TaskList{}, f.listErr
	}
	return client.TaskList{Tasks: append([]client.Task(nil), f.tasks...), Listed: !f.unlisted}, nil
}

func unknown(method, id string) error {
	return &client.RPCError{Method: method, Code: -32602, Message: "Failed to retrieve task: Task not found: " + id}
}

func (f *fakeSession) GetTask(_ context.Context, id string) (client.Task, error) {
	for _, t := range f.tasks {
		if t.ID == id {
			return t, nil
		}
	}
	return client.Task{}, unknown("tasks/get", id)
}

func (f *fakeSession) CancelTask(_ context.Context, id string) (client.Task, error) {
	f.cancelled = append(f.cancelled, id)
	for i, t := range f.tasks {
		if t.ID != id {
			continue
		}
		if t.Terminal() {
			return client.Task{}, &client.RPCError{Method: "tasks/cancel", Code: -32602,
				Message: "Cannot cancel task in terminal status: " + t.Status}
		}
		f.tasks[i].Status, f.tasks[i].StatusMessage = client.TaskCancelled, "cancelled by the client"
		return f.tasks[i], nil
	}
	return client.Task{}, unknown("tasks/cancel", id)
}

func (f *fakeSession) TaskResult(_ context.Context, id string) (*client.CallResult, error) {
	if r := f.results[id]; r != nil {
		return r, nil
	}
	return nil, unknown("tasks/result", id)
}

// fixture is the screen on a fake session, sized to the body, and what
// it asked of the root.
type fixture struct {
	t       *testing.T
	s       *Screen
	sess    *fakeSession
	gen     int
	width   int
	height  int
	actions []screen.Action
	// delivered are the results handed to a tool; tools names the tool
	// of the tasks that have one.
	delivered []string
	tools     map[string]string
}

func newFixture(t *testing.T, sess *fakeSession, width, height int) *fixture {
	t.Helper()
	f := &fixture{t: t, sess: sess, gen: 1, width: width, height: height, tools: map[string]string{}}
	f.s = New(Deps{Styles: theme.Plain(), Now: clock,
		Session: func() (Session, int) {
			if f.sess == nil {
				return nil, f.gen
			}
			return f.sess, f.gen
		},
		ToolOf: func(id string) string { return f.tools[id] },
		Deliver: func(id string, _ *client.CallResult) (tea.Cmd, bool) {
			if f.tools[id] == "" {
				return nil, false
			}
			f.delivered = append(f.delivered, id)
			return nil, true
		},
		ResultLines: func(res *client.CallResult, _ int) []string {
			var lines []string
			for _, c := range res.Content {
				lines = append(lines, strings.Split(strings.TrimSuffix(c.Text, "\n"), "\n")...)
			}
			return lines
		},
		Evidence: func(err error) []string { return []string{"evidence of " + err.Error()} }})
	f.s.Update(tea.WindowSizeMsg{Width: width, Height: height})
	return f
}

// open opens the screen, as the root does, and lets the listing arrive.
func (f *fixture) open() {
	f.run(f.s.Update(screen.Opened{}))
}

// run keeps r's actions and delivers what its command answers, as the
// root does for a request's reply.
func (f *fixture) run(r screen.Result) {
	f.actions = append(f.actions, r.Actions...)
	if r.Cmd == nil {
		return
	}
	if msg := r.Cmd(); msg != nil {
		f.run(f.s.Update(msg))
	}
}

// key presses k (named as in a binding) and keeps what the screen asked
// of the root; a command it starts (a cursor's blink, a request) is not
// run: send does that for requests.
func (f *fixture) key(keys ...string) screen.Result {
	f.t.Helper()
	var r screen.Result
	for _, k := range keys {
		press, ok := screen.Press(k)
		if !ok {
			f.t.Fatalf("no key %q", k)
		}
		r = f.s.Update(press)
		f.actions = append(f.actions, r.Actions...)
	}
	return r
}

// send presses k and runs the request it starts.
func (f *fixture) send(k string) {
	f.t.Helper()
	r := f.key(k)
	f.run(screen.Result{Cmd: r.Cmd})
}

// typeText types s, a key a rune.
func (f *fixture) typeText(s string) {
	for _, r := range s {
		f.s.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// view is the screen as drawn, without styles.
func (f *fixture) view() string {
	return ansi.Strip(strings.Join(f.s.View(f.width, f.height), "\n"))
}

// status is the text of the last Status action, "" for none.
func (f *fixture) status() string {
	for i := len(f.actions) - 1; i >= 0; i-- {
		if st, ok := f.actions[i].(screen.Status); ok {
			return st.Text
		}
	}
	return ""
}

// popped reports whether the screen asked to be closed.
func (f *fixture) popped() bool {
	for _, a := range f.actions {
		if _, ok := a.(screen.Pop); ok {
			return true
		}
	}
	return false
}

// manyTasks is n working tasks, task-00 up, each with a message.
func manyTasks(n int) *fakeSession {
	s := &fakeSession{}
	for i := range n {
		s.tasks = append(s.tasks, task(fmt.Sprintf("task-%02d", i), client.TaskWorking, fmt.Sprintf("stage %d", i)))
	}
	return s
}
