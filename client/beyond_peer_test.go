package client_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
)

// TestEverythingBeyondTools: server-everything's resources, templates,
// prompts, completions and subscriptions, on every transport it offers.
func TestEverythingBeyondTools(t *testing.T) {
	for name, tgt := range everythingTargets(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			updates := &eventLog[client.ResourceUpdatedEvent]{}
			s, err := client.Connect(ctx, tgt, client.Options{Timeout: 20 * time.Second, OnEvent: updates.note})
			if err != nil {
				t.Fatalf("connect: %v", err)
			}
			defer s.Close()
			everythingResources(t, s)
			everythingPrompts(t, s)
			if !s.CanSubscribe() {
				t.Fatal("CanSubscribe = false")
			}
			uri := "demo://resource/dynamic/text/1"
			if err := s.Subscribe(ctx, uri); err != nil {
				t.Fatal(err)
			}
			if _, err := s.CallTool(ctx, "toggle-subscriber-updates", []byte(`{}`), nil); err != nil {
				t.Fatal(err)
			}
			if _, ok := updates.wait(10*time.Second, func(e client.ResourceUpdatedEvent) bool { return e.URI == uri }); !ok {
				t.Error("no ResourceUpdatedEvent after toggle-subscriber-updates")
			}
			_, _ = s.CallTool(ctx, "toggle-subscriber-updates", []byte(`{}`), nil)
			if err := s.Unsubscribe(ctx, uri); err != nil {
				t.Error(err)
			}
		})
	}
}

func everythingResources(t *testing.T, s *client.Session) {
	t.Helper()
	ctx := context.Background()
	res, err := s.ListResources(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 7 {
		t.Errorf("got %d resources, want 7", len(res))
	}
	tmpls, err := s.ListResourceTemplates(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tm := range tmpls {
		got = append(got, tm.URITemplate)
	}
	slices.Sort(got)
	if want := []string{"demo://resource/dynamic/blob/{resourceId}", "demo://resource/dynamic/text/{resourceId}"}; !slices.Equal(got, want) {
		t.Errorf("templates = %q, want %q", got, want)
	}
	read, err := s.ReadResource(ctx, "demo://resource/dynamic/blob/2")
	if err != nil {
		t.Fatal(err)
	}
	if len(read.Contents) != 1 || read.Contents[0].Blob == "" {
		t.Errorf("blob read = %+v", read.Contents)
	}
}

func everythingPrompts(t *testing.T, s *client.Session) {
	t.Helper()
	ctx := context.Background()
	prompts, err := s.ListPrompts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range prompts {
		names = append(names, p.Name)
	}
	slices.Sort(names)
	if want := []string{"args-prompt", "completable-prompt", "resource-prompt", "simple-prompt"}; !slices.Equal(names, want) {
		t.Errorf("prompts = %q, want %q", names, want)
	}
	if !s.CanComplete() {
		t.Fatal("CanComplete = false")
	}
	ref := client.CompletionRef{Prompt: "completable-prompt"}
	c, err := s.Complete(ctx, ref, "name", "", map[string]string{"department": "Sales"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"David", "Eve", "Frank"}; !slices.Equal(c.Values, want) {
		t.Errorf("completions = %q, want %q (from context.arguments)", c.Values, want)
	}
	r, err := s.GetPrompt(ctx, "resource-prompt", map[string]string{"resourceType": "Text", "resourceId": "3"})
	if err != nil {
		t.Fatal(err)
	}
	var embedded bool
	for _, m := range r.Messages {
		if m.Content.Type == "resource" && m.Content.Resource != nil && strings.HasSuffix(m.Content.Resource.URI, "/text/3") {
			embedded = true
		}
	}
	if !embedded {
		t.Errorf("resource-prompt messages = %+v, want an embedded text resource 3", r.Messages)
	}
}
