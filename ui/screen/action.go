package screen

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
)

// Action is a wish a screen cannot grant itself; the root model carries
// it out. The set is closed: only this package's types implement it.
type Action interface {
	// action seals the set; it does nothing.
	action()
}

// Push shows Screen over the current one; Pop goes back to it.
type Push struct{ Screen Screen }

// Pop closes the screen on top, showing the one under it.
type Pop struct{}

// Replace swaps the screen on top for Screen.
type Replace struct{ Screen Screen }

// Open shows the registered screen ID: from the stack if it is there
// (keeping its state), else newly made by its registration. Msg, when
// not nil, is then given to the screen: what to show on it (a resource to
// read). Without Msg, asking for the screen on top closes it.
type Open struct {
	ID  ID
	Msg tea.Msg
}

// Status shows Text on the status line at Level, until it expires.
type Status struct {
	Level render.Level
	Text  string
}

// Quit asks to end the workbench (asking first while a call runs).
type Quit struct{}

// Reconnect drops the session and connects again, keeping the forms.
type Reconnect struct{}

// Copy puts Text on the clipboard; What names it in the status line
// ("the result"), and Then, when not empty, follows the message there
// ("; set TOKEN in the shell before running it").
type Copy struct{ Text, What, Then string }

// OpenURL opens URL in the browser (or copies it where none can open).
type OpenURL struct{ URL string }

// Key replays Key as if typed on the screen that is on top once the
// palette has closed: how the palette reaches a screen's own bindings.
type Key struct{ Key tea.KeyPressMsg }

// Opened is the message the root gives a screen each time it shows it,
// so the screen can bring what it shows up to date (read a store again,
// list again); a screen with nothing to refresh leaves it unhandled.
type Opened struct{}

// Batch is Actions delivered as one message, as a command's reply.
type Batch []Action

func (Push) action()      {}
func (Pop) action()       {}
func (Replace) action()   {}
func (Open) action()      {}
func (Status) action()    {}
func (Quit) action()      {}
func (Reconnect) action() {}
func (Copy) action()      {}
func (OpenURL) action()   {}
func (Key) action()       {}
func (Batch) action()     {}

// Do is a command that delivers actions to the root later, from a
// command's goroutine: how an IO reply becomes a wish.
func Do(actions ...Action) tea.Cmd {
	return func() tea.Msg { return Batch(actions) }
}

// NotConnected says there is no live session for what the person asked;
// Then, when not empty, says what becomes of their work meanwhile. The
// root words it with its reconnect key.
type NotConnected struct{ Then string }

func (NotConnected) action() {}
