package tasks

import (
	"errors"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/screen"
)

// wants fails for each of want the view lacks.
func wants(t *testing.T, what, view string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(view, w) {
			t.Errorf("%s: the screen lacks %q:\n%s", what, w, view)
		}
	}
}

// TestListsTasks: the screen lists the tasks with status, stamps and
// message, and says whether the server listed them or this session saw
// them.
func TestListsTasks(t *testing.T) {
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
			s := &fakeSession{unlisted: c.unlisted, tasks: []client.Task{
				task("t-1", client.TaskWorking, "Gathering sources..."), task("t-2", client.TaskCompleted, "")}}
			f := newFixture(t, s, 120, 28)
			f.open()
			wants(t, "listed", f.view(), c.title, "2 tasks", "› t-1  working", "t-2  completed", "Gathering sources...",
				"created 2026-11-30 09:29:57 · last update 2026-11-30 09:29:58 (2s ago)")
			hints := f.s.Hints()
			if len(hints) < 3 || hints[1] != [2]string{"enter", "result"} || hints[2] != [2]string{"x", "cancel task"} {
				t.Errorf("hints %v: want select, enter result, x cancel task first", hints)
			}
		})
	}
}

// TestSeenFollowsStates: a task's newer state updates its row, and a task
// not listed yet gets one.
func TestSeenFollowsStates(t *testing.T) {
	t.Parallel()
	f := newFixture(t, &fakeSession{tasks: []client.Task{task("t-1", client.TaskWorking, "Gathering sources...")}}, 120, 28)
	f.open()
	f.s.Seen(task("t-1", client.TaskInputRequired, "Requesting clarification..."))
	f.s.Seen(task("t-3", client.TaskFailed, "boom"))
	v := f.view()
	wants(t, "after the states", v, "t-1  input_required", "Requesting clarification...", "t-3  failed", "boom", "2 tasks")
	if strings.Contains(v, "Gathering sources") {
		t.Errorf("the old status message is still shown:\n%s", v)
	}
}

// TestCancelAsksFirst: x asks first; n keeps the task, y sends
// tasks/cancel and the row shows the server's answer; cancelling a
// finished task shows the server's refusal and the screen stays.
func TestCancelAsksFirst(t *testing.T) {
	t.Parallel()
	s := &fakeSession{tasks: []client.Task{task("t-1", client.TaskWorking, "Gathering sources..."), task("t-2", client.TaskCompleted, "")}}
	f := newFixture(t, s, 120, 28)
	f.open()
	f.key("x")
	wants(t, "asked", f.view(), "Cancel task t-1? The server is sent tasks/cancel.")
	if h := f.s.Hints(); h[0] != [2]string{"y", "cancel the task"} {
		t.Errorf("the question's hints: %v", h)
	}
	f.key("n")
	if len(s.cancelled) != 0 || strings.Contains(f.view(), "Cancel task t-1?") {
		t.Fatalf("n must keep the task: %v\n%s", s.cancelled, f.view())
	}
	f.key("x")
	f.send("y")
	wants(t, "cancelled", f.view(), "t-1  cancelled", "cancelled by the client")
	if f.status() != "task t-1: cancelled" {
		t.Errorf("status %q", f.status())
	}
	f.key("down", "x")
	f.send("y")
	wants(t, "refused", f.view(), "Cancelling task t-2 failed (JSON-RPC error -32602)",
		"Cannot cancel task in terminal status: completed", "Tasks listed by the server")
	if !slices.Equal(s.cancelled, []string{"t-1", "t-2"}) {
		t.Errorf("tasks/cancel sent for %v", s.cancelled)
	}
}

// TestLookUpByID: i takes a task id for tasks/get; a known one is
// selected, an unknown one shows the server's error on the screen.
func TestLookUpByID(t *testing.T) {
	t.Parallel()
	s := &fakeSession{}
	f := newFixture(t, s, 120, 28)
	f.open()
	s.tasks = append(s.tasks, task("t-7", client.TaskWorking, "Synthesizing findings..."))
	f.key("i")
	if !f.s.Typing() {
		t.Fatal("i must start typing an id")
	}
	f.typeText("t-7")
	f.send("enter")
	wants(t, "t-7 looked up", f.view(), "› t-7  working", "Synthesizing findings...")
	f.key("i")
	f.typeText("nope")
	f.send("enter")
	wants(t, "an unknown id", f.view(), "Looking up task nope failed (JSON-RPC error -32602)",
		"tasks/get: server answered with JSON-RPC error -32602: Failed to retrieve task: Task not found: nope", "› t-7")
}

// TestIDPlaceholderIsWhole: the id input's placeholder is shown whole,
// not cut to its first letter, which reads as a typed "t".
func TestIDPlaceholderIsWhole(t *testing.T) {
	t.Parallel()
	for _, width := range []int{80, 120} {
		f := newFixture(t, &fakeSession{}, width, 24)
		f.open()
		f.key("i")
		wants(t, "typing an id", f.view(), "task id: the id the server gave the task")
	}
}

// TestListFailureKeepsScreen: a failed listing is shown on the screen,
// which stays, and r lists again.
func TestListFailureKeepsScreen(t *testing.T) {
	t.Parallel()
	s := &fakeSession{listErr: errors.New("tasks/list: the server closed the stream")}
	f := newFixture(t, s, 120, 28)
	f.open()
	wants(t, "failed", f.view(), "Listing the tasks failed", "the server closed the stream", "── Tasks ──",
		"evidence of tasks/list: the server closed the stream")
	s.listErr = nil
	s.tasks = append(s.tasks, task("t-1", client.TaskWorking, ""))
	f.send("r")
	if v := f.view(); strings.Contains(v, "Listing the tasks failed") || !strings.Contains(v, "t-1  working") {
		t.Errorf("after r:\n%s", v)
	}
}

// TestScrollKeepsSelectedAndFailureInView: with more tasks than rows the
// selected one stays in view, and so does the screen's last failure.
func TestScrollKeepsSelectedAndFailureInView(t *testing.T) {
	t.Parallel()
	f := newFixture(t, manyTasks(20), 80, 14)
	f.open()
	for range 15 {
		f.key("down")
	}
	f.key("i")
	f.typeText("gone")
	f.send("enter")
	v := f.view()
	wants(t, "scrolled", v, "› task-15  working", "stage 15", "Looking up task gone failed")
	if strings.Contains(v, "task-00") {
		t.Errorf("the first task should have scrolled away:\n%s", v)
	}
	if n := len(f.s.View(80, 14)); n > 14 {
		t.Errorf("the screen drew %d rows in 14", n)
	}
}

// TestSpacePagesAndSlashFilters: space pages through the tasks like every
// list, and / filters them afresh by id, status, tool or message.
func TestSpacePagesAndSlashFilters(t *testing.T) {
	t.Parallel()
	f := newFixture(t, manyTasks(20), 80, 20)
	f.open()
	f.key("space")
	if got := f.s.rows[f.s.list.Selected()].ID; got == "task-00" || got == "task-01" {
		t.Fatalf("space did not page: on %s", got)
	}
	f.key("/")
	if !f.s.Typing() {
		t.Fatal("/ must start the filter, which takes typing")
	}
	f.typeText("stage 17")
	f.key("enter")
	v := f.view()
	wants(t, "filtered", v, "› task-17", "of 20 tasks", "/stage 17")
	for _, l := range strings.Split(v, "\n") {
		if strings.HasPrefix(l, "/") && strings.HasSuffix(l, "…") {
			t.Errorf("the filter line is cut: %q", l)
		}
	}
	if f.s.Typing() {
		t.Error("enter must keep the filter and stop typing")
	}
	f.send("enter")
	wants(t, "enter on the filtered list", f.view(), "Fetching the result of task task-17 failed")
}

// TestMouseClickAndWheel: a click selects the task under it, a second
// click on it fetches its result; the wheel moves through the tasks and
// scrolls a result shown on the screen.
func TestMouseClickAndWheel(t *testing.T) {
	t.Parallel()
	s := manyTasks(12)
	long := strings.Repeat("a line of the report\n", 60)
	s.results = map[string]*client.CallResult{"task-01": {Content: []client.Content{{Type: "text", Text: long}}}}
	f := newFixture(t, s, 100, 24)
	f.open()
	// The head is the title and the count; each task takes three rows.
	f.run(f.s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 2 + 3 + 1}))
	if got := f.s.rows[f.s.list.Selected()].ID; got != "task-01" {
		t.Fatalf("a click on task-01's second row selected %s", got)
	}
	if f.s.ShowsResult() {
		t.Fatal("the first click must only select")
	}
	f.run(f.s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 2 + 3}))
	if !f.s.ShowsResult() {
		t.Fatalf("a click on the selected task must fetch its result:\n%s", f.view())
	}
	wants(t, "the result", f.view(), "Result of task task-01", "a line of the report")
	f.s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if f.s.result.Offset() != 3 {
		t.Errorf("the wheel scrolled the result to %d, want 3", f.s.result.Offset())
	}
	f.key("esc")
	f.s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if got := f.s.rows[f.s.list.Selected()].ID; got != "task-04" {
		t.Errorf("the wheel down from task-01 selected %s, want task-04", got)
	}
	before := f.s.list.Selected()
	f.s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 0})
	if f.s.list.Selected() != before {
		t.Error("a click on the title selected a task")
	}
}

// TestResultGoesToItsTool: a result of a task whose tool is known goes to
// that tool (the root's Result tab); any other is shown on the screen,
// and esc goes back to the tasks, then closes the screen.
func TestResultGoesToItsTool(t *testing.T) {
	t.Parallel()
	s := &fakeSession{tasks: []client.Task{task("t-1", client.TaskCompleted, ""), task("t-2", client.TaskCompleted, "")},
		results: map[string]*client.CallResult{"t-1": {}, "t-2": {Content: []client.Content{{Type: "text", Text: "report"}}}}}
	f := newFixture(t, s, 120, 28)
	f.tools["t-1"] = "research"
	f.open()
	wants(t, "the tool named", f.view(), "t-1  completed  research")
	f.send("enter")
	if !slices.Equal(f.delivered, []string{"t-1"}) || f.s.ShowsResult() {
		t.Fatalf("t-1's result went to %v; shown here: %v", f.delivered, f.s.ShowsResult())
	}
	f.key("down")
	f.send("enter")
	wants(t, "shown here", f.view(), "Result of task t-2", "report")
	if h := f.s.Hints(); h[len(h)-1] != [2]string{"esc", "tasks"} {
		t.Errorf("the result's hints: %v", h)
	}
	f.key("esc")
	if f.s.ShowsResult() || f.popped() {
		t.Fatal("esc on a result must go back to the tasks, not close the screen")
	}
	f.key("esc")
	if !f.popped() {
		t.Fatal("esc on the tasks must close the screen")
	}
}

// TestEscStopsWaiting: esc while a result is awaited stops waiting,
// and the answer that comes later is dropped.
func TestEscStopsWaiting(t *testing.T) {
	t.Parallel()
	s := &fakeSession{tasks: []client.Task{task("t-1", client.TaskWorking, "")},
		results: map[string]*client.CallResult{"t-1": {Content: []client.Content{{Type: "text", Text: "late"}}}}}
	f := newFixture(t, s, 120, 28)
	f.open()
	r := f.key("enter")
	wants(t, "waiting", f.view(), "waiting for the result of task t-1 (tasks/result)…")
	if h := f.s.Hints(); h[0] != [2]string{"esc", "stop waiting"} {
		t.Errorf("while waiting the hints are %v", h)
	}
	f.key("esc")
	if f.popped() || f.s.Waiting() != "" || f.status() != "stopped waiting for task t-1; it runs on at the server" {
		t.Fatalf("esc while waiting: popped %v, waiting %q, status %q", f.popped(), f.s.Waiting(), f.status())
	}
	f.run(screen.Result{Cmd: r.Cmd})
	if f.s.ShowsResult() {
		t.Error("the answer after esc was shown")
	}
}

// TestNotConnectedAndStaleReplies: without a session the screen asks the
// root to say so and stays; a reply from an older session is dropped.
func TestNotConnectedAndStaleReplies(t *testing.T) {
	t.Parallel()
	s := &fakeSession{tasks: []client.Task{task("t-1", client.TaskWorking, "")}}
	f := newFixture(t, s, 120, 28)
	f.sess = nil
	f.open()
	if len(f.actions) != 1 || f.s.Loading() {
		t.Fatalf("without a session: actions %v, loading %v", f.actions, f.s.Loading())
	}
	if _, ok := f.actions[0].(screen.NotConnected); !ok {
		t.Fatalf("want NotConnected, got %#v", f.actions[0])
	}
	f.sess = s
	r := f.s.Update(screen.Opened{})
	f.gen++
	f.run(r)
	if strings.Contains(f.view(), "t-1") {
		t.Errorf("a listing from the old session was shown:\n%s", f.view())
	}
}

// TestKeysPutTheCurrentStateFirst: the help and the palette open on the
// keys of what the screen shows.
func TestKeysPutTheCurrentStateFirst(t *testing.T) {
	t.Parallel()
	f := newFixture(t, manyTasks(3), 120, 28)
	f.open()
	for _, c := range []struct {
		keys []string
		want string
	}{{nil, "Tasks"}, {[]string{"x"}, "Cancelling a task"}, {[]string{"n", "i"}, "Typing a task id"},
		{[]string{"esc", "/"}, "Filtering the tasks"}} {
		f.key(c.keys...)
		if got := f.s.Keys()[0].Title; got != c.want {
			t.Errorf("after %v the first group is %q, want %q", c.keys, got, c.want)
		}
		if n := len(f.s.Keys()); n != 5 {
			t.Errorf("after %v: %d groups, want all 5", c.keys, n)
		}
	}
}

// BenchmarkKeyOnManyTasks is a key press and its frame on 1,000 tasks at
// 120 columns.
func BenchmarkKeyOnManyTasks(b *testing.B) {
	f := newFixture(&testing.T{}, manyTasks(1000), 120, 40)
	f.open()
	down, _ := screen.Press("down")
	up, _ := screen.Press("up")
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 {
			f.s.Update(down)
		} else {
			f.s.Update(up)
		}
		f.s.View(120, 40)
	}
}
