// Package clientview turns the client's values (call results, content
// blocks, prompts, tasks, frame directions, app resources) into the view
// structs of ui/render, so the renderers know nothing of the client and
// each of these conversions is written once, for the root and every
// screen that draws one.
//
// It imports client and render and nothing else of the UI; screens may
// import it, as they import render.
package clientview

import (
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
)

// Block is a content block as the renderers draw it, its annotations read
// from the bytes the server sent.
func Block(c client.Content) render.Block {
	b := render.Block{Type: c.Type, Text: c.Text, MIMEType: c.MIMEType, Data: c.Data, URI: c.URI, Name: c.Name,
		Title: c.Title, Description: c.Description, Raw: c.Raw}
	if a, ok := c.Annotations(); ok {
		b.Annotations = a.String()
	}
	if r := c.Resource; r != nil {
		b.Resource = &render.EmbeddedResource{URI: r.URI, MIMEType: r.MIMEType, Text: r.Text, Blob: r.Blob}
	}
	return b
}

// Blocks is Block of each of cs, nil for none.
func Blocks(cs []client.Content) []render.Block {
	if len(cs) == 0 {
		return nil
	}
	out := make([]render.Block, len(cs))
	for i, c := range cs {
		out[i] = Block(c)
	}
	return out
}

// Result is a tools/call result as render.Result draws it; nil stays nil
// ("(no result)"). Its duration and task are drawn apart (render.CallHead,
// render.TaskSummary).
func Result(r *client.CallResult) *render.ResultView {
	if r == nil {
		return nil
	}
	return &render.ResultView{Content: Blocks(r.Content), StructuredContent: r.StructuredContent, IsError: r.IsError}
}

// Prompt is a prompts/get result as render.PromptLines draws it; nil
// stays nil.
func Prompt(r *client.PromptResult) *render.PromptView {
	if r == nil {
		return nil
	}
	v := &render.PromptView{Description: r.Description, Messages: make([]render.PromptMessage, len(r.Messages))}
	for i, m := range r.Messages {
		v.Messages[i] = render.PromptMessage{Role: m.Role, Content: Block(m.Content)}
	}
	return v
}

// Task is a task's state as render.TaskLines and render.TaskSummary draw
// it.
func Task(t client.Task) render.TaskView {
	return render.TaskView{ID: t.ID, Status: t.Status, StatusMessage: t.StatusMessage, TTL: t.TTL,
		PollInterval: t.PollInterval}
}

// Dir is a frame's direction as the log draws it.
func Dir(d client.Direction) render.FrameDir {
	if d == client.Sent {
		return render.FrameSent
	}
	return render.FrameReceived
}
