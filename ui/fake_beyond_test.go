package ui

import (
	"context"
	"fmt"

	"github.com/toolbench/toolbench/client"
)

// fakeBeyond is the fake server's resources, prompts and completions.
type fakeBeyond struct {
	resources []client.Resource
	templates []client.ResourceTemplate
	prompts   []client.Prompt
}

func (f *fakeBeyond) ListResources(context.Context) ([]client.Resource, error) {
	return f.resources, nil
}

func (f *fakeBeyond) ListResourceTemplates(context.Context) ([]client.ResourceTemplate, error) {
	return f.templates, nil
}

func (f *fakeBeyond) ReadResource(_ context.Context, uri string) (*client.ReadResult, error) {
	return nil, fmt.Errorf("resources/read %s: unknown resource", uri)
}

func (f *fakeBeyond) ListPrompts(context.Context) ([]client.Prompt, error) { return f.prompts, nil }

func (f *fakeBeyond) GetPrompt(_ context.Context, name string, _ map[string]string) (*client.PromptResult, error) {
	return nil, fmt.Errorf("prompts/get %s: unknown prompt", name)
}

func (f *fakeBeyond) CanComplete() bool { return false }

func (f *fakeBeyond) Complete(context.Context, client.CompletionRef, string, string, map[string]string) (*client.Completion, error) {
	return &client.Completion{}, nil
}

func (f *fakeBeyond) CanSubscribe() bool { return false }

func (f *fakeBeyond) Subscribe(context.Context, string) error { return nil }

func (f *fakeBeyond) Unsubscribe(context.Context, string) error { return nil }
