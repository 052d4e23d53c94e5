package resources

import (
	"context"

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
			Completer: s.completer(ref), Timer: s.deps.Timer})
		if err != nil {
			return screen.Done(nil, status(render.LevelError, err.Error()))
		}
		s.forms[t.URITemplate] = a
	}
	s.form, s.formTpl, s.formDesc, s.mode = a, t.URITemplate, t.Description, modeForm
	return screen.Done(a.Opened())
}

// completer asks the live session for the completions of ref's
// variables; nil while there is none, or its server does not complete.
func (s *Screen) completer(ref client.CompletionRef) func() form.Completer {
	return func() form.Completer {
		sess, _ := s.deps.Session()
		if sess == nil || !sess.CanComplete() {
			return nil
		}
		return func(ctx context.Context, field, value string, filled map[string]string) (*form.Completion, error) {
			c, err := sess.Complete(ctx, ref, field, value, filled)
			if err != nil || c == nil {
				return nil, err
			}
			return &form.Completion{Values: c.Values, Total: c.Total, HasMore: c.HasMore}, nil
		}
	}
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

// formReply hands a form's own reply (a pause's end, suggestions) to
// the form it is for, if it is one of this screen's.
func (s *Screen) formReply(a *form.Args, msg tea.Msg) screen.Result {
	for _, f := range s.forms {
		if f == a {
			_, cmd := a.Update(msg)
			return screen.Done(cmd)
		}
	}
	return screen.Unhandled()
}
