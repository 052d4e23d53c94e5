package ui

import (
	"context"
	"fmt"
	"maps"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/internal/screentest"
	"github.com/toolbench/toolbench/ui/screens/prompts"
	"github.com/toolbench/toolbench/ui/screens/resources"
)

// fakeBeyond is the fake server's resources, prompts and completions.
// Tests fill it before they act; the mutex is for the commands that read
// it on their own goroutines while a test changes it (a list_changed).
type fakeBeyond struct {
	bmu       sync.Mutex
	resources []client.Resource
	templates []client.ResourceTemplate
	prompts   []client.Prompt
	// noCapabilities makes the server declare no resources or prompts.
	noCapabilities bool
	// contents are what resources/read answers, by URI.
	contents map[string]*client.ReadResult
	// readGate, when set, holds each read until the test sends on it.
	readGate chan struct{}
	// got answers prompts/get; nil answers "unknown prompt".
	got func(name string, args map[string]string) (*client.PromptResult, error)
	// canComplete and canSubscribe are the server's capabilities;
	// complete answers completion/complete.
	canComplete, canSubscribe bool
	complete                  func(ref client.CompletionRef, arg, value string, filled map[string]string) []string
	// otherPages and othersErr answer ListOtherPages: no pages unless a
	// test sets them.
	otherPages []client.ListPage
	othersErr  error
	// The requests seen, in order.
	reads, subs    []string
	completeCalls  []completeCall
	promptRequests []promptRequest
}

type completeCall struct {
	ref        client.CompletionRef
	arg, value string
	filled     map[string]string
}

type promptRequest struct {
	name string
	args map[string]string
}

func (f *fakeBeyond) ListOtherPages(context.Context) ([]client.ListPage, error) {
	f.bmu.Lock()
	defer f.bmu.Unlock()
	return f.otherPages, f.othersErr
}

func (f *fakeBeyond) ListResources(context.Context) ([]client.Resource, error) {
	f.bmu.Lock()
	defer f.bmu.Unlock()
	if f.noCapabilities {
		return nil, &client.RPCError{Method: "resources/list", Code: -32601, Message: "resources not supported"}
	}
	return f.resources, nil
}

func (f *fakeBeyond) ListResourceTemplates(context.Context) ([]client.ResourceTemplate, error) {
	f.bmu.Lock()
	defer f.bmu.Unlock()
	return f.templates, nil
}

func (f *fakeBeyond) ReadResource(_ context.Context, uri string) (*client.ReadResult, error) {
	f.bmu.Lock()
	f.reads = append(f.reads, uri)
	gate, res := f.readGate, f.contents[uri]
	f.bmu.Unlock()
	if gate != nil {
		<-gate
	}
	if res == nil {
		return nil, fmt.Errorf("resources/read %s: unknown resource", uri)
	}
	return res, nil
}

func (f *fakeBeyond) ListPrompts(context.Context) ([]client.Prompt, error) {
	f.bmu.Lock()
	defer f.bmu.Unlock()
	if f.noCapabilities {
		return nil, &client.RPCError{Method: "prompts/list", Code: -32601, Message: "prompts not supported"}
	}
	return f.prompts, nil
}

func (f *fakeBeyond) GetPrompt(_ context.Context, name string, args map[string]string) (*client.PromptResult, error) {
	f.bmu.Lock()
	f.promptRequests = append(f.promptRequests, promptRequest{name: name, args: maps.Clone(args)})
	got := f.got
	f.bmu.Unlock()
	if got == nil {
		return nil, fmt.Errorf("prompts/get %s: unknown prompt", name)
	}
	return got(name, args)
}

// Offers declares every capability unless the test took them away.
func (f *fakeBeyond) Offers(string) bool { return !f.noCapabilities }

func (f *fakeBeyond) CanComplete() bool {
	f.bmu.Lock()
	defer f.bmu.Unlock()
	return f.canComplete
}

func (f *fakeBeyond) Complete(_ context.Context, ref client.CompletionRef, arg, value string, filled map[string]string) (*client.Completion, error) {
	f.bmu.Lock()
	f.completeCalls = append(f.completeCalls, completeCall{ref: ref, arg: arg, value: value, filled: maps.Clone(filled)})
	complete := f.complete
	f.bmu.Unlock()
	if complete == nil {
		return &client.Completion{}, nil
	}
	return &client.Completion{Values: complete(ref, arg, value, filled)}, nil
}

func (f *fakeBeyond) CanSubscribe() bool {
	f.bmu.Lock()
	defer f.bmu.Unlock()
	return f.canSubscribe
}

func (f *fakeBeyond) Subscribe(_ context.Context, uri string) error {
	f.bmu.Lock()
	defer f.bmu.Unlock()
	f.subs = append(f.subs, "subscribe "+uri)
	return nil
}

func (f *fakeBeyond) Unsubscribe(_ context.Context, uri string) error {
	f.bmu.Lock()
	defer f.bmu.Unlock()
	f.subs = append(f.subs, "unsubscribe "+uri)
	return nil
}

// beyondBusy names what the resources and prompts screens wait for, or "".
func beyondBusy(m *Model) string {
	if sc, ok := m.screens.made[resources.ID].(*resources.Screen); ok && sc.Waiting() != "" {
		return sc.Waiting()
	}
	if sc, ok := m.screens.made[prompts.ID].(*prompts.Screen); ok {
		return sc.Waiting()
	}
	return ""
}

// settleBeyond feeds messages until the screens wait for nothing.
func (h *harness) settleBeyond() {
	h.t.Helper()
	h.settle()
	h.pumpUntil("the resources and prompts screens settling", func() bool { return beyondBusy(h.m) == "" })
	h.settle()
}

// keyB presses keys, settling the screens after each.
func (h *harness) keyB(keys ...string) {
	h.t.Helper()
	for _, k := range keys {
		h.key(k)
		h.settleBeyond()
	}
}

// typeB types text, settling the screens after each key.
func (h *harness) typeB(s string) {
	h.t.Helper()
	for _, r := range s {
		h.update(tea.KeyPressMsg{Code: r, Text: string(r)})
		h.settleBeyond()
	}
}

// everythingLike is a fake server shaped like server-everything's
// resources and prompts, small enough to read in a golden.
func everythingLike(t *testing.T) *fakeSession {
	t.Helper()
	s := newFakeSession(t, fixtureTools)
	s.resources, s.templates = screentest.EverythingResources(), screentest.EverythingTemplates()
	s.contents, s.prompts = screentest.EverythingContents(), screentest.EverythingPrompts()
	s.got = func(name string, args map[string]string) (*client.PromptResult, error) {
		return &client.PromptResult{Description: "The weather in a city", Messages: []client.PromptMessage{
			{Role: "user", Content: client.Content{Type: "text", Text: "What's weather in " + args["city"] + "?"}},
			{Role: "assistant", Content: client.Content{Type: "image", MIMEType: "image/png",
				Data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="}},
			{Role: "user", Content: client.Content{Type: "audio", MIMEType: "audio/wav", Data: "UklGRiQAAABXQVZF"}},
			{Role: "user", Content: client.Content{Type: "resource", Resource: &client.ResourceContents{
				URI: "demo://resource/static/config.json", MIMEType: "application/json", Text: `{"debug":true}`}}},
			{Role: "user", Content: client.Content{Type: "resource_link", URI: "demo://resource/static/logo.png", Name: "logo.png"}},
		}}, nil
	}
	return s
}
