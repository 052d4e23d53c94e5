package client

import "context"

// CallToolWith is CallTool with the options of a call that may run as a
// task: a task answer is followed (polled, its input requests answered
// through Options.Answer) until it ends, and its result is the call's.
func (s *Session) CallToolWith(ctx context.Context, name string, args []byte, opts CallOptions) (*CallResult, error) {
	return nil, errNotBuilt
}

// ListTasks lists the server's tasks (tasks/list on 2025-11-25) or, where
// there is no such method, the tasks this session has seen.
func (s *Session) ListTasks(ctx context.Context) (TaskList, error) {
	return TaskList{}, errNotBuilt
}

// GetTask asks for one task's state (tasks/get).
func (s *Session) GetTask(ctx context.Context, id string) (Task, error) {
	return Task{}, errNotBuilt
}

// CancelTask asks the server to cancel a task (tasks/cancel) and returns
// its state as the server then reports it.
func (s *Session) CancelTask(ctx context.Context, id string) (Task, error) {
	return Task{}, errNotBuilt
}

// TaskResult waits for a task to end and returns its result
// (tasks/result on 2025-11-25; tasks/get until terminal on 2026-07-28),
// answering its input requests through Options.Answer.
func (s *Session) TaskResult(ctx context.Context, id string) (*CallResult, error) {
	return nil, errNotBuilt
}
