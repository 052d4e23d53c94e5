package resources

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
)

// openTemplate opens the form of a template's variables; the focused
// variable's completions are asked for.
func (s *Screen) openTemplate(t *client.ResourceTemplate) screen.Result {
	vars, err := client.TemplateVariables(t.URITemplate)
	if err != nil {
		return screen.Done(nil, status(render.LevelError, "the template "+t.URITemplate+" cannot be used: "+err.Error()))
	}
	a := s.forms[t.URITemplate]
	if a == nil {
		fields := make([]form.ArgField, len(vars))
		for i, v := range vars {
			fields[i] = form.ArgField{Name: v, Required: true, Description: "a value for {" + v + "} in " + t.URITemplate}
		}
		ref := client.CompletionRef{URITemplate: t.URITemplate}
		a, err = form.NewArgs(form.ArgsConfig{Styles: s.st, Title: t.Name, Fields: fields,
			Completer: form.SessionCompleter(s.deps.Session, ref), Timer: s.deps.Timer})
		if err != nil {
			return screen.Done(nil, status(render.LevelError, err.Error()))
		}
		s.forms[t.URITemplate] = a
	}
	s.form, s.formTpl, s.formDesc, s.mode = a, t.URITemplate, t.Description, modeForm
	return screen.Done(a.Opened())
}

// formInput passes a key to the template's form; its submit reads the
// expanded URI, unless a variable is empty.
func (s *Screen) formInput(msg tea.Msg) screen.Result {
	a := s.form
	if a == nil {
		s.mode = modeList
		return screen.Done(nil)
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, a.SubmitKey()) {
		tpl := s.formTpl
		if !a.Submit(func(name string) string {
			return "the variable " + name + " is empty: fill it in to read from " + tpl
		}) {
			return screen.Done(nil)
		}
		uri, err := client.ExpandTemplate(tpl, a.Values())
		if err != nil {
			return screen.Done(nil, status(render.LevelError, err.Error()))
		}
		return s.readURI(uri, true)
	}
	action, cmd := a.Update(msg)
	if action == form.ActionBack {
		s.mode = modeList
	}
	return screen.Done(cmd)
}
