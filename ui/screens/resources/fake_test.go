package resources

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/internal/screentest"
	"github.com/toolbench/toolbench/ui/screen"
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
	return &fakeSession{resources: screentest.EverythingResources(), templates: screentest.EverythingTemplates(),
		contents: screentest.EverythingContents()}
}

// open makes the screen on sess (nil: not connected), opens it at
// 100×20 and waits for the listing.
func open(t *testing.T, sess *fakeSession) (*Screen, *screentest.Driver, *screentest.Timers) {
	t.Helper()
	tm := &screentest.Timers{}
	s := New(Deps{Styles: theme.Plain(), Timer: tm.Timer, Evidence: func(error) []string { return nil },
		Session: func() (Session, int) {
			if sess == nil {
				return nil, 1
			}
			return sess, 1
		}})
	d := screentest.New(t, s, s.Waiting, 100, 20)
	d.Send(screen.Opened{})
	return s, d, tm
}
