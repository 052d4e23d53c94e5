package screentest

import (
	"reflect"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// The loops below are shared by this package's Driver and the root
// package's harness: both run each command on its own goroutine and feed
// its message back from a channel.

// hung is how long a loop waits before it calls the test hung; it is a
// deadline for a broken test, not a measure.
const hung = 30 * time.Second

// Settle handles the messages from msgs until busy names nothing and
// every message that already arrived is handled; a test still waiting
// after a long while fails, showing view.
func Settle(t testing.TB, msgs <-chan tea.Msg, handle func(tea.Msg), busy, view func() string) {
	t.Helper()
	deadline := time.After(hung)
	for {
		select {
		case msg := <-msgs:
			handle(msg)
			continue
		default:
		}
		if busy() == "" {
			return
		}
		select {
		case msg := <-msgs:
			handle(msg)
		case <-deadline:
			t.Fatalf("still waiting for %s:\n%s", busy(), view())
		}
	}
}

// PumpUntil handles the messages from msgs until done holds: for what
// busy does not name (a call left running, suggestions on their way).
func PumpUntil(t testing.TB, msgs <-chan tea.Msg, handle func(tea.Msg), what string, done func() bool, view func() string) {
	t.Helper()
	deadline := time.After(hung)
	for !done() {
		select {
		case msg := <-msgs:
			handle(msg)
		case <-deadline:
			t.Fatalf("%s never happened:\n%s", what, view())
		}
	}
}

// Batched returns the commands of a batch or a sequence message.
func Batched(msg tea.Msg) ([]tea.Cmd, bool) {
	if b, ok := msg.(tea.BatchMsg); ok {
		return b, true
	}
	// tea.Sequence's message is unexported: a slice of commands.
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != reflect.TypeFor[tea.Cmd]() {
		return nil, false
	}
	cmds := make([]tea.Cmd, v.Len())
	for i := range cmds {
		cmds[i] = v.Index(i).Interface().(tea.Cmd)
	}
	return cmds, true
}

// Blink reports a text cursor's blink, which bubbles' cursor package
// sends: feeding it back would only start the next one.
func Blink(msg tea.Msg) bool {
	t := reflect.TypeOf(msg)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t != nil && t.PkgPath() == "charm.land/bubbles/v2/cursor"
}

// Timers stands in for a screen's Timer: it records each pause asked
// for, and its command delivers the message at once when run. Commands
// run on their own goroutines, hence the lock.
type Timers struct {
	mu    sync.Mutex
	asked []time.Duration
}

// Timer is a screen's Deps.Timer.
func (l *Timers) Timer(d time.Duration, msg tea.Msg) tea.Cmd {
	l.mu.Lock()
	l.asked = append(l.asked, d)
	l.mu.Unlock()
	return func() tea.Msg { return msg }
}

// Asked are the pauses asked for so far, in order.
func (l *Timers) Asked() []time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]time.Duration(nil), l.asked...)
}
