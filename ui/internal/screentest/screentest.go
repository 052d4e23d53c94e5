// Package screentest drives one screen as the root model would, for the
// model tests of the screen packages: each command runs on its own
// goroutine and its message is offered back to the screen; the actions
// the screen returns are kept for the test to read. Cursor blinks are
// dropped, so a test never waits on a blinking cursor.
package screentest

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/screen"
)

// Driver holds a screen and what it asked for.
type Driver struct {
	t      testing.TB
	screen screen.Screen
	busy   func() string
	msgs   chan tea.Msg
	stop   chan struct{}
	width  int
	height int
	// Actions are every action the screen returned, in order.
	Actions []screen.Action
}

// New drives sc at width×height; busy names what the screen waits for
// ("" for nothing), so each step returns once it waits for nothing.
func New(t testing.TB, sc screen.Screen, busy func() string, width, height int) *Driver {
	t.Helper()
	d := &Driver{t: t, screen: sc, busy: busy, msgs: make(chan tea.Msg, 256), stop: make(chan struct{}),
		width: width, height: height}
	t.Cleanup(func() { close(d.stop) })
	d.Send(tea.WindowSizeMsg{Width: width, Height: height})
	return d
}

// Send offers msg to the screen, then waits until it waits for nothing.
func (d *Driver) Send(msg tea.Msg) screen.Result {
	d.t.Helper()
	r := d.feed(msg)
	d.settle()
	return r
}

// Key presses each named key ("down", "ctrl+s", "alt+enter", "/").
func (d *Driver) Key(names ...string) {
	d.t.Helper()
	for _, n := range names {
		k, ok := screen.Press(n)
		if !ok {
			d.t.Fatalf("no key %q", n)
		}
		d.Send(k)
	}
}

// Type types text, one key a rune.
func (d *Driver) Type(text string) {
	d.t.Helper()
	for _, r := range text {
		d.Send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// View is the screen drawn, its escapes stripped.
func (d *Driver) View() string {
	return ansi.Strip(strings.Join(d.screen.View(d.width, d.height), "\n"))
}

// Statuses are the texts of the status actions so far.
func (d *Driver) Statuses() []string {
	var out []string
	for _, a := range d.Actions {
		if s, ok := a.(screen.Status); ok {
			out = append(out, s.Text)
		}
	}
	return out
}

// PumpUntil feeds the screen the messages of its commands until done
// holds: for what busy does not name (suggestions on their way).
func (d *Driver) PumpUntil(what string, done func() bool) {
	d.t.Helper()
	PumpUntil(d.t, d.msgs, d.handle, what, done, d.View)
}

func (d *Driver) feed(msg tea.Msg) screen.Result {
	r := d.screen.Update(msg)
	d.Actions = append(d.Actions, r.Actions...)
	d.exec(r.Cmd)
	return r
}

func (d *Driver) exec(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		msg := cmd()
		select {
		case d.msgs <- msg:
		case <-d.stop:
		}
	}()
}

// handle takes one message a command produced.
func (d *Driver) handle(msg tea.Msg) {
	switch m := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range m {
			d.exec(c)
		}
	case screen.Batch:
		d.Actions = append(d.Actions, m...)
	default:
		if cmds, ok := Batched(msg); ok {
			for _, c := range cmds {
				d.exec(c)
			}
		} else if !Blink(msg) {
			d.feed(msg)
		}
	}
}

// settle feeds messages until the screen waits for nothing.
func (d *Driver) settle() {
	d.t.Helper()
	Settle(d.t, d.msgs, d.handle, d.busy, d.View)
}
