package root

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/tasks"
	"github.com/toolbench/toolbench/internal/peer"
)

// tasksCmd returns target arguments that start the tasks fixture of era
// as a stdio child.
func tasksCmd(t *testing.T, era string) []string {
	t.Helper()
	path, args, env := tasks.Command(era, filepath.Join(t.TempDir(), "tasks.log"), t.Name(), tasks.Config{Polls: 1, PollInterval: 10 * time.Millisecond})
	var out []string
	for _, e := range env {
		out = append(out, "-e", e)
	}
	return append(append(out, path), args...)
}

// TestCallTask: call runs a task-required tool as a task without
// ceremony, --task forces an optional one, and the refusals and failures
// say what happened with the right exit codes.
func TestCallTask(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, era := range []string{"legacy", "modern"} {
		t.Run(era, func(t *testing.T) {
			t.Parallel()
			target := tasksCmd(t, era)
			r := runToolbench(t, ctx, "", withTarget(target, "call", tasks.StepsTool, "-v")...)
			if r.code != exitOK || !strings.Contains(r.out, tasks.StepsText) {
				t.Fatalf("call steps: exit %d\n%s%s", r.code, r.out, r.err)
			}
			if !strings.Contains(r.err, " working (poll every ") || !strings.Contains(r.err, " completed") {
				t.Errorf("-v does not show the task's states:\n%s", r.err)
			}
			r = runToolbench(t, ctx, "", withTarget(target, "call", tasks.FailTool)...)
			if r.code != exitToolError || !strings.Contains(r.err, tasks.FailMessage) {
				t.Errorf("call fails: exit %d\n%s", r.code, r.err)
			}
			r = runToolbench(t, ctx, "", withTarget(target, "call", tasks.SelfCancelTool)...)
			if r.code != exitToolError || !strings.Contains(r.err, "was cancelled") || !strings.Contains(r.err, "it has no result") {
				t.Errorf("call self-cancels: exit %d\n%s", r.code, r.err)
			}
			r = runToolbench(t, ctx, "", withTarget(target, "call", tasks.StepsTool, "--json")...)
			var out struct {
				Task struct {
					Status string `json:"status"`
				} `json:"task"`
			}
			if r.code != exitOK || json.Unmarshal([]byte(r.out), &out) != nil || out.Task.Status != client.TaskCompleted {
				t.Errorf("call --json: exit %d, want the task's last state under task:\n%s%s", r.code, r.out, r.err)
			}
		})
	}
	target := tasksCmd(t, "legacy")
	r := runToolbench(t, ctx, "", withTarget(target, "call", tasks.OptionalTool, "--task", "--arg", "text=forced", "-v")...)
	if r.code != exitOK || !strings.Contains(r.out, "forced") || !strings.Contains(r.err, "toolbench: task ") {
		t.Errorf("call --task on an optional tool: exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = runToolbench(t, ctx, "", withTarget(target, "call", tasks.PlainTool, "--task")...)
	if r.code != exitUsage || !strings.Contains(r.err, `taskSupport is "forbidden"`) || !strings.Contains(r.err, "hint: call it without --task") {
		t.Errorf("call --task on a tool that forbids tasks: exit %d\n%s", r.code, r.err)
	}
}

// TestTaskCommands: tasks lists (or says why it cannot), task get,
// result and cancel act on one task by id, and an unknown id is explained.
func TestTaskCommands(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := runToolbench(t, ctx, "", withTarget(tasksCmd(t, "legacy"), "tasks")...)
	if r.code != exitOK || !strings.Contains(r.out, "ID  STATUS  CREATED  LAST UPDATE  MESSAGE") || !strings.Contains(r.out, "0 tasks.") {
		t.Errorf("tasks (legacy): exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = runToolbench(t, ctx, "", withTarget(tasksCmd(t, "legacy"), "task", "get", "no-such-task")...)
	if r.code != exitToolError || !strings.Contains(r.err, "task no-such-task: tasks/get") || !strings.Contains(r.err, "hint: the server may not know this task id") {
		t.Errorf("task get of an unknown id: exit %d\n%s", r.code, r.err)
	}

	url, stop, err := tasks.StartModernHTTP(tasks.NewModern(tasks.NewLog(nil), tasks.Config{Polls: 1}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	target := []string{"http", url}
	r = runToolbench(t, ctx, "", withTarget(target, "tasks", "--json")...)
	if r.code != exitOK || strings.TrimSpace(r.out) != `{
  "tasks": []
}` || !strings.Contains(r.err, "which has no tasks/list") {
		t.Errorf("tasks (modern): exit %d\n%s%s", r.code, r.out, r.err)
	}
	if r = runToolbench(t, ctx, "", withTarget(target, "call", tasks.StepsTool)...); r.code != exitOK {
		t.Fatalf("call: exit %d\n%s", r.code, r.err)
	}
	r = runToolbench(t, ctx, "", withTarget(target, "task", "get", "task-1")...)
	if r.code != exitOK || !strings.Contains(r.out, "status       completed") {
		t.Errorf("task get: exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = runToolbench(t, ctx, "", withTarget(target, "task", "result", "task-1")...)
	if r.code != exitOK || !strings.Contains(r.out, tasks.StepsText) {
		t.Errorf("task result: exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = runToolbench(t, ctx, "", withTarget(target, "task", "cancel", "task-1", "--json")...)
	if r.code != exitOK || !strings.Contains(r.out, `"taskId": "task-1"`) {
		t.Errorf("task cancel --json: exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = runToolbench(t, ctx, "", "task", "get")
	if r.code != exitUsage || !strings.Contains(r.err, "needs a task ID") {
		t.Errorf("task get without an id: exit %d\n%s", r.code, r.err)
	}
}

// TestEverythingTaskCommand: server-everything's simulate-research-query
// runs as a task from call, and tasks lists with tasks/list.
func TestEverythingTaskCommand(t *testing.T) {
	t.Parallel()
	target := []string{"stdio", peer.Node(t), peer.Entry(t, peer.Everything)}
	ctx := context.Background()
	r := runToolbench(t, ctx, "", withTarget(target, "call", "simulate-research-query", "--arg", "topic=tides", "-v")...)
	if r.code != exitOK || !strings.Contains(r.out, "# Research Report: tides") || !strings.Contains(r.err, "(poll every 1s, kept 5m0s)") {
		t.Errorf("call simulate-research-query: exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = runToolbench(t, ctx, "", withTarget(target, "tasks")...)
	if r.code != exitOK || !strings.Contains(r.out, "tasks.") && !strings.Contains(r.out, "task.") {
		t.Errorf("tasks: exit %d\n%s%s", r.code, r.out, r.err)
	}
}
