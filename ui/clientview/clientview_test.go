package clientview

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
)

// TestBlockAnnotations: a block's annotations are read from the bytes the
// server sent, in the words call's output uses; a block without any, or
// with annotations of the wrong shape, has none. The server's text is
// kept as sent (the renderer escapes it).
func TestBlockAnnotations(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, raw, want string
	}{
		{"all three", `{"type":"text","text":"x","annotations":{"audience":["user","assistant"],"priority":0.8,"lastModified":"2025-01-12T15:00:58Z"}}`,
			"audience: user, assistant · priority: 0.8 · lastModified: 2025-01-12T15:00:58Z"},
		{"priority zero", `{"type":"text","annotations":{"priority":0}}`, "priority: 0"},
		{"empty", `{"type":"text","annotations":{}}`, ""},
		{"none", `{"type":"text","text":"annotations"}`, ""},
		{"wrong shape", `{"type":"text","annotations":"high"}`, ""},
		{"hostile", `{"type":"text","annotations":{"audience":["\u001b]52;c;eA==\u0007user"]}}`, "audience: \x1b]52;c;eA==\x07user"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Block(client.Content{Type: "text", Raw: json.RawMessage(c.raw)}).Annotations; got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestResultKeepsEveryField: a parsed result comes out with each block's
// fields, its embedded resource, structuredContent and isError, so the
// renderer draws what the server sent.
func TestResultKeepsEveryField(t *testing.T) {
	t.Parallel()
	raw := `{"content":[{"type":"resource_link","uri":"file:///a","name":"n","title":"T","description":"D","mimeType":"text/plain"},` +
		`{"type":"resource","resource":{"uri":"mem://r","mimeType":"image/png","blob":"AAAA"}},` +
		`{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}],"structuredContent":{"a":1},"isError":true}`
	res, err := client.ParseCallResult(json.RawMessage(raw))
	if err != nil {
		t.Fatal(err)
	}
	v := Result(res)
	want := []render.Block{
		{Type: "resource_link", URI: "file:///a", Name: "n", Title: "T", Description: "D", MIMEType: "text/plain"},
		{Type: "resource", Resource: &render.EmbeddedResource{URI: "mem://r", MIMEType: "image/png", Blob: "AAAA"}},
		{Type: "image", Data: "iVBORw0KGgo=", MIMEType: "image/png"},
	}
	if len(v.Content) != len(want) || !v.IsError || string(v.StructuredContent) != `{"a":1}` {
		t.Fatalf("got %+v", v)
	}
	for i, b := range v.Content {
		if string(b.Raw) != string(res.Content[i].Raw) {
			t.Errorf("block %d: Raw is not the bytes sent", i)
		}
		b.Raw = nil
		if !reflect.DeepEqual(b, want[i]) {
			t.Errorf("block %d: got %+v, want %+v", i, b, want[i])
		}
	}
	if Result(nil) != nil || Prompt(nil) != nil {
		t.Error("a nil result does not stay nil")
	}
}

// TestPromptTaskAndDir: a prompt keeps its description and each message's
// role and block; a task its id, status, message and times; a frame's
// direction its arrow.
func TestPromptTaskAndDir(t *testing.T) {
	t.Parallel()
	p := Prompt(&client.PromptResult{Description: "d", Messages: []client.PromptMessage{
		{Role: "user", Content: client.Content{Type: "text", Text: "hi"}}}})
	if p.Description != "d" || len(p.Messages) != 1 || p.Messages[0].Role != "user" || p.Messages[0].Content.Text != "hi" {
		t.Errorf("prompt: got %+v", p)
	}
	ttl := time.Minute
	task := Task(client.Task{ID: "t1", Status: client.TaskWorking, StatusMessage: "m", TTL: &ttl, PollInterval: time.Second})
	if task != (render.TaskView{ID: "t1", Status: "working", StatusMessage: "m", TTL: &ttl, PollInterval: time.Second}) {
		t.Errorf("task: got %+v", task)
	}
	if Dir(client.Sent) != render.FrameSent || Dir(client.Received) != render.FrameReceived ||
		Dir(client.Sent).String() != client.Sent.String() || Dir(client.Received).String() != client.Received.String() {
		t.Error("a frame's direction is not kept")
	}
}
