package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/render"
)

// promptMode is what the prompts screen shows.
type promptMode int

const (
	promptList promptMode = iota
	promptForm
	promptResult
)

// promptsScreen is the prompts screen's state; like the resources
// screen's, it outlives closing the screen.
type promptsScreen struct {
	listing
	mode    promptMode
	list    pickList
	prompts []client.Prompt
	forms   map[string]*argForm
	form    *argForm
	name    string
	got     *promptGot
}

// promptGot is the last prompts/get, rendered in a command.
type promptGot struct {
	req   int
	name  string
	res   *client.PromptResult
	err   error
	lines []string
	width int
	ready bool
	// rendering is set while the rows are rendered again for a new
	// width.
	rendering bool
	offset    int
}

func newPromptsScreen() promptsScreen {
	return promptsScreen{list: newPickList("filter prompts"), forms: map[string]*argForm{}}
}

// promptsLoadedMsg is what prompts/list (every page) answered.
type promptsLoadedMsg struct {
	req, gen int
	prompts  []client.Prompt
	err      error
	// undeclared says the server declares no prompts capability, so
	// nothing was asked.
	undeclared bool
}

// promptGotMsg is a prompts/get's outcome, rendered at width.
type promptGotMsg struct {
	req   int
	res   *client.PromptResult
	err   error
	lines []string
	width int
}

// togglePrompts shows or hides the prompts screen, listing them the first
// time and after a reconnect.
func (m *Model) togglePrompts() tea.Cmd {
	return m.toggleListed(&m.prompts.listing, m.loadPrompts)
}

// loadPrompts lists the prompts in a command.
func (m *Model) loadPrompts() tea.Cmd {
	sess := m.readySession("")
	if sess == nil {
		return nil
	}
	req, gen := m.prompts.start(), m.conn.gen
	if !sess.Offers("prompts") {
		// Not asked: the screen says the server offers none.
		return func() tea.Msg { return promptsLoadedMsg{req: req, gen: gen, undeclared: true} }
	}
	return func() tea.Msg {
		prompts, err := sess.ListPrompts(background)
		return promptsLoadedMsg{req: req, gen: gen, prompts: prompts, err: err}
	}
}

// handlePromptsLoaded fills the list, keeping the cursor on the same
// prompt.
func (m *Model) handlePromptsLoaded(msg promptsLoadedMsg) tea.Cmd {
	p := &m.prompts
	if !p.take(msg.req, msg.gen, msg.err, msg.undeclared) {
		return nil
	}
	if msg.err != nil {
		m.setStatus(levelError, "list prompts: "+msg.err.Error())
		return nil
	}
	keep := ""
	if i := p.list.selected(); i >= 0 && i < len(p.prompts) {
		keep = p.prompts[i].Name
	}
	p.prompts = msg.prompts
	hay := make([]string, len(p.prompts))
	for i, pr := range p.prompts {
		hay[i] = pr.Name + " " + pr.Title
	}
	p.list.set(hay, func(i int) bool { return p.prompts[i].Name == keep })
	return nil
}

// promptsKey takes a key on the prompts screen.
func (m *Model) promptsKey(msg tea.KeyPressMsg) tea.Cmd {
	p := &m.prompts
	switch p.mode {
	case promptForm:
		return m.promptFormKey(msg)
	case promptResult:
		return m.promptResultKey(msg)
	}
	if p.list.filtering {
		l := &p.list
		switch {
		case key.Matches(msg, m.keys.Filter.Clear):
			l.filter.SetValue("")
			l.applyFilter()
			fallthrough
		case key.Matches(msg, m.keys.Filter.Done):
			l.filtering = false
			l.filter.Blur()
			return nil
		}
		return l.updateFilter(msg)
	}
	k, rows := m.keys.Prompts, m.promptRows()
	if d, ok := k.moves().move(msg, rows, len(p.list.matches)); ok {
		p.list.move(d, rows)
		return nil
	}
	switch {
	case key.Matches(msg, k.Filter):
		return p.list.startFilter()
	case key.Matches(msg, k.Open):
		return m.openPromptForm()
	case key.Matches(msg, k.Get):
		if m.openPromptForm(); p.mode == promptForm {
			return m.getPrompt()
		}
	case key.Matches(msg, k.Back):
		p.shown = false
	}
	return nil
}

// selectedPrompt is the prompt under the cursor, or nil.
func (m *Model) selectedPrompt() *client.Prompt {
	p := &m.prompts
	if i := p.list.selected(); i >= 0 && i < len(p.prompts) {
		return &p.prompts[i]
	}
	return nil
}

// openPromptForm opens the form of the selected prompt's arguments.
func (m *Model) openPromptForm() tea.Cmd {
	p := &m.prompts
	pr := m.selectedPrompt()
	if pr == nil {
		return nil
	}
	af := p.forms[pr.Name]
	if af == nil {
		fields := make([]argField, len(pr.Arguments))
		for i, a := range pr.Arguments {
			fields[i] = argField{name: a.Name, title: a.Title, description: a.Description, required: a.Required}
		}
		var err error
		af, err = newArgForm(m.st, client.CompletionRef{Prompt: pr.Name}, pr.Name, fields)
		if err != nil {
			m.setStatus(levelError, err.Error())
			return nil
		}
		p.forms[pr.Name] = af
	}
	p.form, p.name, p.mode = af, pr.Name, promptForm
	return m.askCompletion(af)
}

// promptFormKey passes a key to the prompt's form; its submit gets the
// prompt, unless a required argument is missing.
func (m *Model) promptFormKey(msg tea.KeyPressMsg) tea.Cmd {
	p := &m.prompts
	if key.Matches(msg, m.keys.Prompts.Get) {
		return m.getPrompt()
	}
	action, cmd := m.argFormKey(p.form, msg)
	if action == form.ActionBack {
		p.mode = promptList
	}
	return cmd
}

// getPrompt sends prompts/get with the form's arguments, in a command
// that renders the conversation too.
func (m *Model) getPrompt() tea.Cmd {
	p := &m.prompts
	prompt := p.name
	if !m.submitArgForm(p.form, func(name string) string {
		return "the argument " + name + " is required by " + prompt + ": fill it in to get the prompt"
	}) {
		return nil
	}
	sess := m.readySession("your values are kept")
	if sess == nil {
		return nil
	}
	p.seq++
	req, name, args, st, width := p.seq, p.name, p.form.values(), m.st, m.width
	p.got, p.mode = &promptGot{req: req, name: name, width: width}, promptResult
	return func() tea.Msg {
		res, err := sess.GetPrompt(background, name, args)
		msg := promptGotMsg{req: req, res: res, err: err, width: width}
		if err == nil {
			msg.lines = render.PromptLines(st, res, width)
		}
		return msg
	}
}

func (m *Model) handlePromptGot(msg promptGotMsg) tea.Cmd {
	g := m.prompts.got
	if g == nil || g.req != msg.req {
		return nil
	}
	first := !g.ready
	g.res, g.err, g.lines, g.width, g.ready, g.rendering = msg.res, msg.err, msg.lines, msg.width, true, false
	if first && msg.err != nil {
		m.setStatus(levelError, msg.err.Error())
	} else if first {
		m.setStatus(levelOK, "got the prompt "+g.name+": "+plural.Count(len(msg.res.Messages), "message"))
	}
	return nil
}

// promptResultKey scrolls the conversation, or goes back to the form.
func (m *Model) promptResultKey(msg tea.KeyPressMsg) tea.Cmd {
	p, k := &m.prompts, m.keys.Prompts
	if d, ok := k.moves().move(msg, m.readRows(), 1<<30); ok {
		p.got.offset += d
		return nil
	}
	switch {
	case key.Matches(msg, k.Back):
		p.mode = promptForm
	case key.Matches(msg, k.Get):
		return m.getPrompt()
	}
	return nil
}
