package ui

import (
	"context"
	"fmt"

	"github.com/toolbench/toolbench/client"
)

// fakeTasks is the fake server's tasks.
type fakeTasks struct {
	tasks []client.Task
}

func (f *fakeTasks) ListTasks(context.Context) (client.TaskList, error) {
	return client.TaskList{Tasks: f.tasks, Listed: true}, nil
}

func (f *fakeTasks) GetTask(_ context.Context, id string) (client.Task, error) {
	for _, t := range f.tasks {
		if t.ID == id {
			return t, nil
		}
	}
	return client.Task{}, fmt.Errorf("tasks/get %s: unknown task", id)
}

func (f *fakeTasks) CancelTask(ctx context.Context, id string) (client.Task, error) {
	return f.GetTask(ctx, id)
}

func (f *fakeTasks) TaskResult(_ context.Context, id string) (*client.CallResult, error) {
	return nil, fmt.Errorf("tasks/result %s: unknown task", id)
}
