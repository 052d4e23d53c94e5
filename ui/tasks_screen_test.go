package ui

import (
	"context"
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
	h.selectTool("research")
	if c, ok := h.m.tools.LastCall(); !ok || !c.Judged || c.Result == nil || c.Result.Task == nil {
		t.Errorf("research's result is not the task's: %+v", c)
	}
}

// TestTasksScreenTypesCapitals: while a task id or the filter is typed,
// capital letters and ? are text, not the keys that open screens or the
// help; esc then ends the typing and the screen stays.
func TestTasksScreenTypesCapitals(t *testing.T) {
	t.Parallel()
	s := newTaskSession(t)
	s.addTask(researchTask("T-1", client.TaskWorking, ""))
	h := tasksHarness(t, s, 120)
	h.key("i")
	h.typeText("T-1?")
	if v := h.view(); !strings.Contains(v, "task id: T-1?") || !h.m.tasksOnTop() || h.m.helpShownNow() {
		t.Fatalf("the id did not take the capital and the ?:\n%s", v)
	}
	h.key("esc", "/")
	h.typeText("EL")
	if v := h.view(); !strings.Contains(v, "/EL") || !h.m.tasksOnTop() {
		t.Fatalf("the filter did not take the capitals:\n%s", v)
	}
	h.key("esc", "esc")
	if h.m.tasksOnTop() {
		t.Fatal("esc on the tasks must close the screen")
	}
}

// TestTasksScreenChordsWhileTyping: an alt chord the id input has no use
// for reaches the keys that work everywhere: alt+t closes the screen
// while an id is typed, as it did before the screen was a package.
func TestTasksScreenChordsWhileTyping(t *testing.T) {
	t.Parallel()
	h := tasksHarness(t, newTaskSession(t), 120)
	h.key("i")
	h.typeText("t-1")
	h.key("alt+t")
	if h.m.tasksOnTop() {
		t.Fatalf("alt+t while typing an id did not close the screen:\n%s", h.view())
	}
}
