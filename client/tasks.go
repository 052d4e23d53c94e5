package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/toolbench/toolbench/tool"
)

// isModern reports whether the session speaks 2026-07-28 or later.
func (s *Session) isModern() bool { return mcp.IsModernProtocol(s.mc.ProtocolVersion()) }

// era names the session's era for errors: "legacy" or "modern".
func (s *Session) era() string {
	if s.isModern() {
		return "modern"
	}
	return "legacy"
}

// AcceptsTasks reports whether the server advertises tasks for tool
// calls: tasks.requests.tools.call on 2025-11-25, the tasks extension on
// 2026-07-28. A tool that requires a task cannot be called without it.
func (s *Session) AcceptsTasks() bool { return s.serverAcceptsTasks() }

// serverAcceptsTasks reports whether the server advertises tasks for tool
// calls: tasks.requests.tools.call on 2025-11-25, the tasks extension on
// 2026-07-28.
func (s *Session) serverAcceptsTasks() bool {
	var caps struct {
		Tasks *struct {
			Requests *struct {
				Tools *struct {
					Call json.RawMessage `json:"call"`
				} `json:"tools"`
			} `json:"requests"`
		} `json:"tasks"`
		Extensions map[string]json.RawMessage `json:"extensions"`
	}
	if json.Unmarshal(s.info.Capabilities, &caps) != nil {
		return false
	}
	if s.isModern() {
		_, ok := caps.Extensions[TasksExtension]
		return ok
	}
	return caps.Tasks != nil && caps.Tasks.Requests != nil && caps.Tasks.Requests.Tools != nil && caps.Tasks.Requests.Tools.Call != nil
}

// taskAugmentation decides whether a call is sent task-augmented, and
// returns the task member to send (nil for none). On 2026-07-28 nothing is
// sent: the server decides, and TaskForce only checks that it can. The
// task support of a tool comes from the last ListTools; a tool not listed
// is called plainly unless forced.
func (s *Session) taskAugmentation(name string, mode TaskMode) (*mcp.TaskParams, error) {
	support, listed := s.tasks.supportOf(name)
	accepts := s.serverAcceptsTasks()
	refuse := &TaskSupportError{Tool: name, Support: support, ServerAccepts: accepts, Era: s.era(), Forced: mode == TaskForce}
	if s.isModern() {
		if mode == TaskForce && !accepts {
			return nil, refuse
		}
		return nil, nil
	}
	switch {
	case mode == TaskForce && (!accepts || support == tool.TaskForbidden):
		return nil, refuse
	case mode == TaskForce, listed && support == tool.TaskRequired:
		if !accepts {
			return nil, refuse
		}
		// The receiver chooses the TTL when the request names none
		// (2025-11-25, basic/utilities/tasks).
		return &mcp.TaskParams{}, nil
	}
	return nil, nil
}

// callRPCError is the error of a tools/call answered with e: a -32021 that
// names the tasks extension becomes a *TaskCapabilityError.
func callRPCError(tool string, e *RPCError) error {
	if me, ok := ModernErrorOf(e); ok && me.Code == CodeMissingRequiredClientCapability && needsTasksExtension(e.Data) {
		return &TaskCapabilityError{Tool: tool, Err: e}
	}
	return urlRequired(e)
}

// needsTasksExtension reports whether a -32021's data names the tasks
// extension among the required capabilities.
func needsTasksExtension(data json.RawMessage) bool {
	var d struct {
		Required struct {
			Extensions map[string]json.RawMessage `json:"extensions"`
		} `json:"requiredCapabilities"`
	}
	if json.Unmarshal(data, &d) != nil {
		return false
	}
	_, ok := d.Required.Extensions[TasksExtension]
	return ok
}

// ListTasks lists the server's tasks (tasks/list on 2025-11-25, every
// page) or, on 2026-07-28, which has no tasks/list, the tasks this session
// created or looked up (Listed false).
func (s *Session) ListTasks(ctx context.Context) (TaskList, error) {
	if s.isModern() {
		return TaskList{Tasks: s.tasks.all()}, nil
	}
	return s.listTasksLegacy(ctx)
}

// GetTask asks for one task's state (tasks/get).
func (s *Session) GetTask(ctx context.Context, id string) (Task, error) {
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	t, _, err := s.getTask(ctx, id)
	return t, err
}

// getTask sends one tasks/get and returns the task and the result as sent.
func (s *Session) getTask(ctx context.Context, id string) (Task, json.RawMessage, error) {
	var raw json.RawMessage
	var err error
	if s.isModern() {
		raw, err = s.sendTaskRequest(ctx, string(mcp.MethodTasksGet), id, nil)
	} else {
		raw, err = s.legacyTaskRequest(ctx, mcp.MethodTasksGet, id, func(ctx context.Context) error {
			_, err := s.mc.GetTask(ctx, mcp.GetTaskRequest{Params: mcp.GetTaskParams{TaskId: id}})
			return err
		})
	}
	if err != nil {
		return Task{}, nil, err
	}
	t, ok := parseTask(raw)
	if !ok {
		return Task{}, raw, fmt.Errorf("tasks/get %s: the result is not a task (no taskId or status): %s", truncate(oneLine(id), 80), truncate(string(raw), 200))
	}
	s.tasks.note(t)
	return t, raw, nil
}

// CancelTask asks the server to cancel a task (tasks/cancel) and returns
// its state as the server then reports it: the 2025-11-25 answer is the
// task; the 2026-07-28 answer is an acknowledgement, so a tasks/get
// follows.
func (s *Session) CancelTask(ctx context.Context, id string) (Task, error) {
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	if s.isModern() {
		if _, err := s.sendTaskRequest(ctx, string(mcp.MethodTasksCancel), id, nil); err != nil {
			return Task{}, err
		}
		t, _, err := s.getTask(ctx, id)
		return t, err
	}
	raw, err := s.legacyTaskRequest(ctx, mcp.MethodTasksCancel, id, func(ctx context.Context) error {
		_, err := s.mc.CancelTask(ctx, mcp.CancelTaskRequest{Params: mcp.CancelTaskParams{TaskId: id}})
		return err
	})
	if err != nil {
		return Task{}, err
	}
	t, ok := parseTask(raw)
	if !ok {
		return Task{}, fmt.Errorf("tasks/cancel %s: the result is not a task: %s", truncate(oneLine(id), 80), truncate(string(raw), 200))
	}
	s.tasks.note(t)
	return t, nil
}

// TaskResult waits for a task to end and returns its result
// (tasks/result on 2025-11-25; tasks/get until terminal on 2026-07-28),
// answering its input requests through Options.Answer. The wait has the
// session's timeout, restarted whenever the task's status changes.
func (s *Session) TaskResult(ctx context.Context, id string) (*CallResult, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	defer s.cancelOnEnd(cancel)()
	clock := s.requestClock(cancel)
	defer clock.stop()
	call := s.calls.newInflight(ctx, "", clock.hold, cancel, s.maxAsks())
	defer s.calls.begin(call)()
	ctx = withHold(withGroup(withInflight(withExchange(ctx), call), call.group), clock.hold)
	run := &taskRun{s: s, call: call, clock: clock, start: time.Now(), lookup: true}
	t, _, err := s.getTask(ctx, id)
	if err != nil {
		return nil, err
	}
	return run.follow(ctx, t)
}

// cancelTaskQuietly sends tasks/cancel for a task whose caller stopped
// waiting, bounded by cancelNoticeWait: the caller already has its error,
// and the server's answer changes nothing.
func (s *Session) cancelTaskQuietly(ctx context.Context, id string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cancelNoticeWait)
	defer cancel()
	if s.isModern() {
		_, _ = s.sendTaskRequest(ctx, string(mcp.MethodTasksCancel), id, nil)
		return
	}
	_, _ = s.legacyTaskRequest(ctx, mcp.MethodTasksCancel, id, func(ctx context.Context) error {
		_, err := s.mc.CancelTask(ctx, mcp.CancelTaskRequest{Params: mcp.CancelTaskParams{TaskId: id}})
		return err
	})
}

// taskRPCError wraps a JSON-RPC error about task id.
func taskRPCError(id string, e *RPCError) error {
	return &TaskRequestError{ID: id, Err: e}
}

// isTaskRequestError reports whether err is the server's refusal of a
// request about a task.
func isTaskRequestError(err error) bool {
	var te *TaskRequestError
	return errors.As(err, &te)
}

// noteTaskSupport remembers each listed tool's execution.taskSupport, by
// which CallToolWith decides whether a 2025-11-25 call is sent as a task.
func (s *Session) noteTaskSupport(tools []tool.Tool) {
	support := make(map[string]string, len(tools))
	for _, t := range tools {
		support[t.Name] = t.TaskSupport
	}
	s.tasks.setSupport(support)
}
