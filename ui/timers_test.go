package ui

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
)

// timerLog stands in for the model's timers: it records each one asked
// for, and its command delivers the message at once when run.
type timerLog struct {
	asked []time.Duration
}

func (l *timerLog) timer(d time.Duration, msg tea.Msg) tea.Cmd {
	l.asked = append(l.asked, d)
	return func() tea.Msg { return msg }
}

// watchTimers gives h's model a timer log.
func watchTimers(h *harness) *timerLog {
	l := &timerLog{}
	h.m.timer = l.timer
	return l
}

// TestInitStartsNoTicker: Init connects and starts nothing else; the
// workbench used to start a 200 ms ticker for the life of the program.
func TestInitStartsNoTicker(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	m := New(func(context.Context, func(client.Event), client.Answerer) (Session, error) { return s, nil }, Options{Styles: plainStyles()})
	if msg := m.Init()(); msg == nil {
		t.Fatal("Init started nothing")
	} else if _, ok := msg.(connectedMsg); !ok {
		t.Errorf("Init's command delivered %T, want connectedMsg alone", msg)
	}
}

// TestIdleModelAsksForNothing: a status message schedules its own clearing,
// once; after it is cleared, the idle model returns no command, whatever
// arrives.
func TestIdleModelAsksForNothing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	timers := watchTimers(h)
	h.selectTool("echo")
	h.key("alt+7")
	_, cmd := h.m.Update(keyMsg("c")) // "nothing to copy yet"
	if cmd == nil || len(timers.asked) != 1 || timers.asked[0] != 4*time.Second {
		t.Fatalf("the status message scheduled %v, want one clearing after 4s", timers.asked)
	}
	if h.m.status.text == "" {
		t.Fatal("no status message shown")
	}
	expired := cmd()
	if _, cmd := h.m.Update(keyMsg("ctrl+x")); cmd != nil || len(timers.asked) != 1 {
		t.Errorf("the status message scheduled its clearing again: %v", timers.asked)
	}
	_, cmd = h.m.Update(expired)
	if cmd != nil || h.m.status.text != "" {
		t.Errorf("after the clearing: command %v, status %q", cmd != nil, h.m.status.text)
	}
	for _, msg := range []tea.Msg{keyMsg("ctrl+x"), tea.WindowSizeMsg{Width: 120, Height: 30}, expired} {
		if _, cmd := h.m.Update(msg); cmd != nil {
			t.Errorf("the idle model asked for a command after %T", msg)
		}
	}
}

// TestOlderClearingLeavesNewerMessage: a clearing scheduled for an older
// message does not clear the one shown since.
func TestOlderClearingLeavesNewerMessage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	watchTimers(h)
	h.selectTool("echo")
	h.key("alt+7")
	_, first := h.m.Update(keyMsg("c"))
	h.m.setStatus(levelError, "something newer")
	_, second := h.m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	h.m.Update(first())
	if h.m.status.text != "something newer" {
		t.Fatalf("the older clearing cleared the newer message: %q", h.m.status.text)
	}
	h.m.Update(second())
	if h.m.status.text != "" {
		t.Errorf("the newer message's own clearing left %q", h.m.status.text)
	}
}
