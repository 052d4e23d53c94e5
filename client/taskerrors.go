package client

import (
	"errors"
	"fmt"
)

// ErrTaskCancelled is what a *TaskCancelledError wraps.
var ErrTaskCancelled = errors.New("the task was cancelled")

// ErrNoTasks is what a *TaskSupportError wraps.
var ErrNoTasks = errors.New("the call cannot run as a task")

// TaskSupportError says that a call was not sent because it cannot run
// as a task: the tool forbids tasks, or the server does not accept them
// (no tasks.requests.tools.call on 2025-11-25, no tasks extension on
// 2026-07-28). It wraps ErrNoTasks.
type TaskSupportError struct {
	// Tool is the tool called.
	Tool string
	// Support is the tool's execution.taskSupport ("forbidden",
	// "optional", "required"); "" when the tool was not listed.
	Support string
	// ServerAccepts is set when the server advertises tasks for tool
	// calls.
	ServerAccepts bool
	// Era is "legacy" or "modern".
	Era string
	// Forced is set when the call was asked to run as a task (TaskForce);
	// otherwise the tool requires it.
	Forced bool
}

// Error implements error.
func (e *TaskSupportError) Error() string {
	if !e.ServerAccepts {
		if e.Era == "modern" {
			return fmt.Sprintf("call %s as a task: the server does not advertise the %s extension", e.Tool, TasksExtension)
		}
		return fmt.Sprintf("call %s as a task: the server does not advertise tasks.requests.tools.call", e.Tool)
	}
	return fmt.Sprintf("call %s as a task: the tool's execution.taskSupport is %q", e.Tool, e.Support)
}

// Unwrap returns ErrNoTasks.
func (e *TaskSupportError) Unwrap() error { return ErrNoTasks }

func (e *TaskSupportError) hint() string {
	switch {
	case !e.ServerAccepts && !e.Forced:
		return "the tool says it runs only as a task, and the server says it takes none: the server contradicts itself"
	case !e.ServerAccepts:
		return "call it without --task; this server runs no tool as a task"
	}
	return "call it without --task; only tools whose taskSupport is optional or required run as tasks"
}

func (e *TaskSupportError) evidence() Evidence { return Evidence{} }

// TaskCancelledError says that the task a call ran as ended cancelled by
// the server's account (not because the person stopped waiting, which is
// ErrCancelled). It wraps ErrTaskCancelled.
type TaskCancelledError struct {
	// Task is the task's last state.
	Task Task
	// Tool is the tool called; "" for a task looked up by id.
	Tool string
}

// Error implements error.
func (e *TaskCancelledError) Error() string {
	s := fmt.Sprintf("task %s was cancelled", e.Task.ID)
	if e.Tool != "" {
		s = fmt.Sprintf("call %s: %s", e.Tool, s)
	}
	if e.Task.StatusMessage != "" {
		s += ": " + truncate(oneLine(e.Task.StatusMessage), 200)
	}
	return s
}

// Unwrap returns ErrTaskCancelled.
func (e *TaskCancelledError) Unwrap() error { return ErrTaskCancelled }

func (e *TaskCancelledError) hint() string       { return "" }
func (e *TaskCancelledError) evidence() Evidence { return Evidence{} }

// TaskRequestError is a JSON-RPC error the server answered a request
// about one task with (tasks/get, tasks/result, tasks/cancel,
// tasks/update): most often a task id it does not know, or no longer keeps.
// It wraps the *RPCError.
type TaskRequestError struct {
	// ID is the task id asked about.
	ID string
	// Err is the server's answer.
	Err *RPCError
}

// Error implements error.
func (e *TaskRequestError) Error() string {
	return fmt.Sprintf("task %s: %v", truncate(oneLine(e.ID), 80), e.Err)
}

// Unwrap returns the *RPCError.
func (e *TaskRequestError) Unwrap() error { return e.Err }

func (e *TaskRequestError) hint() string {
	return "the server may not know this task id, or no longer keep it (its TTL passed); toolbench tasks TARGET lists the tasks it knows"
}

func (e *TaskRequestError) evidence() Evidence { return Evidence{} }

// TaskCapabilityError says that a 2026-07-28 server answered a call with
// -32021 for want of the tasks extension: it runs the tool only as a task,
// and did not see the client declare the extension. It wraps the *RPCError.
type TaskCapabilityError struct {
	// Tool is the tool called.
	Tool string
	// Err is the server's answer.
	Err *RPCError
}

// Error implements error.
func (e *TaskCapabilityError) Error() string {
	return fmt.Sprintf("call %s: the server runs it only as a task and says the client lacks the %s extension: %v", e.Tool, TasksExtension, e.Err)
}

// Unwrap returns the *RPCError.
func (e *TaskCapabilityError) Unwrap() error { return e.Err }

func (e *TaskCapabilityError) hint() string {
	return "toolbench declares the tasks extension on every request; a proxy may strip _meta, or the server may read capabilities from elsewhere (see the protocol log)"
}

func (e *TaskCapabilityError) evidence() Evidence { return Evidence{} }
