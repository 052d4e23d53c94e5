package ui

import (
	"context"
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/toolbench/toolbench/client"
)

// TestGoldenTasks draws the screens of tasks and apps at 80 and 120
// columns: the badges, a running task, the Tasks screen with a failed
// lookup, and the Meta tab of a tool with an app, read and failed.
func TestGoldenTasks(t *testing.T) {
	t.Parallel()
	screens := map[string]func(h *harness, s *appSession){
		"badges": func(h *harness, _ *appSession) { h.selectTool("refresh_app") },
		"running-task": func(h *harness, s *appSession) {
			s.callWith = func(ctx context.Context, _ string, _ []byte, opts client.CallOptions) (*client.CallResult, error) {
				opts.OnTask(researchTask("786512e2-9e0d-44bd-8f29-789f320fe840", client.TaskWorking, "Analyzing content..."))
				<-ctx.Done()
				return nil, ctx.Err()
			}
			h.selectTool("research")
			h.leaveCalls = true
			h.key("ctrl+s")
			h.pumpUntil("the task", h.m.runsAsTask)
		},
		"tasks-screen": func(h *harness, s *appSession) {
			s.addTask(researchTask("786512e2-9e0d-44bd-8f29-789f320fe840", client.TaskInputRequired,
				`Found multiple interpretations for "python". Requesting clarification...`))
			s.addTask(researchTask("t-2", client.TaskCompleted, ""))
			h.key("alt+t")
			h.pumpUntil("the listing", func() bool { return !h.m.tasksScreen().Loading() })
			h.key("i")
			h.typeText("no-such-task")
			h.key("enter")
			h.pumpUntil("the failure", func() bool { return h.m.tasksScreen().Failed() })
		},
		"app-detail": func(h *harness, s *appSession) {
			s.read = func(context.Context, string) (*client.ReadResult, error) { return appResult(h.t, dashboardHTML), nil }
			h.selectTool("dashboard")
			h.key("alt+6")
			h.readShownApp()
		},
		"app-error": func(h *harness, s *appSession) {
			s.read = func(_ context.Context, uri string) (*client.ReadResult, error) {
				return nil, &client.RPCError{Method: "resources/read", Code: -32002, Message: "Resource not found: " + uri}
			}
			h.selectTool("refresh_app")
			h.key("alt+6")
			h.readShownApp()
		},
	}
	for name, setup := range screens {
		for _, width := range []int{80, 120} {
			t.Run(fmt.Sprintf("%s/%d", name, width), func(t *testing.T) {
				t.Parallel()
				s := &appSession{taskSession: newTaskSession(t)}
				h := startTaskHarness(t, s, width, 24)
				h.freshLog()
				setup(h, s)
				golden.RequireEqual(t, []byte(h.view()))
			})
		}
	}
}
