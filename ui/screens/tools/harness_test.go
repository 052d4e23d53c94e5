package tools

import (
	"context"
	"encoding/json"
	"os"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/internal/screentest"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// fixtureTools are the root package's test tools.
const fixtureTools = "../../testdata/fixture.tools.json"

// fakeSession answers calls with call, and reads nothing.
type fakeSession struct {
	mu   sync.Mutex
	call func(ctx context.Context, name string, args []byte) (*client.CallResult, error)
}

func (f *fakeSession) CallToolWith(ctx context.Context, name string, args []byte, _ client.CallOptions) (*client.CallResult, error) {
	f.mu.Lock()
	call := f.call
	f.mu.Unlock()
	return call(ctx, name, args)
}

func (f *fakeSession) ReadResource(context.Context, string) (*client.ReadResult, error) {
	return &client.ReadResult{}, nil
}

// laidOut is the screen as the root drives it: laid out after every
// message.
type laidOut struct{ *Screen }

func (l laidOut) Update(msg tea.Msg) screen.Result {
	r := route(l.Screen, msg)
	r.Cmd = tea.Batch(r.Cmd, l.Layout())
	return r
}

// route gives s msg as the root does: a message no one took goes to the
// part that has focus (the form's own commands' messages among them).
func route(s *Screen, msg tea.Msg) screen.Result {
	r := s.Update(msg)
	switch msg.(type) {
	case tea.KeyPressMsg, tea.MouseClickMsg, tea.MouseWheelMsg, tea.WindowSizeMsg:
		return r
	}
	if !r.Handled && r.Cmd == nil && len(r.Actions) == 0 {
		return s.Update(Forward{Msg: msg})
	}
	return r
}

// harness drives the tools screen alone, its session a fake.
type harness struct {
	*screentest.Driver
	t     *testing.T
	s     *Screen
	sess  *fakeSession
	ended []Ended
	// timers are the delays the screen asked for; none is delivered.
	timers []time.Duration
}

// newHarness shows the fixture's tools at width×height, with every call
// answering "ok".
func newHarness(t *testing.T, width, height int, with ...func(*Deps)) *harness {
	t.Helper()
	h := &harness{t: t, sess: &fakeSession{call: func(context.Context, string, []byte) (*client.CallResult, error) {
		return client.ParseCallResult(json.RawMessage(`{"content":[{"type":"text","text":"ok"}]}`))
	}}}
	now := time.Date(2026, 11, 30, 9, 30, 0, 0, time.UTC)
	d := Deps{Styles: theme.Plain(), Send: func(tea.Msg) {},
		Now: func() time.Time { return now },
		Timer: func(d time.Duration, _ tea.Msg) tea.Cmd {
			h.timers = append(h.timers, d)
			return nil
		},
		Session:   func() (Session, int) { return h.sess, 1 },
		Conn:      func() Conn { return Conn{} },
		CancelKey: func() string { return "esc" },
		Evidence:  func(error, []string) []string { return nil },
		Ended: func(e Ended) tea.Cmd {
			h.ended = append(h.ended, e)
			return nil
		},
		Judged:    func(int, check.OutputVerdict) tea.Cmd { return nil },
		TaskSeen:  func(string, client.Task) {},
		OpenLinks: func([]string) tea.Cmd { return nil },
		SaveTest:  func() tea.Cmd { return nil },
		LogScreen: "log",
	}
	for _, w := range with {
		w(&d)
	}
	h.s = New(d)
	h.Driver = screentest.New(t, laidOut{h.s}, func() string { return h.s.Busy(true) }, width, height)
	h.Send(Listed{Tools: fixture(t)})
	return h
}

// fixture are the fixture's tools.
func fixture(t testing.TB) []tool.Tool {
	t.Helper()
	data, err := os.ReadFile(fixtureTools)
	if err != nil {
		t.Fatal(err)
	}
	tools, err := tool.ParseList(data)
	if err != nil {
		t.Fatal(err)
	}
	return tools
}

// open puts the cursor on tool name and opens it on its form.
func (h *harness) open(name string) {
	h.Send(ShowList{})
	for i, t := range h.s.list.Tools() {
		if t.Name == name {
			h.s.list.Select(i)
		}
	}
	h.Key("enter")
	if h.s.Shown() != name || h.s.listFocused() {
		h.t.Fatalf("%s is not open:\n%s", name, h.View())
	}
}

// answer makes every call answer with raw.
func (h *harness) answer(raw string) {
	h.sess.mu.Lock()
	defer h.sess.mu.Unlock()
	h.sess.call = func(context.Context, string, []byte) (*client.CallResult, error) {
		return client.ParseCallResult(json.RawMessage(raw))
	}
}
