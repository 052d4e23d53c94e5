package prompts

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"sync"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/internal/screentest"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// fakeSession is a server's prompts side; the mutex is for the commands
// that read it on their own goroutines.
type fakeSession struct {
	mu      sync.Mutex
	prompts []client.Prompt
	// got answers prompts/get; nil answers "unknown prompt".
	got         func(name string, args map[string]string) (*client.PromptResult, error)
	canComplete bool
	complete    func(arg, value string, filled map[string]string) []string
	requests    []request
	completions []completion
}

type request struct {
	name string
	args map[string]string
}

type completion struct {
	ref        client.CompletionRef
	arg, value string
	filled     map[string]string
}

func (f *fakeSession) Offers(string) bool { return true }

func (f *fakeSession) ListPrompts(context.Context) ([]client.Prompt, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.prompts, nil
}

func (f *fakeSession) GetPrompt(_ context.Context, name string, args map[string]string) (*client.PromptResult, error) {
	f.mu.Lock()
	f.requests = append(f.requests, request{name: name, args: maps.Clone(args)})
	got := f.got
	f.mu.Unlock()
	if got == nil {
		return nil, fmt.Errorf("prompts/get %s: unknown prompt", name)
	}
	return got(name, args)
}

func (f *fakeSession) CanComplete() bool { return f.canComplete }

func (f *fakeSession) Complete(_ context.Context, ref client.CompletionRef, arg, value string, filled map[string]string) (*client.Completion, error) {
	f.mu.Lock()
	f.completions = append(f.completions, completion{ref: ref, arg: arg, value: value, filled: maps.Clone(filled)})
	complete := f.complete
	f.mu.Unlock()
	return &client.Completion{Values: complete(arg, value, filled)}, nil
}

// seen returns a copy of what the fake was asked.
func (f *fakeSession) seen() ([]request, []completion) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]request(nil), f.requests...), append([]completion(nil), f.completions...)
}

// everythingLike is a server shaped like server-everything's prompts.
func everythingLike() *fakeSession {
	return &fakeSession{
		prompts: screentest.EverythingPrompts(),
		got: func(name string, args map[string]string) (*client.PromptResult, error) {
			return &client.PromptResult{Description: "The weather in a city", Messages: []client.PromptMessage{
				{Role: "user", Content: client.Content{Type: "text", Text: "What's weather in " + args["city"] + "?"}},
				{Role: "user", Content: client.Content{Type: "resource_link", URI: "demo://resource/static/logo.png", Name: "logo.png"}},
			}}, nil
		},
		complete: teamMembers,
	}
}

// teamMembers answers completable-prompt the way server-everything does.
func teamMembers(arg, value string, filled map[string]string) []string {
	var all []string
	switch arg {
	case "department":
		all = []string{"Engineering", "Sales", "Marketing", "Support"}
	case "name":
		all = map[string][]string{"Engineering": {"Alice", "Bob"}, "Sales": {"David", "Eve"}}[filled["department"]]
	}
	var out []string
	for _, v := range all {
		if strings.HasPrefix(strings.ToLower(v), strings.ToLower(value)) {
			out = append(out, v)
		}
	}
	return out
}

// open makes the screen on sess, opens it at 140×24 and waits for the
// listing.
func open(t *testing.T, sess *fakeSession) (*Screen, *screentest.Driver, *screentest.Timers) {
	t.Helper()
	tm := &screentest.Timers{}
	s := New(Deps{Styles: theme.Plain(), Timer: tm.Timer, Evidence: func(error) []string { return nil },
		Session: func() (Session, int) { return sess, 1 }})
	d := screentest.New(t, s, s.Waiting, 140, 24)
	d.Send(screen.Opened{})
	return s, d, tm
}
