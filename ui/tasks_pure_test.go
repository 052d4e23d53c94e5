package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// TestTaskViewsOnlyDraw checks that View only draws on the screens of
// tasks and apps, at 80 and 120 columns: a running task, the Tasks screen
// with its question, its id input, a failure and a result scrolled, and
// the Meta tab of a tool with an app, read and scrolled.
func TestTaskViewsOnlyDraw(t *testing.T) {
	t.Parallel()
	for _, w := range []int{80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			s := &appSession{taskSession: newTaskSession(t),
				read: func(context.Context, string) (*client.ReadResult, error) { return appResult(t, dashboardHTML), nil }}
			s.callWith = func(ctx context.Context, _ string, _ []byte, opts client.CallOptions) (*client.CallResult, error) {
				opts.OnTask(researchTask("t-1", client.TaskWorking, "Gathering sources..."))
				<-ctx.Done()
				return nil, ctx.Err()
			}
			long := &client.CallResult{Content: []client.Content{{Type: "text", Text: strings.Repeat("a line of the report\n", 60)}}}
			s.results = map[string]*client.CallResult{"t-2": long}
			s.addTask(researchTask("t-2", client.TaskCompleted, ""))
			h := startTaskHarness(t, s, w, 24)
			look := func(label string) { t.Helper(); assertPureView(t, h, label) }
			h.selectTool("research")
			h.leaveCalls = true
			h.key("ctrl+s")
			h.pumpUntil("the task", h.m.runsAsTask)
			look("running task")
			h.key("esc")
			h.leaveCalls = false
			h.settle()
			h.key("esc", "alt+t")
			h.pumpUntil("the listing", func() bool { return !h.m.tasksScreen().Loading() })
			look("tasks")
			h.key("x")
			look("tasks, cancel asked")
			h.key("n", "i")
			h.typeText("nope")
			look("tasks, typing an id")
			h.key("enter")
			h.pumpUntil("the failure", func() bool { return h.m.tasksScreen().Failed() })
			look("tasks, a failure")
			h.key("end", "enter")
			h.pumpUntil("the result", func() bool { return h.m.tasksScreen().ShowsResult() })
			h.key("pgdown", "pgdown", "pgdown", "pgdown")
			look("tasks, a result scrolled")
			h.key("esc", "esc")
			h.selectTool("dashboard")
			h.key("alt+6")
			h.readShownApp()
			h.key("end")
			look("app, read, at the end")
		})
	}
}
