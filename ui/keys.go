package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/form"
)

// handleKey routes a key: first the keys that work everywhere, then the
// log screen, then the focused pane.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := msg.String()
	switch {
	case k == "ctrl+c":
		return m.quit()
	case m.help:
		m.help = false
		return nil
	case k == "esc" && m.calls.running != nil:
		m.cancelCall()
		return nil
	case k == "alt+r":
		return m.reconnect()
	case k == "alt+l":
		m.showLog = !m.showLog
		return nil
	case len(k) == 5 && strings.HasPrefix(k, "alt+") && k[4] >= '1' && k[4] < '1'+byte(tabCount):
		m.detail.tab = tab(k[4] - '1')
		return nil
	}
	if m.showLog {
		return m.logKey(k)
	}
	if m.focus == focusList {
		return m.listKey(msg)
	}
	return m.detailKey(msg)
}

func (m *Model) listKey(msg tea.KeyPressMsg) tea.Cmd {
	defer m.syncDetail()
	if m.list.filtering {
		switch msg.String() {
		case "esc":
			m.list.filtering = false
			m.list.filter.SetValue("")
			m.list.applyFilter()
			m.list.filter.Blur()
		case "enter", "down":
			m.list.filtering = false
			m.list.filter.Blur()
		default:
			return m.list.updateFilter(msg)
		}
		return nil
	}
	rows := m.bodyHeight() - 2
	switch k := msg.String(); k {
	case "up", "k":
		m.list.move(-1, rows)
	case "down", "j":
		m.list.move(1, rows)
	case "pgup":
		m.list.move(-rows, rows)
	case "pgdown":
		m.list.move(rows, rows)
	case "home", "g":
		m.list.move(-len(m.list.matches), rows)
	case "end", "G":
		m.list.move(len(m.list.matches), rows)
	case "/":
		m.list.filtering = true
		return m.list.filter.Focus()
	case "enter", "right", "l", "tab":
		if m.list.selected() != nil {
			m.focus = focusDetail
		}
	case "1", "2", "3", "4", "5", "6", "7":
		m.detail.tab = tab(k[0] - '1')
	case "q":
		return m.quit()
	case "R":
		return m.reconnect()
	case "L":
		m.showLog = true
	case "?":
		m.help = true
	case "ctrl+s":
		return m.callSelected(false)
	}
	return nil
}

func (m *Model) detailKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.detail.tool == nil {
		m.focus = focusList
		return nil
	}
	if m.detail.tab == tabForm {
		action, cmd := m.detail.editorFor(m.st, m.detail.tool).model.Update(msg)
		switch action {
		case form.ActionSubmit:
			return tea.Batch(cmd, m.callSelected(false))
		case form.ActionSubmitInvalid:
			return tea.Batch(cmd, m.callSelected(true))
		case form.ActionBack:
			m.focus = focusList
		}
		return cmd
	}
	if m.detail.tab == tabLint || m.detail.tab == tabProviders {
		if cmd, ok := m.qaKey(msg.String()); ok {
			return cmd
		}
	}
	t, page := m.detail.tab, m.bodyHeight()-detailChrome
	switch msg.String() {
	case "esc", "left", "shift+tab":
		m.focus = focusList
	case "up", "k":
		m.detail.offset[t]--
	case "down", "j":
		m.detail.offset[t]++
	case "pgup":
		m.detail.offset[t] -= page
	case "pgdown", "space":
		m.detail.offset[t] += page
	case "home", "g":
		m.detail.offset[t] = 0
	case "end", "G":
		m.detail.offset[t] = 1 << 30
	case "ctrl+s":
		return m.callSelected(false)
	case "y", "a", "c":
		return m.copy(msg.String())
	}
	return nil
}

func (m *Model) logKey(k string) tea.Cmd {
	if m.log.editing {
		switch k {
		case "esc", "enter":
			m.log.editing = false
		case "backspace":
			if r := []rune(m.log.filter); len(r) > 0 {
				m.log.filter = string(r[:len(r)-1])
			}
		default:
			if len([]rune(k)) == 1 || k == "space" {
				m.log.filter += strings.Replace(k, "space", " ", 1)
			}
		}
		return nil
	}
	page := m.bodyHeight() - 1
	switch k {
	case "esc", "q", "L":
		m.showLog = false
	case "/":
		m.log.editing = true
	case "up", "k":
		m.log.offset++
	case "down", "j":
		m.log.offset = max(0, m.log.offset-1)
	case "pgup":
		m.log.offset += page
	case "pgdown":
		m.log.offset = max(0, m.log.offset-page)
	case "end", "G":
		m.log.offset = 0
	}
	return nil
}

// syncDetail shows the tool under the list's cursor in the detail pane.
func (m *Model) syncDetail() {
	t := m.list.selected()
	if t == nil {
		m.detail.show(nil)
		return
	}
	if m.detail.tool == nil || m.detail.tool.Name != t.Name || m.detail.tool != t {
		m.detail.show(t)
	}
}

// callSelected calls the selected tool with its form's values. Invalid
// values are refused unless the person confirmed sending them anyway.
func (m *Model) callSelected(force bool) tea.Cmd {
	t := m.list.selected()
	if t == nil {
		return nil
	}
	e := m.detail.editorFor(m.st, t)
	if !force && m.detail.tab != tabForm {
		if issues := e.model.Validate(); len(issues) > 0 {
			m.detail.tab, m.focus = tabForm, focusDetail
			m.status.set(m.now(), levelError, "the arguments have problems; fix them or press ctrl+s in the form to send anyway")
			return nil
		}
	}
	return m.startCall(*t, e.form.JSON())
}

// forwardToFocus passes other messages (paste, blink) to what has focus.
func (m *Model) forwardToFocus(msg tea.Msg) tea.Cmd {
	if m.focus == focusDetail && m.detail.tab == tabForm && m.detail.tool != nil {
		_, cmd := m.detail.editorFor(m.st, m.detail.tool).model.Update(msg)
		return cmd
	}
	if m.list.filtering {
		return m.list.updateFilter(msg)
	}
	return nil
}

// keyHints are the keys that matter right now.
func (m *Model) keyHints() [][2]string {
	switch {
	case m.calls.running != nil:
		return [][2]string{{"esc", "cancel call"}, {"ctrl+c", "quit"}}
	case m.showLog:
		return [][2]string{{"/", "filter"}, {"↑↓", "scroll"}, {"esc", "back"}}
	case m.conn.phase == phaseError:
		return [][2]string{{"alt+r", "reconnect"}, {"alt+l", "log"}, {"ctrl+c", "quit"}}
	case m.focus == focusList:
		return [][2]string{{"↑↓", "select"}, {"/", "filter"}, {"enter", "open"}, {"ctrl+s", "call"}, {"L", "log"}, {"q", "quit"}}
	case m.detail.tab == tabResult:
		return [][2]string{{"y", "copy result"}, {"a", "copy args"}, {"c", "copy command"}, {"esc", "tools"}}
	case m.detail.tab == tabLint:
		return [][2]string{{"↑↓", "finding"}, {"enter", "go to field"}, {"esc", "tools"}}
	case m.detail.tab == tabProviders:
		return [][2]string{{"←→", "provider"}, {"↑↓", "scroll"}, {"esc", "tools"}}
	}
	return [][2]string{{"ctrl+s", "call"}, {"alt+1-7", "tabs"}, {"alt+l", "log"}, {"esc", "back"}}
}
