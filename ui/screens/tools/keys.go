package tools

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
)

// handleKey routes a key: the tabs' chords first, then the focused pane.
func (s *Screen) handleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if t, ok := matchTab(msg, s.keys.Tabs); ok {
		s.detail.tab = t
		return nil, true
	}
	if s.focus == focusList {
		return s.listKey(msg)
	}
	return s.detailKey(msg), true
}

func (s *Screen) listKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	defer s.syncDetail()
	if ok, cmd := s.list.Update(msg); ok {
		return cmd, true
	}
	k := s.keys.List
	switch {
	case key.Matches(msg, k.Open):
		s.openSelected()
	case key.Matches(msg, k.Quit):
		s.acts = append(s.acts, screen.Quit{})
	case key.Matches(msg, k.Reconnect):
		s.acts = append(s.acts, screen.Reconnect{})
	case key.Matches(msg, k.Log):
		s.acts = append(s.acts, screen.Open{ID: s.d.LogScreen})
	case key.Matches(msg, k.Call):
		return s.callSelected(false), true
	case key.Matches(msg, k.AsTask):
		return s.toggleAsTask(), true
	default:
		if t, ok := matchTab(msg, k.Tabs); ok {
			s.detail.tab = t
			return nil, true
		}
		return s.resultKeyFromList(msg)
	}
	return nil, true
}

// resultKeyFromList takes the Result tab's keys while the list has the
// keys and the Result tab shows (after a call made from the list), so
// that what the tab's hints offer works.
func (s *Screen) resultKeyFromList(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if !s.resultFromList() {
		return nil, false
	}
	if key.Matches(msg, s.d.Shared.SaveTest) {
		return s.d.SaveTest(), true
	}
	return s.copyOrLinkKey(msg, true)
}

// resultFromList reports whether the Result tab of the tool under the
// list's cursor shows while the list has the keys.
func (s *Screen) resultFromList() bool {
	t := s.list.Tool()
	return s.detail.tab == tabResult && s.detail.tool != nil && t != nil && t.Name == s.detail.tool.Name
}

// copyOrLinkKey takes the copy keys of the detail pane and, on the Result
// tab, the key that reads its resource link.
func (s *Screen) copyOrLinkKey(msg tea.KeyPressMsg, onResult bool) (tea.Cmd, bool) {
	d := s.keys.Detail
	switch {
	case key.Matches(msg, d.CopyResult):
		s.copy(copyResult)
		return nil, true
	case key.Matches(msg, d.CopyArgs):
		s.copy(copyArgs)
		return nil, true
	case key.Matches(msg, d.CopyCommand):
		s.copy(copyCommand)
		return nil, true
	case onResult && key.Matches(msg, s.keys.OpenLink):
		return s.openResultResource(), true
	}
	return nil, false
}

func (s *Screen) detailKey(msg tea.KeyPressMsg) tea.Cmd {
	if s.detail.tool == nil {
		s.focus = focusList
		return nil
	}
	if key.Matches(msg, s.keys.Detail.AsTask) {
		return s.toggleAsTask()
	}
	switch s.detail.tab {
	case tabMeta:
		if cmd, ok := s.appKey(msg); ok {
			return cmd
		}
	case tabForm:
		return s.formKey(msg)
	case tabLint:
		if s.lintKey(msg) {
			return nil
		}
	case tabProviders:
		if s.providerKey(msg) {
			return nil
		}
	case tabHosts:
		if s.hostsKey(msg) {
			return nil
		}
	}
	k, t := s.keys.Detail, s.detail.tab
	if d, ok := k.nav().Delta(msg, s.contentHeight(), detailBottom); ok {
		// The bottom depends on the content; layout clamps the offset there.
		s.detail.offset[t] = max(0, s.detail.offset[t]+d)
		return nil
	}
	switch {
	case key.Matches(msg, k.Back):
		s.focus = focusList
	case key.Matches(msg, k.Filter):
		s.focus = focusList
		return s.list.StartFilter()
	case key.Matches(msg, k.Call):
		return s.callSelected(false)
	}
	cmd, _ := s.copyOrLinkKey(msg, t == tabResult)
	return cmd
}

// formKey passes a key to the tool's form and acts on what it asks for.
func (s *Screen) formKey(msg tea.KeyPressMsg) tea.Cmd {
	e := s.detail.editor()
	if e == nil {
		return nil
	}
	action, cmd := e.model.Update(msg)
	switch action {
	case form.ActionSubmit:
		return tea.Batch(cmd, s.callSelected(false))
	case form.ActionSubmitInvalid:
		return tea.Batch(cmd, s.callSelected(true))
	case form.ActionBack:
		s.focus = focusList
	}
	return cmd
}

// callSelected calls the selected tool with its form's values. Invalid
// values are refused unless the person confirmed sending them anyway.
func (s *Screen) callSelected(force bool) tea.Cmd {
	t := s.list.Tool()
	if t == nil {
		return nil
	}
	if t.Excluded != "" {
		s.status(render.LevelError, t.Name+" is not called: "+t.Excluded)
		return nil
	}
	e := s.detail.editorFor(s.st, t)
	// The form's own ctrl+s asks before sending invalid values (force);
	// from the list, or any other tab, invalid values open the form.
	if !force {
		if issues := e.model.Validate(); len(issues) > 0 {
			s.detail.tab, s.focus = tabForm, focusDetail
			s.status(render.LevelError, "the arguments have problems; fix them or press ctrl+s in the form to send anyway")
			return nil
		}
	}
	return s.startCall(*t, e.form.JSON())
}

// forward passes other messages (a paste, a blink) to what has focus.
func (s *Screen) forward(msg tea.Msg) (tea.Cmd, bool) {
	if e := s.detail.editor(); e != nil && s.focus == focusDetail && s.detail.tab == tabForm {
		_, cmd := e.model.Update(msg)
		return cmd, true
	}
	if s.list.Filtering() {
		_, cmd := s.list.Update(msg)
		return cmd, true
	}
	return nil, false
}

// Typing reports whether the focused part types printable keys as text:
// the list's filter, or the form.
func (s *Screen) Typing() bool {
	if s.focus == focusList {
		return s.list.Filtering()
	}
	return s.detail.tab == tabForm
}
