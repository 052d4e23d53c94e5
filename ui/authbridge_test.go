package ui

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"go.uber.org/goleak"

	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/client"
)

// TestAuthBridgeNeverBlocks: the flow's Observe returns at once while the
// program is busy (its Send blocked), one wake is on its way for any
// number of events, the program then takes them all in order, and no
// goroutine is left once the program's Send returns.
func TestAuthBridgeNeverBlocks(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, ignore) })
	b := NewAuthBridge("none")
	release := make(chan struct{})
	var wakes atomic.Int32
	b.attach(func(tea.Msg) {
		wakes.Add(1)
		<-release
	})
	const n = 1000
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range n {
			b.Observe(step.Event{Step: step.ServerMetadata, State: step.Info, Summary: fmt.Sprint(i)})
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Observe blocked while the program's Send was held")
	}
	notes := b.take()
	close(release)
	if len(notes) != n {
		t.Fatalf("took %d notes, want %d", len(notes), n)
	}
	for i, note := range notes {
		if note.event.Summary != fmt.Sprint(i) {
			t.Fatalf("note %d is %q: out of order", i, note.event.Summary)
		}
	}
	if got := wakes.Load(); got > 1 {
		t.Errorf("%d wakes for one batch of events", got)
	}
}

// TestAuthBridgeNoProgram: events come before any program runs; they are
// kept, and nothing waits for a program that is not there.
func TestAuthBridgeNoProgram(t *testing.T) {
	t.Parallel()
	b := NewAuthBridge("bogus")
	if b.browser != browserOpen {
		t.Errorf("an unknown browser word became %q, want open", b.browser)
	}
	for range 3 {
		b.Observe(step.Event{Step: step.Challenge, State: step.Started})
	}
	if err := b.Agent().Visit(context.Background(), testAuthURL); err != nil {
		t.Fatal(err)
	}
	if notes := b.take(); len(notes) != 4 || notes[3].visit != testAuthURL {
		t.Errorf("kept %d notes: %+v", len(notes), notes)
	}
	// The latest paste wins when the flow has not read the last one.
	b.paste("first")
	b.paste("second")
	if got := <-b.Agent().Pasted(); got != "second" {
		t.Errorf("the flow reads %q, want the latest paste", got)
	}
}

// TestTeatestAuthFlow runs the workbench in a real bubbletea program:
// steps reported before it starts show once it runs, the screen opens by
// itself, and a pasted code reaches the flow.
func TestTeatestAuthFlow(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	bridge := NewAuthBridge("none")
	events := loginUpToBrowser()
	for _, e := range events[:3] {
		bridge.Observe(e)
	}
	m := New(func(context.Context, func(client.Event), client.Answerer) (Session, error) { return s, nil },
		Options{Target: testMCP, Styles: plainStyles(), Auth: bridge, Browser: &fakeBrowser{}})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))
	m.SetSender(tm.Send)
	for _, e := range events[3:] {
		bridge.Observe(e)
	}
	waitScreen(t, tm, "waiting for the browser's redirect")
	// The keys reach the program in order: p opens the field, the text
	// is typed into it, then enter sends it.
	tm.Send(keyMsg("p"))
	tm.Type("c0de-from-the-browser")
	tm.Send(keyMsg("enter"))
	select {
	case got := <-bridge.Agent().Pasted():
		if got != "c0de-from-the-browser" {
			t.Errorf("the flow got %q", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the paste never reached the flow")
	}
	tm.Send(keyMsg("ctrl+c"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	// After the program ended, the flow's steps go nowhere and Observe
	// still returns.
	bridge.Observe(step.Event{Step: step.Token, State: step.Started})
}
