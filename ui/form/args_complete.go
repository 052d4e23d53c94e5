package form

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Completion is the server's answer to completion/complete.
type Completion struct {
	Values []string
	// Total is how many values the server has, nil when it did not say;
	// HasMore says there are more than Values.
	Total   *int
	HasMore bool
}

// Completer asks the server for the completions of field, typed so far
// as value, the other fields holding filled. It is called from a
// command, never on the UI goroutine.
type Completer func(ctx context.Context, field, value string, filled map[string]string) (*Completion, error)

// CompleteDelay is how long typing must pause before the server is asked
// for completions: one request per pause, not per key.
const CompleteDelay = 150 * time.Millisecond

// suggestions are the server's completions for one field.
type suggestions struct {
	// seq is the last completion asked for: answers to older ones are
	// dropped, as the person has typed on since.
	seq     int
	field   string
	values  []string
	total   *int
	hasMore bool
	pick    int
	err     string
	// last are the form's values when it was last looked at, to find the
	// field a key changed; focused is the field under the cursor then, to
	// find a field newly focused.
	last    map[string]string
	focused string
}

// completeDueMsg is the end of a pause in typing into a.
type completeDueMsg struct {
	a   *Args
	seq int
}

// completeDoneMsg is the server's completion for a's request seq.
type completeDoneMsg struct {
	a   *Args
	seq int
	res *Completion
	err error
}

// ArgsOf is the form a message of an argument form's own is for (a
// pause's end, the server's suggestions), nil for any other message: how
// a screen holding several forms routes them.
func ArgsOf(msg tea.Msg) *Args {
	switch msg := msg.(type) {
	case completeDueMsg:
		return msg.a
	case completeDoneMsg:
		return msg.a
	}
	return nil
}

// Update takes a message for the form: a key (the suggestions' keys
// first, then the editor's), a paste or a cursor blink, or the form's own
// replies (see ArgsOf). It returns what the editor asks of the screen
// (ActionBack at the top, say) and what to run. A key that changes a
// field, or moves onto another, starts the pause after which the server
// is asked for that field's completions.
func (a *Args) Update(msg tea.Msg) (Action, tea.Cmd) {
	switch msg := msg.(type) {
	case completeDueMsg:
		return ActionNone, a.handleDue(msg)
	case completeDoneMsg:
		a.handleDone(msg)
		return ActionNone, nil
	case tea.KeyPressMsg:
		if a.suggestionKey(msg) {
			return ActionNone, nil
		}
	}
	action, cmd := a.model.Update(msg)
	return action, tea.Batch(cmd, a.ask())
}

// Opened says the form is shown (again): the focused field's
// completions are asked for, as when the cursor moves onto a field.
func (a *Args) Opened() tea.Cmd {
	a.sugg.focused = ""
	return a.ask()
}

// suggestionKey picks or takes a suggestion; false for any other key.
func (a *Args) suggestionKey(msg tea.KeyPressMsg) bool {
	k, s := a.keys, &a.sugg
	switch {
	case key.Matches(msg, k.Next) && len(s.values) > 0:
		s.pick = (s.pick + 1) % len(s.values)
	case key.Matches(msg, k.Prev) && len(s.values) > 0:
		s.pick = (s.pick + len(s.values) - 1) % len(s.values)
	case key.Matches(msg, k.Accept):
		a.accept()
	default:
		return false
	}
	return true
}

// accept writes the picked suggestion into its field.
func (a *Args) accept() {
	s := &a.sugg
	if len(s.values) == 0 {
		a.model.status = "no suggestion to take"
		return
	}
	n := a.form.Root.Child(s.field)
	if n == nil {
		return
	}
	if a.model.Editing() {
		// Leave the field first, or its input would write its own text
		// back over the suggestion on the next key.
		a.model.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	}
	n.SetText(s.values[s.pick])
	s.last = a.Values()
	s.values, s.pick = nil, 0
}

// focusedField is the field under the cursor at the form's top level, or
// "" when the cursor is on none.
func (a *Args) focusedField() string {
	m := a.model
	if m.level != a.form.Root {
		return ""
	}
	if n := m.selected(); n != nil {
		return n.Key
	}
	return ""
}

// ask starts the pause after a change of a field's value or of the field
// focused; when it ends with nothing typed since, the server is asked. A
// server that cannot complete is never asked, and no pause is timed.
func (a *Args) ask() tea.Cmd {
	now, focused := a.Values(), a.focusedField()
	field := ""
	for _, f := range a.cfg.Fields {
		if now[f.Name] != a.sugg.last[f.Name] {
			field = f.Name
			break
		}
	}
	if field == "" && focused != a.sugg.focused {
		field = focused
	}
	a.sugg.last, a.sugg.focused = now, focused
	if field == "" || a.completer() == nil {
		return nil
	}
	s := &a.sugg
	s.seq++
	if s.field != field {
		s.values, s.pick, s.err = nil, 0, ""
	}
	s.field = field
	return a.cfg.Timer(CompleteDelay, completeDueMsg{a: a, seq: s.seq})
}

// completer is how to ask the server now, or nil.
func (a *Args) completer() Completer {
	if a.cfg.Completer == nil {
		return nil
	}
	return a.cfg.Completer()
}

// handleDue asks the server, unless the person typed on.
func (a *Args) handleDue(msg completeDueMsg) tea.Cmd {
	c := a.completer()
	if a.sugg.seq != msg.seq || c == nil {
		return nil
	}
	values := a.Values()
	field, value := a.sugg.field, values[a.sugg.field]
	delete(values, field)
	seq := msg.seq
	return func() tea.Msg {
		res, err := c(context.Background(), field, value, values)
		return completeDoneMsg{a: a, seq: seq, res: res, err: err}
	}
}

// handleDone shows the server's suggestions; an answer to an older
// request is dropped.
func (a *Args) handleDone(msg completeDoneMsg) {
	s := &a.sugg
	if s.seq != msg.seq {
		return
	}
	s.pick, s.err, s.values, s.total, s.hasMore = 0, "", nil, nil, false
	if msg.err != nil {
		s.err = msg.err.Error()
		return
	}
	if msg.res != nil {
		s.values, s.total, s.hasMore = msg.res.Values, msg.res.Total, msg.res.HasMore
	}
}
