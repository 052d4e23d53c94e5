package widget

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// Query is a line typed after "/": a list's filter, the help's search. It
// keeps the text and whether it is being typed, and takes the keys that
// end it the same way everywhere; what the text selects is its owner's.
type Query struct {
	input  textinput.Model
	typing bool
}

// NewQuery returns an empty query showing placeholder while empty.
func NewQuery(placeholder string) Query {
	ti := textinput.New()
	ti.Prompt = "/"
	ti.Placeholder = placeholder
	return Query{input: ti}
}

// Start starts typing, with the text as it is; the owner empties it
// first for a fresh query.
func (q *Query) Start() tea.Cmd {
	q.typing = true
	return q.input.Focus()
}

// Stop ends typing, keeping the text.
func (q *Query) Stop() {
	q.typing = false
	q.input.Blur()
}

// Typing reports whether the query is being typed.
func (q *Query) Typing() bool { return q.typing }

// Value is the text.
func (q *Query) Value() string { return q.input.Value() }

// SetValue replaces the text.
func (q *Query) SetValue(text string) { q.input.SetValue(text) }

// SetWidth sets the width of the input line, the prompt and the cursor
// included: the input draws those beside the width it is given.
func (q *Query) SetWidth(width int) {
	q.input.SetWidth(max(1, width-ansi.StringWidth(q.input.Prompt)-1))
}

// Shows reports whether the query's line is on screen: while typed, or
// while it holds text.
func (q *Query) Shows() bool { return q.typing || q.input.Value() != "" }

// Line draws the input line.
func (q *Query) Line() string { return q.input.View() }

// Update takes a message while the query is typed: done stops typing and
// keeps the text, clear empties it and stops, anything else is typed.
// changed says the owner must apply the text again (always after clear).
func (q *Query) Update(msg tea.Msg, done, clear key.Binding) (changed bool, cmd tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, clear):
			q.input.SetValue("")
			q.Stop()
			return true, nil
		case key.Matches(k, done):
			q.Stop()
			return false, nil
		}
	}
	before := q.input.Value()
	q.input, cmd = q.input.Update(msg)
	return q.input.Value() != before, cmd
}
