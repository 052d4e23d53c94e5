package workbench

import (
	"context"

	"github.com/toolbench/toolbench/client"
)

// within runs one request of the workbench's session until ctx, the
// workbench or the session ends, counted as under way so Close waits
// for it.
func within[T any](w *session, ctx context.Context, f func(context.Context) (T, error)) (T, error) {
	ctx, end := w.request(ctx)
	defer end()
	return f(ctx)
}

// ListResources lists the resources within the workbench's life.
func (w *session) ListResources(ctx context.Context) ([]client.Resource, error) {
	return within(w, ctx, w.Session.ListResources)
}

// ListResourceTemplates lists the templates within the workbench's life.
func (w *session) ListResourceTemplates(ctx context.Context) ([]client.ResourceTemplate, error) {
	return within(w, ctx, w.Session.ListResourceTemplates)
}

// ReadResource reads a resource within the workbench's life.
func (w *session) ReadResource(ctx context.Context, uri string) (*client.ReadResult, error) {
	return within(w, ctx, func(ctx context.Context) (*client.ReadResult, error) { return w.Session.ReadResource(ctx, uri) })
}

// ListPrompts lists the prompts within the workbench's life.
func (w *session) ListPrompts(ctx context.Context) ([]client.Prompt, error) {
	return within(w, ctx, w.Session.ListPrompts)
}

// GetPrompt gets a prompt within the workbench's life.
func (w *session) GetPrompt(ctx context.Context, name string, args map[string]string) (*client.PromptResult, error) {
	return within(w, ctx, func(ctx context.Context) (*client.PromptResult, error) { return w.Session.GetPrompt(ctx, name, args) })
}

// Complete asks for completions within the workbench's life.
func (w *session) Complete(ctx context.Context, ref client.CompletionRef, arg, value string, filled map[string]string) (*client.Completion, error) {
	return within(w, ctx, func(ctx context.Context) (*client.Completion, error) {
		return w.Session.Complete(ctx, ref, arg, value, filled)
	})
}

// Subscribe subscribes to a resource within the workbench's life.
func (w *session) Subscribe(ctx context.Context, uri string) error {
	_, err := within(w, ctx, func(ctx context.Context) (struct{}, error) { return struct{}{}, w.Session.Subscribe(ctx, uri) })
	return err
}

// Unsubscribe ends a subscription within the workbench's life.
func (w *session) Unsubscribe(ctx context.Context, uri string) error {
	_, err := within(w, ctx, func(ctx context.Context) (struct{}, error) { return struct{}{}, w.Session.Unsubscribe(ctx, uri) })
	return err
}

// ListTasks lists the tasks within the workbench's life.
func (w *session) ListTasks(ctx context.Context) (client.TaskList, error) {
	return within(w, ctx, w.Session.ListTasks)
}

// GetTask looks a task up within the workbench's life.
func (w *session) GetTask(ctx context.Context, id string) (client.Task, error) {
	return within(w, ctx, func(ctx context.Context) (client.Task, error) { return w.Session.GetTask(ctx, id) })
}

// CancelTask cancels a task within the workbench's life.
func (w *session) CancelTask(ctx context.Context, id string) (client.Task, error) {
	return within(w, ctx, func(ctx context.Context) (client.Task, error) { return w.Session.CancelTask(ctx, id) })
}
