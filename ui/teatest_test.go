package ui

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/toolbench/toolbench/client"
)

// TestTeatestCallFlow runs the workbench in a real bubbletea program:
// filter, open a tool, type an argument, call, and see the result.
func TestTeatestCallFlow(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	s.call = func(_ context.Context, name string, args []byte, _ func(client.ProgressEvent)) (*client.CallResult, error) {
		return client.ParseCallResult([]byte(`{"content":[{"type":"text","text":"echo: ` + string(bytes.ReplaceAll(args, []byte(`"`), nil)) + `"}]}`))
	}
	m := New(func(context.Context, func(client.Event), client.Answerer) (Session, error) { return s, nil },
		Options{Target: "fake", Styles: plainStyles()})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 30))
	m.SetSender(tm.Send)
	waitScreen(t, tm, "● ready")
	tm.Type("/ech")
	tm.Send(keyMsg("enter"))
	tm.Send(keyMsg("enter"))
	waitScreen(t, tm, "message")
	tm.Send(keyMsg("enter"))
	tm.Type("hi there")
	tm.Send(keyMsg("enter"))
	tm.Send(keyMsg("ctrl+s"))
	waitScreen(t, tm, "{message:hi there}") // the renderer may keep an "e" already on screen
	if calls := s.callLog(); len(calls) != 1 || calls[0] != `echo {"message":"hi there"}` {
		t.Errorf("calls = %q", calls)
	}
	tm.Send(keyMsg("ctrl+c"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

func waitScreen(t *testing.T, tm *teatest.TestModel, want string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte(want))
	}, teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}
