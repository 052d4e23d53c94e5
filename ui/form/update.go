package form

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/schemaform"
)

// Update handles a message and says what the parent should do. Keys go to
// the question, prompt or field that has focus, else they move around the
// form; other messages (cursor blinks) go to the focused field.
func (m *Model) Update(msg tea.Msg) (Action, tea.Cmd) {
	action, cmd := m.update(msg)
	m.layout()
	return action, cmd
}

func (m *Model) update(msg tea.Msg) (Action, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		m.status = ""
		switch {
		case m.whole != nil:
			return m.wholeKey(msg)
		case m.ask != nil:
			return m.askKey(msg), nil
		case m.prompt != nil:
			return ActionNone, m.promptKey(msg)
		case m.edit != nil:
			return m.editKey(msg)
		}
		return m.navKey(msg)
	case tea.PasteMsg:
		return ActionNone, m.paste(msg)
	}
	switch {
	case m.whole != nil:
		return ActionNone, m.wholeForward(msg)
	case m.edit != nil:
		return ActionNone, m.forward(msg)
	case m.prompt != nil:
		_, cmd := m.prompt.field.Update(msg)
		return ActionNone, cmd
	}
	return ActionNone, nil
}

// navKey handles a key while moving around the level.
func (m *Model) navKey(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	k := m.keys.Nav
	page := max(1, m.bodyHeight(m.footer())-1)
	if d, ok := k.nav().Delta(msg, page, len(m.rows())); ok {
		m.setCursor(m.cursor + d)
		return ActionNone, nil
	}
	switch {
	case key.Matches(msg, k.Back):
		return m.back(), nil
	case key.Matches(msg, k.Submit):
		return m.submit()
	case key.Matches(msg, k.Example):
		m.fillExample(schemaform.Full)
	case key.Matches(msg, k.Minimal):
		m.fillExample(schemaform.Minimal)
	case key.Matches(msg, k.Whole):
		return ActionNone, m.startWhole()
	case key.Matches(msg, k.Add):
		return ActionNone, m.add()
	case key.Matches(msg, k.Delete):
		m.remove()
	case key.Matches(msg, k.MoveUp):
		m.moveItem(-1)
	case key.Matches(msg, k.MoveDown):
		m.moveItem(1)
	default:
		if n := m.selected(); n != nil {
			return ActionNone, m.rowKey(n, msg)
		}
	}
	return ActionNone, nil
}

// rowKey handles a key aimed at the selected row.
func (m *Model) rowKey(n *schemaform.Node, msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys.Nav
	switch {
	case key.Matches(msg, k.Open):
		return m.activate(n)
	case key.Matches(msg, k.Next):
		return m.step(n, stepNext)
	case key.Matches(msg, k.Prev):
		return m.step(n, stepPrev)
	case key.Matches(msg, k.Toggle):
		return m.step(n, stepToggle)
	case key.Matches(msg, k.Unset):
		m.unset(n)
	case key.Matches(msg, k.Null):
		m.null(n)
	case key.Matches(msg, k.Default):
		m.fillDefault(n)
	case key.Matches(msg, k.Raw):
		return m.toggleRaw(n)
	case key.Matches(msg, k.Lines) && isText(n):
		return m.toggleLines(n)
	case msg.Text != "" && msg.Mod&^tea.ModShift == 0 && typable(n):
		// Typing on a text field starts editing it with that key; typing
		// replaces a prefilled default, where enter starts from it.
		m.typing = true
		cmd := m.activate(n)
		m.typing = false
		if m.edit != nil {
			return tea.Batch(cmd, m.forward(msg))
		}
		return cmd
	}
	return nil
}

// typable reports a row that typing edits: a text, number or JSON field,
// or a union whose variant is one.
func typable(n *schemaform.Node) bool {
	if isUnion(n) {
		if v := variantOf(n); v != nil {
			return typable(v)
		}
		if len(n.Shape.Variants) == 0 {
			return false
		}
		switch n.Shape.Variants[n.Variant()].Shape.Kind {
		case schemaform.KindString, schemaform.KindNumber, schemaform.KindInteger, schemaform.KindRaw:
			return true
		}
		return false
	}
	k, ok := editKindOf(n)
	return ok && (k == editInput || k == editText || k == editRaw)
}

// paste puts pasted text into the focused input, or starts editing the
// selected text field with it.
func (m *Model) paste(msg tea.PasteMsg) tea.Cmd {
	switch {
	case m.whole != nil:
		return m.wholeForward(msg)
	case m.edit != nil:
		m.replaceDefault(true)
		if cmd, ok := m.pasteLines(msg.Content); ok {
			return cmd
		}
		if m.edit.kind == editText {
			msg.Content = normalizeNewlines(msg.Content)
		}
		return m.forward(msg)
	case m.prompt != nil:
		_, cmd := m.prompt.field.Update(msg)
		return cmd
	case m.ask != nil:
		return nil
	}
	n := m.selected()
	if n == nil || !typable(n) {
		return nil
	}
	cmd := m.activate(n)
	if m.edit == nil {
		return cmd
	}
	return tea.Batch(cmd, m.paste(msg))
}

// promptKey handles the key prompt of a new map entry.
func (m *Model) promptKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Prompt.Cancel):
		m.prompt = nil
		return nil
	case key.Matches(msg, m.keys.Prompt.Add):
		return m.addEntry(m.prompt.key)
	}
	m.prompt.err = ""
	_, cmd := m.prompt.field.Update(msg)
	return cmd
}

// back goes up one level; at the top it gives focus back to the parent.
func (m *Model) back() Action {
	if m.level == m.top() {
		return ActionBack
	}
	row, lvl := m.placeOf(m.level)
	m.setLevel(lvl, indexOf(m.rowsOf(lvl), row))
	return ActionNone
}

// submit validates; problems turn into a question instead of a call.
func (m *Model) submit() (Action, tea.Cmd) {
	issues := m.Validate()
	if len(issues) == 0 {
		return ActionSubmit, nil
	}
	m.ask = newAskSend(issues)
	return ActionNone, nil
}
