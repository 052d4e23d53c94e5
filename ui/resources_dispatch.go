package ui

import tea "charm.land/bubbletea/v2"

// dispatchBeyond takes the messages of the resources and prompts screens
// and of completions; ok is false for any other message.
func (m *Model) dispatchBeyond(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case resourcesLoadedMsg:
		return m.handleResourcesLoaded(msg), true
	case resourceReadMsg:
		return m.handleResourceRead(msg), true
	case subscribedMsg:
		return m.handleSubscribed(msg), true
	case savedMsg:
		return m.handleSaved(msg), true
	case promptsLoadedMsg:
		return m.handlePromptsLoaded(msg), true
	case promptGotMsg:
		return m.handlePromptGot(msg), true
	case completeDueMsg:
		return m.handleCompleteDue(msg), true
	case completeDoneMsg:
		return m.handleCompleteDone(msg), true
	}
	return nil, false
}

// beyondForward passes other messages (paste, cursor blinks) to the
// input of the resources or prompts screen that has focus; ok is false
// when neither screen is shown.
func (m *Model) beyondForward(msg tea.Msg) (tea.Cmd, bool) {
	var cmd tea.Cmd
	switch r, p := &m.resources, &m.prompts; {
	case r.shown && r.save.typing:
		r.save.input, cmd = r.save.input.Update(msg)
	case r.shown && r.mode == resForm && r.form != nil:
		_, cmd = r.form.model.Update(msg)
		cmd = tea.Batch(cmd, m.askCompletion(r.form))
	case r.shown && r.list.filtering:
		cmd = r.list.updateFilter(msg)
	case p.shown && p.mode == promptForm && p.form != nil:
		_, cmd = p.form.model.Update(msg)
		cmd = tea.Batch(cmd, m.askCompletion(p.form))
	case p.shown && p.list.filtering:
		cmd = p.list.updateFilter(msg)
	case r.shown || p.shown:
	default:
		return nil, false
	}
	return cmd, true
}

// openResultResource reads the shown result's resource link on the
// resources screen.
func (m *Model) openResultResource() tea.Cmd {
	uri := m.resultResourceURI()
	if uri == "" {
		m.setStatus(levelInfo, "the result has no resource_link and no embedded resource")
		return nil
	}
	return m.openResource(uri)
}
