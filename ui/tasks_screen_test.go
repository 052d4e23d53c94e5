package ui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// tasksHarness opens the workbench on a server holding tasks and shows
// the Tasks screen.
func tasksHarness(t *testing.T, s *taskSession, width int) *harness {
	t.Helper()
	h := startTaskHarness(t, s, width, 30)
	h.key("alt+t")
	h.pumpUntil("the listing", func() bool { return !h.m.tasksScreen().Loading() })
	return h
}

// TestTasksScreenLists: the screen lists the tasks with status, stamps
// and message, and says whether the server listed them or this session
// saw them.
func TestTasksScreenLists(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		unlisted bool
		title    string
	}{
		{false, "Tasks listed by the server (tasks/list)"},
		{true, "Tasks seen in this session (the server has no tasks/list)"},
	} {
		t.Run(c.title, func(t *testing.T) {
			t.Parallel()
			s := newTaskSession(t)
			s.unlisted = c.unlisted
			s.addTask(researchTask("t-1", client.TaskWorking, "Gathering sources..."))
			s.addTask(researchTask("t-2", client.TaskCompleted, ""))
			h := tasksHarness(t, s, 120)
			v := h.view()
			for _, want := range []string{c.title, "2 tasks", "› t-1  working", "t-2  completed", "Gathering sources...",
				"created 2026-11-30 09:29:57 · last update 2026-11-30 09:29:58 (2s ago)", "enter result", "x cancel task"} {
				if !strings.Contains(v, want) {
					t.Errorf("the screen lacks %q:\n%s", want, v)
				}
			}
		})
	}
}

// TestTasksScreenFollowsEvents: a task status notification updates its
// row, and a task not listed yet gets one.
func TestTasksScreenFollowsEvents(t *testing.T) {
	t.Parallel()
	s := newTaskSession(t)
	s.addTask(researchTask("t-1", client.TaskWorking, "Gathering sources..."))
	h := tasksHarness(t, s, 120)
	gen := h.m.conn.gen
	h.update(eventMsg{gen: gen, event: client.TaskEvent{At: fixedClock(), Task: researchTask("t-1", client.TaskInputRequired, "Requesting clarification...")}})
	h.update(eventMsg{gen: gen, event: client.TaskEvent{At: fixedClock(), Task: researchTask("t-3", client.TaskFailed, "boom")}})
	v := h.view()
	for _, want := range []string{"t-1  input_required", "Requesting clarification...", "t-3  failed", "boom", "2 tasks"} {
		if !strings.Contains(v, want) {
			t.Errorf("after the events the screen lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "Gathering sources") {
		t.Errorf("the old status message is still shown:\n%s", v)
	}
}

// TestTasksScreenCancel: x asks first; n keeps the task, y sends
// tasks/cancel and the row shows the server's answer; cancelling a
// finished task shows the server's refusal and the screen stays.
func TestTasksScreenCancel(t *testing.T) {
	t.Parallel()
	s := newTaskSession(t)
	s.addTask(researchTask("t-1", client.TaskWorking, "Gathering sources..."))
	s.addTask(researchTask("t-2", client.TaskCompleted, ""))
	h := tasksHarness(t, s, 120)
	h.key("x")
	if v := h.view(); !strings.Contains(v, "Cancel task t-1? The server is sent tasks/cancel.") || !strings.Contains(v, "y cancel the task") {
		t.Fatalf("no question before cancelling:\n%s", v)
	}
	h.key("n")
	if len(s.cancelledIDs()) != 0 || strings.Contains(h.view(), "Cancel task t-1?") {
		t.Fatalf("n must keep the task: %v\n%s", s.cancelledIDs(), h.view())
	}
	h.key("x", "y")
	h.pumpUntil("the cancel", func() bool { return strings.Contains(h.view(), "t-1  cancelled") })
	if v := h.view(); !strings.Contains(v, "t-1  cancelled") || !strings.Contains(v, "cancelled by the client") {
		t.Errorf("after the cancel:\n%s", v)
	}
	h.key("down", "x", "y")
	h.pumpUntil("the refusal", func() bool { return h.m.tasksScreen().Failed() })
	v := h.view()
	for _, want := range []string{"Cancelling task t-2 failed (JSON-RPC error -32602)",
		"Cannot cancel task in terminal status: completed", "Tasks listed by the server"} {
		if !strings.Contains(v, want) {
			t.Errorf("after a refused cancel the screen lacks %q:\n%s", want, v)
		}
	}
	if got := s.cancelledIDs(); !slices.Equal(got, []string{"t-1", "t-2"}) {
		t.Errorf("tasks/cancel sent for %v", got)
	}
}

// TestTasksScreenLookup: i takes a task id for tasks/get; a known one is
// selected, an unknown one shows the server's error, specifically, on the
// screen.
func TestTasksScreenLookup(t *testing.T) {
	t.Parallel()
	s := newTaskSession(t)
	h := tasksHarness(t, s, 120)
	s.addTask(researchTask("t-7", client.TaskWorking, "Synthesizing findings..."))
	h.key("i")
	h.typeText("t-7")
	h.key("enter")
	h.pumpUntil("the lookup", func() bool { return strings.Contains(h.view(), "› t-7") })
	if v := h.view(); !strings.Contains(v, "› t-7  working") || !strings.Contains(v, "Synthesizing findings...") {
		t.Errorf("after looking up t-7:\n%s", v)
	}
	h.key("i")
	h.typeText("nope")
	h.key("enter")
	h.pumpUntil("the failure", func() bool { return h.m.tasksScreen().Failed() })
	v := h.view()
	for _, want := range []string{"Looking up task nope failed (JSON-RPC error -32602)",
		"tasks/get: server answered with JSON-RPC error -32602: Failed to retrieve task: Task not found: nope", "› t-7"} {
		if !strings.Contains(v, want) {
			t.Errorf("after an unknown id the screen lacks %q:\n%s", want, v)
		}
	}
}

// TestTasksScreenListFailureKeepsScreen: a failed listing is shown on
// the screen, which stays, and r lists again.
func TestTasksScreenListFailureKeepsScreen(t *testing.T) {
	t.Parallel()
	s := newTaskSession(t)
	s.listErr = errors.New("tasks/list: the server closed the stream")
	h := tasksHarness(t, s, 120)
	if v := h.view(); !strings.Contains(v, "Listing the tasks failed") || !strings.Contains(v, "the server closed the stream") ||
		!strings.Contains(v, "── Tasks ──") {
		t.Fatalf("the failure is not shown, or the title claims to know where the tasks came from:\n%s", v)
	}
	s.tmu.Lock()
	s.listErr = nil
	s.tmu.Unlock()
	s.addTask(researchTask("t-1", client.TaskWorking, ""))
	h.key("r")
	h.pumpUntil("the listing", func() bool { return !h.m.tasksScreen().Loading() })
	if v := h.view(); strings.Contains(v, "Listing the tasks failed") || !strings.Contains(v, "t-1  working") {
		t.Errorf("after r:\n%s", v)
	}
}

// TestTasksScreenResult: enter fetches a task's result; a task this
// session started lands in its tool's Result tab, any other in a view of
// its own on the screen; esc stops waiting for one that does not end.
func TestTasksScreenResult(t *testing.T) {
	t.Parallel()
	s := newTaskSession(t)
	done := researchTask("t-1", client.TaskCompleted, "")
	s.callWith = func(_ context.Context, _ string, _ []byte, opts client.CallOptions) (*client.CallResult, error) {
		opts.OnTask(researchTask("t-1", client.TaskWorking, ""))
		return reportResult(t, done), nil
	}
	s.addTask(done)
	s.addTask(researchTask("t-2", client.TaskCompleted, ""))
	s.results = map[string]*client.CallResult{"t-1": reportResult(t, done), "t-2": reportResult(t, researchTask("t-2", client.TaskCompleted, ""))}
	h := startTaskHarness(t, s, 120, 30)
	h.selectTool("research")
	h.key("ctrl+s", "esc", "alt+t")
	h.pumpUntil("the listing", func() bool { return !h.m.tasksScreen().Loading() })
	if v := h.view(); !strings.Contains(v, "t-1  completed  research") {
		t.Fatalf("the task's tool is not named:\n%s", v)
	}
	h.key("alt+t")
	h.selectTool("echo")
	h.key("esc", "alt+t")
	h.pumpUntil("the listing", func() bool { return !h.m.tasksScreen().Loading() })
	h.key("enter")
	h.pumpUntil("the result", func() bool { return !h.m.tasksOnTop() })
	h.settle()
	if v := h.view(); !strings.Contains(v, "[Result]") || !strings.Contains(v, "Research  research") || !strings.Contains(v, "# Research Report: tides") {
		t.Errorf("the result is not in research's Result tab:\n%s", v)
	}
	h.key("alt+t")
	h.pumpUntil("the listing", func() bool { return !h.m.tasksScreen().Loading() })
	h.key("down", "enter")
	h.pumpUntil("the result view", func() bool { return h.m.tasksScreen().ShowsResult() })
	if v := h.view(); !strings.Contains(v, "Result of task t-2") || !strings.Contains(v, "ran as task t-2 · completed") {
		t.Errorf("the result of a task without a known tool:\n%s", v)
	}
	h.key("esc")
	s.tmu.Lock()
	s.gate = make(chan struct{})
	s.tmu.Unlock()
	h.key("enter")
	if v := h.view(); !strings.Contains(v, "waiting for the result of task t-2 (tasks/result)…") || !strings.Contains(v, "esc stop waiting") {
		t.Errorf("while waiting:\n%s", v)
	}
	h.key("esc")
	if v := h.view(); !strings.Contains(v, "stopped waiting for task t-2; it runs on at the server") || !strings.Contains(v, "Tasks listed") {
		t.Errorf("after esc:\n%s", v)
	}
}

// TestTaskResultAfterLeaving: a result that arrives once the person left
// the Tasks screen goes to its tool's Result tab without taking them
// there; the status line says where it is.
func TestTaskResultAfterLeaving(t *testing.T) {
	t.Parallel()
	s := newTaskSession(t)
	done := researchTask("t-1", client.TaskCompleted, "")
	s.callWith = func(_ context.Context, _ string, _ []byte, opts client.CallOptions) (*client.CallResult, error) {
		opts.OnTask(done)
		return reportResult(t, done), nil
	}
	s.addTask(done)
	s.results = map[string]*client.CallResult{"t-1": reportResult(t, done)}
	s.gate = make(chan struct{})
	h := startTaskHarness(t, s, 120, 30)
	h.selectTool("research")
	h.key("ctrl+s", "esc")
	h.selectTool("echo")
	h.key("esc", "alt+t")
	h.pumpUntil("the listing", func() bool { return !h.m.tasksScreen().Loading() })
	h.key("enter", "alt+t")
	close(s.gate)
	h.pumpUntil("the result", func() bool { return h.m.tasksScreen().Waiting() == "" })
	h.settle()
	if v := h.view(); !strings.Contains(v, "Echo  echo") || !strings.Contains(v, "the task's result is in the Result tab of research") {
		t.Errorf("the result took the person away, or said nothing:\n%s", v)
	}
	if tr := h.m.calls.results["research"]; tr == nil || !tr.ready || tr.result.Task == nil {
		t.Errorf("research's result is not the task's: %+v", tr)
	}
}

// TestTasksScreenScrolls: with more tasks than rows the selected one
// stays in view, and so does the screen's last failure.
func TestTasksScreenScrolls(t *testing.T) {
	t.Parallel()
	s := newTaskSession(t)
	for i := range 20 {
		s.addTask(researchTask(fmt.Sprintf("task-%02d", i), client.TaskWorking, fmt.Sprintf("stage %d", i)))
	}
	h := startTaskHarness(t, s, 80, 16)
	h.key("alt+t")
	h.pumpUntil("the listing", func() bool { return !h.m.tasksScreen().Loading() })
	for range 15 {
		h.key("down")
	}
	h.key("i")
	h.typeText("gone")
	h.key("enter")
	h.pumpUntil("the failure", func() bool { return h.m.tasksScreen().Failed() })
	v := h.view()
	for _, want := range []string{"› task-15  working", "stage 15", "Looking up task gone failed"} {
		if !strings.Contains(v, want) {
			t.Errorf("the screen lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "task-00") {
		t.Errorf("the first task should have scrolled away:\n%s", v)
	}
}
