package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// maxTaskPages stops a tasks/list whose cursors never end.
const maxTaskPages = 1000

// legacyTaskRequest sends one 2025-11-25 tasks request through mcp-go's
// typed call and returns the result as sent: what is shown comes from the
// server's bytes, not mcp-go's struct. A JSON-RPC error comes back as a
// *TaskRequestError.
func (s *Session) legacyTaskRequest(ctx context.Context, method mcp.MCPMethod, id string, send func(context.Context) error) (json.RawMessage, error) {
	ctx, c := withCapture(ctx, string(method))
	err := send(ctx)
	raw, rpcErr := c.reply()
	if rpcErr != nil {
		return nil, taskRPCError(id, rpcErrorFrom(string(method), rpcErr))
	}
	if raw == nil {
		return nil, s.requestError(fmt.Sprintf("%s %s", method, truncate(oneLine(id), 80)), ctx, err)
	}
	return raw, nil
}

// finishLegacy asks for a 2025-11-25 task's result with the blocking
// tasks/result, once the task needs input or has ended: the server puts
// its elicitation and sampling requests, tied to the task by related-task
// _meta, while tasks/result waits, and they reach Options.Answer as asks
// of the call. Status notifications that arrive meanwhile still count as
// progress. A task the server cancelled has no result to fetch.
func (r *taskRun) finishLegacy(ctx context.Context, notes <-chan Task) (*CallResult, error) {
	if r.state().Status == TaskCancelled {
		return nil, r.cancelledErr()
	}
	id := r.state().ID
	done := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		for {
			select {
			case t := <-notes:
				r.observe(t, false)
			case <-done:
				return
			}
		}
	}()
	raw, err := r.s.legacyTaskRequest(ctx, mcp.MethodTasksResult, id, func(ctx context.Context) error {
		_, err := r.s.mc.TaskResult(ctx, mcp.TaskResultRequest{Params: mcp.TaskResultParams{TaskId: id}})
		return err
	})
	close(done)
	<-watched
	var te *TaskRequestError
	switch {
	case ctx.Err() != nil:
		return nil, r.stopped(ctx, err)
	case errors.As(err, &te):
		// tasks/result carries the JSON-RPC error the request would have
		// had (2025-11-25): the call's error, not a problem with the id.
		return nil, r.named(te.Err)
	case err != nil:
		return nil, r.named(err)
	}
	r.settle(ctx)
	if u := r.call.failure(); u != nil {
		return nil, fmt.Errorf("%s: %w", r.what(), u)
	}
	return r.outcome(raw)
}

// settle reads the task's final state after its result arrived, so the
// result carries it; a failure keeps the last state seen.
func (r *taskRun) settle(ctx context.Context) {
	if r.state().Terminal() {
		return
	}
	if t, _, err := r.s.getTask(ctx, r.state().ID); err == nil {
		r.observe(t, true)
	}
}

// listTasksLegacy follows tasks/list to its last page.
func (s *Session) listTasksLegacy(ctx context.Context) (TaskList, error) {
	list := TaskList{Listed: true}
	seen := map[string]bool{"": true}
	cursor := ""
	for page := 1; ; page++ {
		raw, err := s.listTasksPage(ctx, cursor)
		if err != nil {
			return TaskList{}, fmt.Errorf("list tasks (page %d): %w", page, err)
		}
		var p struct {
			Tasks      []json.RawMessage `json:"tasks"`
			NextCursor string            `json:"nextCursor"`
		}
		if err := json.Unmarshal(raw, &p); err != nil {
			return TaskList{}, fmt.Errorf("tasks/list (page %d): the result is not a task list: %w", page, err)
		}
		list.Raw = append(list.Raw, raw)
		for i, tr := range p.Tasks {
			t, ok := parseTask(tr)
			if !ok {
				return TaskList{}, fmt.Errorf("tasks/list (page %d, task %d): no taskId or status: %s", page, i, truncate(string(tr), 200))
			}
			s.tasks.note(t)
			list.Tasks = append(list.Tasks, t)
		}
		switch {
		case p.NextCursor == "":
			return list, nil
		case seen[p.NextCursor]:
			return TaskList{}, fmt.Errorf("list tasks: the server repeated cursor %q on page %d; stopping instead of looping", truncate(p.NextCursor, 80), page)
		case page >= maxTaskPages:
			return TaskList{}, fmt.Errorf("list tasks: more than %d pages; stopping", maxTaskPages)
		}
		seen[p.NextCursor] = true
		cursor = p.NextCursor
	}
}

// listTasksPage fetches one tasks/list page as sent.
func (s *Session) listTasksPage(ctx context.Context, cursor string) (json.RawMessage, error) {
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	ctx, c := withCapture(ctx, string(mcp.MethodTasksList))
	req := mcp.ListTasksRequest{}
	req.Params.Cursor = mcp.Cursor(cursor)
	_, err := s.mc.ListTasksByPage(ctx, req)
	raw, rpcErr := c.reply()
	if rpcErr != nil {
		return nil, rpcErrorFrom("tasks/list", rpcErr)
	}
	if raw == nil {
		return nil, s.requestError("tasks/list", ctx, err)
	}
	return raw, nil
}
