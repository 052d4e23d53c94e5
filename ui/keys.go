package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/screens/log"
	"github.com/toolbench/toolbench/ui/screens/loglevel"
	"github.com/toolbench/toolbench/ui/screens/roots"
)

// handleKey routes a key: first the keys that work everywhere, then the
// help, the log screen, or the focused pane.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	g := m.keys.Global
	switch {
	case m.quitting:
		return m.quitKey(msg)
	case m.tooSmall():
		return m.smallKey(msg)
	case key.Matches(msg, g.Quit):
		return m.requestQuit()
	case key.Matches(msg, g.Palette):
		return m.openPalette()
	case m.overlay() != nil:
		// The palette and the help take every key: they open over the
		// server's questions, which must not see keys meant for them.
		return m.apply(m.overlay().Update(msg))
	case m.helpOpens(msg):
		return m.openHelp()
	}
	if m.asks.waiting != nil && !m.asks.open() {
		if cmd, ok := m.waitingKey(msg); ok {
			return cmd
		}
	}
	if cmd, ok := m.stackKey(msg); ok {
		return cmd
	}
	if cmd, ok := m.openKey(msg); ok {
		return cmd
	}
	if cmd, ok := m.globalKey(msg); ok {
		return cmd
	}
	if cmd, ok := m.memoryKey(msg); ok {
		return cmd
	}
	if cmd, ok := m.screenKey(msg); ok {
		return cmd
	}
	// After the screens over the panes: their esc closes them first.
	if m.calls.running != nil && key.Matches(msg, g.Cancel) {
		m.cancelCall()
		return nil
	}
	if t, ok := matchTab(msg, g.Tabs); ok {
		m.detail.tab = t
		return nil
	}
	if m.focus == focusList {
		return m.listKey(msg)
	}
	return m.detailKey(msg)
}

func (m *Model) listKey(msg tea.KeyPressMsg) tea.Cmd {
	defer m.syncDetail()
	if ok, cmd := m.list.Update(msg); ok {
		return cmd
	}
	k := m.keys.List
	switch {
	case key.Matches(msg, k.Open):
		m.openSelected()
	case key.Matches(msg, k.Quit):
		return m.requestQuit()
	case key.Matches(msg, k.Reconnect):
		return m.reconnect()
	case key.Matches(msg, k.Log):
		return m.openScreen(log.ID)
	case key.Matches(msg, k.Call):
		return m.callSelected(false)
	case key.Matches(msg, k.AsTask):
		return m.toggleAsTask()
	default:
		if t, ok := matchTab(msg, k.Tabs); ok {
			m.detail.tab = t
			return nil
		}
		return m.resultKeyFromList(msg)
	}
	return nil
}

// resultKeyFromList takes the Result tab's keys while the list has the
// keys and the Result tab shows (after a call made from the list), so
// that what the tab's hints offer works.
func (m *Model) resultKeyFromList(msg tea.KeyPressMsg) tea.Cmd {
	if m.detail.tab != tabResult || m.detail.tool == nil || m.list.Tool() == nil ||
		m.list.Tool().Name != m.detail.tool.Name {
		return nil
	}
	if key.Matches(msg, m.keys.Mem.Memory.SaveTest) {
		return m.openSaveTest()
	}
	cmd, _ := m.copyOrLinkKey(msg, true)
	return cmd
}

// copyOrLinkKey takes the copy keys of the detail pane and, on the Result
// tab, the key that reads its resource link.
func (m *Model) copyOrLinkKey(msg tea.KeyPressMsg, onResult bool) (tea.Cmd, bool) {
	d := m.keys.Detail
	switch {
	case key.Matches(msg, d.CopyResult):
		return m.copy(copyResult), true
	case key.Matches(msg, d.CopyArgs):
		return m.copy(copyArgs), true
	case key.Matches(msg, d.CopyCommand):
		return m.copy(copyCommand), true
	case onResult && key.Matches(msg, m.keys.Resources.OpenLink):
		return m.openResultResource(), true
	}
	return nil, false
}

func (m *Model) detailKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.detail.tool == nil {
		m.focus = focusList
		return nil
	}
	if key.Matches(msg, m.keys.Detail.AsTask) {
		return m.toggleAsTask()
	}
	switch m.detail.tab {
	case tabMeta:
		if cmd, ok := m.appKey(msg); ok {
			return cmd
		}
	case tabForm:
		return m.formKey(msg)
	case tabLint:
		if m.lintKey(msg) {
			return nil
		}
	case tabProviders:
		if m.providerKey(msg) {
			return nil
		}
	}
	k, t := m.keys.Detail, m.detail.tab
	if d, ok := k.nav().Delta(msg, m.contentHeight(), detailBottom); ok {
		// The bottom depends on the content; layout clamps the offset there.
		m.detail.offset[t] = max(0, m.detail.offset[t]+d)
		return nil
	}
	switch {
	case key.Matches(msg, k.Back):
		m.focus = focusList
	case key.Matches(msg, k.Filter):
		m.focus = focusList
		return m.list.StartFilter()
	case key.Matches(msg, k.Call):
		return m.callSelected(false)
	}
	cmd, _ := m.copyOrLinkKey(msg, t == tabResult)
	return cmd
}

// formKey passes a key to the tool's form and acts on what it asks for.
func (m *Model) formKey(msg tea.KeyPressMsg) tea.Cmd {
	e := m.detail.editor()
	if e == nil {
		return nil
	}
	action, cmd := e.model.Update(msg)
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

// callSelected calls the selected tool with its form's values. Invalid
// values are refused unless the person confirmed sending them anyway.
func (m *Model) callSelected(force bool) tea.Cmd {
	t := m.list.Tool()
	if t == nil {
		return nil
	}
	if t.Excluded != "" {
		m.setStatus(levelError, t.Name+" is not called: "+t.Excluded)
		return nil
	}
	e := m.detail.editorFor(m.st, t)
	// The form's own ctrl+s asks before sending invalid values (force);
	// from the list, or any other tab, invalid values open the form.
	if !force {
		if issues := e.model.Validate(); len(issues) > 0 {
			m.detail.tab, m.focus = tabForm, focusDetail
			m.setStatus(levelError, "the arguments have problems; fix them or press ctrl+s in the form to send anyway")
			return nil
		}
	}
	return m.startCall(*t, e.form.JSON())
}

// forwardToFocus passes other messages (paste, blink) to what has focus.
func (m *Model) forwardToFocus(msg tea.Msg) tea.Cmd {
	if _, paste := msg.(tea.PasteMsg); paste && m.tooSmall() {
		// What has focus is hidden behind the notice (smallKey).
		return nil
	}
	if md := m.asks.modal; md != nil {
		return m.apply(md.Update(msg))
	}
	if e := m.detail.editor(); e != nil && m.focus == focusDetail && m.detail.tab == tabForm {
		_, cmd := e.model.Update(msg)
		return cmd
	}
	if m.list.Filtering() {
		_, cmd := m.list.Update(msg)
		return cmd
	}
	return nil
}

// keyHints are the keys that matter right now, from the key map.
func (m *Model) keyHints() [][2]string {
	g, l, d := m.keys.Global, m.keys.List, m.keys.Detail
	switch {
	case m.quitting:
		return m.quitHints()
	case m.overlay() != nil:
		return m.stackHints()
	case m.asks.modal != nil:
		return m.stackHints()
	case m.asks.waiting != nil:
		return [][2]string{hint(m.keys.Ask.Dismiss, "stop waiting"), hint(m.keys.Ask.CancelCall, "cancel the call")}
	case m.stack.Len() > 0:
		return m.stackHints()
	case m.calls.running != nil:
		return [][2]string{hint(g.Cancel, "cancel call"), hint(g.Quit, "quit")}
	case m.conn.phase == phaseError, m.conn.phase == phaseLost:
		return [][2]string{hint(g.Reconnect, "reconnect"), hint(g.Log, "log"), hint(g.Quit, "quit")}
	case m.focus == focusList:
		return m.withAsTask([][2]string{hintPair(l.Up, l.Down, "select"), hint(l.Filter, "filter"), hint(l.Open, "open"),
			hint(l.Call, "call"), hint(l.Log, "log"), hint(l.Quit, "quit")})
	case m.detail.tab == tabResult:
		hints := [][2]string{hint(d.CopyResult, "copy result"), hint(d.CopyArgs, "copy args"),
			hint(d.CopyCommand, "copy command"), hint(d.Back, "tools")}
		if m.resultResourceURI() != "" {
			hints = append([][2]string{hint(m.keys.Resources.OpenLink, "read resource")}, hints...)
		}
		return m.withMemoryHints(hints)
	case m.detail.tab == tabLint:
		lt := m.keys.Lint
		return [][2]string{hintPair(lt.Up, lt.Down, "finding"), hint(lt.Show, "go to field"), hint(d.Back, "tools")}
	case m.detail.tab == tabProviders:
		p := m.keys.Providers
		return [][2]string{hintPair(p.Prev, p.Next, "provider"), hintPair(d.Up, d.Down, "scroll"), hint(d.Back, "tools")}
	}
	tabs := [2]string{keyRange(g.Tabs[0], g.Tabs[tabCount-1]), "tabs"}
	return m.withMemoryHints(m.withAppRead(m.withAsTask([][2]string{hint(d.Call, "call"), tabs, hint(g.Log, "log"), hint(d.Back, "back")})))
}

// globalKey acts on the keys that work on every screen but the help and
// the modals: reconnecting, and showing or hiding the screens.
func (m *Model) globalKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	g := m.keys.Global
	switch {
	case key.Matches(msg, g.Reconnect):
		return m.reconnect(), true
	case key.Matches(msg, g.Log):
		return m.openScreen(log.ID), true
	case key.Matches(msg, g.Roots):
		return m.openScreen(roots.ID), true
	case key.Matches(msg, g.LogLevel):
		return m.openScreen(loglevel.ID), true
	case key.Matches(msg, g.Auth):
		return m.toggleAuth(), true
	case key.Matches(msg, g.Tasks):
		return m.openTasks(), true
	case key.Matches(msg, g.Resources):
		return m.toggleResources(), true
	case key.Matches(msg, g.Prompts):
		return m.togglePrompts(), true
	}
	return nil, false
}

// screenKey hands a key to the screen shown over the panes, if any.
func (m *Model) screenKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	switch {
	}
	return nil, false
}
