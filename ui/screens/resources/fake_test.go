package resources

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/internal/screentest"
	"github.com/toolbench/toolbench/ui/theme"
)

// fakeSession is a server's resources side. Tests fill it before they
// act; the mutex is for the commands that read it on their own
// goroutines while a test changes it.
type fakeSession struct {
	mu        sync.Mutex
	resources []client.Resource
	templates []client.ResourceTemplate
	contents  map[string]*client.ReadResult
	// readGate, when set, holds each read until the test sends on it.
	readGate                  chan struct{}
	undeclared                bool
	canSubscribe, canComplete bool
	complete                  func(ref client.CompletionRef, arg, value string) []string
	reads, subs               []string
	completions               []client.CompletionRef
}

func (f *fakeSession) Offers(string) bool { return !f.undeclared }

func (f *fakeSession) ListResources(context.Context) ([]client.Resource, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.resources, nil
}

func (f *fakeSession) ListResourceTemplates(context.Context) ([]client.ResourceTemplate, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.templates, nil
}

func (f *fakeSession) ReadResource(_ context.Context, uri string) (*client.ReadResult, error) {
	f.mu.Lock()
	f.reads = append(f.reads, uri)
	gate, res := f.readGate, f.contents[uri]
	f.mu.Unlock()
	if gate != nil {
		<-gate
	}
	if res == nil {
		return nil, fmt.Errorf("resources/read %s: unknown resource", uri)
	}
	return res, nil
}

func (f *fakeSession) CanSubscribe() bool { return f.canSubscribe }

func (f *fakeSession) Subscribe(_ context.Context, uri string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.subs = append(f.subs, "subscribe "+uri)
	return nil
}

func (f *fakeSession) Unsubscribe(_ context.Context, uri string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.subs = append(f.subs, "unsubscribe "+uri)
	return nil
}

func (f *fakeSession) CanComplete() bool { return f.canComplete }

func (f *fakeSession) Complete(_ context.Context, ref client.CompletionRef, arg, value string, _ map[string]string) (*client.Completion, error) {
	f.mu.Lock()
	f.completions = append(f.completions, ref)
	complete := f.complete
	f.mu.Unlock()
	return &client.Completion{Values: complete(ref, arg, value)}, nil
}

// seen returns a copy of what the fake was asked.
func (f *fakeSession) seen() (reads, subs []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.reads...), append([]string(nil), f.subs...)
}

// everythingLike is a server shaped like server-everything's resources.
func everythingLike() *fakeSession {
	size := int64(21)
	return &fakeSession{
		resources: []client.Resource{
			{URI: "demo://resource/static/document/architecture.md", Name: "architecture.md", MIMEType: "text/markdown"},
			{URI: "demo://resource/static/config.json", Name: "config.json", MIMEType: "application/json", Size: &size},
			{URI: "demo://resource/static/logo.png", Name: "logo.png", MIMEType: "image/png"},
		},
		templates: []client.ResourceTemplate{
			{URITemplate: "demo://resource/dynamic/text/{resourceId}", Name: "Dynamic Text Resource", MIMEType: "text/plain",
				Description: "Plaintext dynamic resource fabricated from the {resourceId} variable"},
			{URITemplate: "demo://users/{user}/files{/path*}{?version}", Name: "user files"},
		},
		contents: map[string]*client.ReadResult{
			"demo://resource/static/document/architecture.md": {Contents: []client.ResourceContents{{
				URI: "demo://resource/static/document/architecture.md", MIMEType: "text/markdown",
				Text: "# Architecture\n\nThe server is one process.\n"}}, Duration: 3 * time.Millisecond},
			"demo://resource/static/config.json": {Contents: []client.ResourceContents{{URI: "demo://resource/static/config.json",
				MIMEType: "application/json", Text: `{"debug":true,"level":3}`}}, Duration: 2 * time.Millisecond},
			"demo://resource/static/logo.png": {Contents: []client.ResourceContents{{URI: "demo://resource/static/logo.png",
				MIMEType: "image/png", Blob: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="}},
				Duration: 4 * time.Millisecond},
			"demo://resource/dynamic/text/42": {Contents: []client.ResourceContents{{URI: "demo://resource/dynamic/text/42",
				MIMEType: "text/plain", Text: "Resource 42: This is a plaintext resource"}}, Duration: time.Millisecond},
		},
	}
}

// timers records the pauses the screen asks for and ends each at once.
type timers struct {
	mu    sync.Mutex
	asked []time.Duration
}

func (l *timers) timer(d time.Duration, msg tea.Msg) tea.Cmd {
	l.mu.Lock()
	l.asked = append(l.asked, d)
	l.mu.Unlock()
	return func() tea.Msg { return msg }
}

// open makes the screen on sess (nil: not connected), opens it at
// 100×20 and waits for the listing.
func open(t *testing.T, sess *fakeSession) (*Screen, *screentest.Driver, *timers) {
	t.Helper()
	tm := &timers{}
	s := New(Deps{Styles: theme.Plain(), Timer: tm.timer, Evidence: func(error) []string { return nil },
		Session: func() (Session, int) {
			if sess == nil {
				return nil, 1
			}
			return sess, 1
		}})
	d := screentest.New(t, s, s.Waiting, 100, 20)
	d.Send(Opened{})
	return s, d, tm
}
