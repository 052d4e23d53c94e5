package screentest

import (
	"reflect"
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
