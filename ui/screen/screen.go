// Package screen is the workbench's screen contract: what a screen is, the
// Actions it returns for the root model to carry out, and the stack that
// decides which screen shows. Screens live one per package under
// ui/screens/; they import this package (and ui/widget, ui/render,
// ui/theme, ui/form), never each other and never the root ui package. A
// wish that reaches beyond a screen (open another screen, call a tool,
// copy text, reconnect) is an Action the root interprets, so adding a
// screen is one new package and one registration line in the root's
// registry (ui/registry.go).
//
// The contract sits below the root package rather than in it because Go
// forbids the cycle the other way round: the root imports every screen,
// so the screens cannot import the root.
package screen

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
)

// Group is a titled set of key bindings, as the help shows them.
type Group struct {
	Title    string
	Bindings []key.Binding
}

// Help turns groups into the help screen's sections.
func Help(groups []Group) []render.HelpSection {
	out := make([]render.HelpSection, len(groups))
	for i, g := range groups {
		out[i] = render.HelpSection{Title: g.Title, Rows: HelpRows(g.Bindings...)}
	}
	return out
}

// Lead puts the group titled title first, the others after it in their
// order: a screen's Keys list the keys of what it shows before the rest,
// so the help opens on them. Groups without that title come back as they
// are; groups itself is never changed.
func Lead(groups []Group, title string) []Group {
	for i, g := range groups {
		if g.Title == title {
			out := make([]Group, 0, len(groups))
			out = append(append(out, g), groups[:i]...)
			return append(out, groups[i+1:]...)
		}
	}
	return groups
}

// ID names a screen: in the stack, the registry, the palette and the
// header's screen row.
type ID string

// Screen is one view of the workbench that takes the body between the
// header and the status line. The root calls its methods on the UI
// goroutine only; a screen does its IO in the commands it returns.
type Screen interface {
	// ID is the screen's name in the registry; it never changes.
	ID() ID
	// Title is the screen's name as the header row, the palette and the
	// help show it ("Resources").
	Title() string
	// Update takes a message routed to the screen: while it is on top, the
	// keys, pastes and mouse events (mouse rows counted from the body's
	// top) and a tea.WindowSizeMsg with the body's size; at any time, the
	// replies of the commands it started. Handled false hands a key on to
	// the keys that work on every screen.
	Update(msg tea.Msg) Result
	// View draws the screen in the body's width and height, one string a
	// row; it changes nothing.
	View(width, height int) []string
	// Keys is every key binding of the screen, grouped, the group for the
	// screen's current state first: the help screen opens on it, the
	// palette lists it and replays the chosen binding's first key, and
	// the test that walks every binding presses each.
	Keys() []Group
	// Hints are the keys that matter now as {key, what it does}, most
	// important first: the status line drops them from the end.
	Hints() [][2]string
}

// Typer is a screen that can be typing text (a filter, a field). While it
// types, keys that would otherwise open screens (`:`, `?`, capital
// letters) are its text.
type Typer interface {
	// Typing reports whether keys are being typed as text now.
	Typing() bool
}

// Question is a screen that can be asking the person something (cancel
// this task? y/n): its first hints are then the answers, which the status
// line never drops however narrow it is.
type Question interface {
	// Answers is how many of the first Hints answer the question on
	// screen now; 0 when none is asked.
	Answers() int
}

// Result is what a screen made of a message.
type Result struct {
	// Handled reports that the screen used the message; an unhandled key
	// goes on to the global keys.
	Handled bool
	// Cmd is the IO the screen starts; nil for none.
	Cmd tea.Cmd
	// Actions are the root's to carry out, in order.
	Actions []Action
}

// Done is a handled Result with a command and actions.
func Done(cmd tea.Cmd, actions ...Action) Result {
	return Result{Handled: true, Cmd: cmd, Actions: actions}
}

// Unhandled is the Result of a message the screen does not take.
func Unhandled() Result { return Result{} }
