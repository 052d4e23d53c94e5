package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
)

// researchTask is a task as server-everything's simulate-research-query
// reports it: a TTL of five minutes and a poll interval of a second.
func researchTask(id, status, message string) client.Task {
	ttl := 5 * time.Minute
	created := fixedClock().Add(-3 * time.Second)
	return client.Task{ID: id, Status: status, StatusMessage: message, TTL: &ttl, PollInterval: time.Second,
		CreatedAt: created, LastUpdatedAt: created.Add(time.Second)}
}

// reportResult is a research task's result.
func reportResult(t *testing.T, task client.Task) *client.CallResult {
	t.Helper()
	r, err := client.ParseCallResult(json.RawMessage(`{"content":[{"type":"text","text":"# Research Report: tides"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r.Task = &task
	return r
}

// TestTaskBadges: the list marks tools that take tasks and have apps,
// with marks short enough for the 80-column list (render.ToolMarks), and
// the heading spells them out.
func TestTaskBadges(t *testing.T) {
	t.Parallel()
	cases := []struct {
		tool, row, heading string
	}{
		{"research", "T", "task required"},
		{"maybe_task", "t", "task optional"},
		{"dashboard", "A", "App"},
		{"refresh_app", "AH", "App hidden from models"},
	}
	for _, c := range cases {
		t.Run(c.tool, func(t *testing.T) {
			t.Parallel()
			// At 160 columns the list is as wide as it gets.
			h := startTaskHarness(t, newTaskSession(t), 160, 30)
			h.selectTool(c.tool)
			v := h.view()
			row := ""
			for _, l := range strings.Split(v, "\n") {
				// The selected row, marked while the form has focus.
				if strings.HasPrefix(l, "▸ "+c.tool+" ") {
					row = l
				}
			}
			if !strings.Contains(row, " "+c.row+" ") {
				t.Errorf("the list row lacks %q: %q", c.row, row)
			}
			if !strings.Contains(v, c.heading+" ") {
				t.Errorf("the heading lacks %q:\n%s", c.heading, v)
			}
		})
	}
}

// TestTaskCallShowsLiveStatus: a task-required tool is called without
// ceremony; while it runs the result area shows the task's id, status,
// message, poll interval and TTL, following each state reported, and the
// result says which task it came from.
func TestTaskCallShowsLiveStatus(t *testing.T) {
	t.Parallel()
	s := newTaskSession(t)
	// Buffered: the call starts only when the harness pumps its command.
	step := make(chan client.Task, 3)
	s.callWith = func(ctx context.Context, _ string, _ []byte, opts client.CallOptions) (*client.CallResult, error) {
		var last client.Task
		for task := range step {
			opts.OnTask(task)
			last = task
		}
		return reportResult(t, last), nil
	}
	h := startTaskHarness(t, s, 120, 30)
	h.selectTool("research")
	h.leaveCalls = true
	h.key("ctrl+s")
	for _, want := range []struct {
		task client.Task
		see  []string
	}{
		{researchTask("t-1", client.TaskWorking, "Gathering sources..."),
			[]string{"calling research", "task t-1 working", "Gathering sources...", "poll every 1s · ttl 5m0s"}},
		{researchTask("t-1", client.TaskInputRequired, "Found multiple interpretations"),
			[]string{"task t-1 input_required", "Found multiple interpretations"}},
	} {
		step <- want.task
		h.pumpUntil("the task's state", func() bool { return strings.Contains(h.view(), "task "+want.task.ID+" "+string(want.task.Status)) })
		v := h.view()
		for _, w := range want.see {
			if !strings.Contains(v, w) {
				t.Errorf("while the task runs the view lacks %q:\n%s", w, v)
			}
		}
	}
	step <- researchTask("t-1", client.TaskCompleted, "")
	close(step)
	h.leaveCalls = false
	h.pumpUntil("the call's end", func() bool { return !h.m.callRunning() })
	h.settle()
	v := h.view()
	for _, w := range []string{"ran as task t-1 · completed", "# Research Report: tides"} {
		if !strings.Contains(v, w) {
			t.Errorf("the result lacks %q:\n%s", w, v)
		}
	}
	if got := s.modes(); !slices.Equal(got, []client.TaskMode{client.TaskAuto}) {
		t.Errorf("task modes = %v, want the client to decide (TaskAuto) for a task-required tool", got)
	}
}

// TestAsTaskToggle: ctrl+t switches a task-optional tool to be called as
// a task (TaskForce) and back, the hint saying which; for other tools it
// says why there is nothing to switch.
func TestAsTaskToggle(t *testing.T) {
	t.Parallel()
	s := newTaskSession(t)
	h := startTaskHarness(t, s, 120, 30)
	h.selectTool("maybe_task")
	if v := h.view(); !strings.Contains(v, "ctrl+t as task: off") {
		t.Errorf("the hint lacks the toggle:\n%s", v)
	}
	h.key("ctrl+t")
	if v := h.view(); !strings.Contains(v, "ctrl+t as task: on") || !strings.Contains(v, "maybe_task will be called as a task") {
		t.Errorf("after ctrl+t:\n%s", v)
	}
	h.key("ctrl+s")
	h.key("ctrl+t", "ctrl+s")
	if got := s.modes(); !slices.Equal(got, []client.TaskMode{client.TaskForce, client.TaskAuto}) {
		t.Errorf("task modes = %v, want forced then not", got)
	}
	for tool, want := range map[string]string{
		"research": "research requires a task: it is always called as one",
		"echo":     "echo does not run as a task",
	} {
		h.key("esc")
		h.selectTool(tool)
		h.key("ctrl+t")
		if v := h.view(); !strings.Contains(v, want) || strings.Contains(v, "as task: o") {
			t.Errorf("ctrl+t on %s:\n%s", tool, v)
		}
	}
}

// TestEscCancelsTaskCall: esc cancels a running task call; the client's
// context ends (it sends tasks/cancel) and the result says cancelled.
func TestEscCancelsTaskCall(t *testing.T) {
	t.Parallel()
	s := newTaskSession(t)
	s.callWith = func(ctx context.Context, _ string, _ []byte, opts client.CallOptions) (*client.CallResult, error) {
		opts.OnTask(researchTask("t-9", client.TaskWorking, "Analyzing content..."))
		<-ctx.Done()
		return nil, fmt.Errorf("call research: task t-9: %w", client.ErrCancelled)
	}
	h := startTaskHarness(t, s, 120, 30)
	h.selectTool("research")
	h.leaveCalls = true
	h.key("ctrl+s")
	h.pumpUntil("the task", h.m.runsAsTask)
	h.leaveCalls = false
	h.key("esc")
	h.settle()
	if v := h.view(); !strings.Contains(v, "Cancelled: the server was sent notifications/cancelled") || !strings.Contains(v, "task t-9: cancelled") {
		t.Errorf("after esc:\n%s", v)
	}
}

// TestTaskInputRequestUsesModal: a task's input request reaches the
// workbench as any ask does (the client answers it through the
// Answerer) and is answered in the elicitation modal.
func TestTaskInputRequestUsesModal(t *testing.T) {
	t.Parallel()
	s := newTaskSession(t)
	answered := make(chan json.RawMessage, 1)
	schema := `{"type":"object","properties":{"interpretation":{"type":"string","title":"Clarification",` +
		`"oneOf":[{"const":"technical","title":"Technical"},{"const":"historical","title":"Historical"}]}},"required":["interpretation"]}`
	params, _ := json.Marshal(map[string]any{"message": "The research query could have multiple interpretations.",
		"requestedSchema": json.RawMessage(schema)})
	s.callWith = func(ctx context.Context, _ string, _ []byte, opts client.CallOptions) (*client.CallResult, error) {
		opts.OnTask(researchTask("t-2", client.TaskInputRequired, "Requesting clarification..."))
		r, err := s.answerer()(ctx, client.Ask{Kind: client.AskElicit, Params: params})
		if err != nil {
			return nil, err
		}
		answered <- r
		return reportResult(t, researchTask("t-2", client.TaskCompleted, "")), nil
	}
	h := startTaskHarness(t, s, 120, 30)
	h.selectTool("research")
	h.leaveCalls = true
	h.key("ctrl+s")
	h.pumpUntil("the modal", func() bool { return h.m.asks.modal != nil })
	if v := h.view(); !strings.Contains(v, "The server asks: elicitation") || !strings.Contains(v, "multiple interpretations") {
		t.Fatalf("the modal:\n%s", v)
	}
	h.key("enter", "ctrl+s")
	h.leaveCalls = false
	h.settle()
	select {
	case r := <-answered:
		sameJSON(t, r, `{"action":"accept","content":{"interpretation":"technical"}}`)
	default:
		t.Fatalf("the task's question was not answered:\n%s", h.view())
	}
	if v := h.view(); !strings.Contains(v, "ran as task t-2 · completed") {
		t.Errorf("after the answer:\n%s", v)
	}
}

// TestTaskStateOfOtherCallsDropped: a task state tagged with another
// call's request id is dropped; a status notification for the running
// call's task updates it, one for another task leaves it be.
func TestTaskStateOfOtherCallsDropped(t *testing.T) {
	t.Parallel()
	s := newTaskSession(t)
	s.callWith = func(ctx context.Context, _ string, _ []byte, opts client.CallOptions) (*client.CallResult, error) {
		opts.OnTask(researchTask("t-1", client.TaskWorking, "Gathering sources..."))
		<-ctx.Done()
		return nil, ctx.Err()
	}
	h := startTaskHarness(t, s, 120, 30)
	h.selectTool("research")
	h.leaveCalls = true
	h.key("ctrl+s")
	h.pumpUntil("the task", h.m.runsAsTask)
	gen := h.m.conn.gen
	// Another call's state is dropped too: a model test of the tools
	// screen (ui/screens/tools) sends one.
	steps := []struct {
		name string
		msg  any
		want string
	}{
		{"another task's notification", eventMsg{gen: gen, event: client.TaskEvent{Task: researchTask("t-5", client.TaskFailed, "other")}}, "Gathering sources..."},
		{"its own notification", eventMsg{gen: gen, event: client.TaskEvent{Task: researchTask("t-1", client.TaskWorking, "Generating report...")}}, "Generating report..."},
	}
	for _, st := range steps {
		h.update(st.msg)
		if v := h.view(); !strings.Contains(v, st.want) {
			t.Errorf("after %s the running task does not say %q:\n%s", st.name, st.want, v)
		}
	}
}
