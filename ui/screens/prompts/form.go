package prompts

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/clientview"
	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/widget"
)

// openForm opens the form of the selected prompt's arguments; the
// focused argument's completions are asked for.
func (s *Screen) openForm() screen.Result {
	pr := s.selected()
	if pr == nil {
		return screen.Done(nil)
	}
	a := s.forms[pr.Name]
	if a == nil {
		fields := make([]form.ArgField, len(pr.Arguments))
		for i, arg := range pr.Arguments {
			fields[i] = form.ArgField{Name: arg.Name, Title: arg.Title, Description: arg.Description, Required: arg.Required}
		}
		var err error
		a, err = form.NewArgs(form.ArgsConfig{Styles: s.st, Title: pr.Name, Fields: fields,
			Completer: form.SessionCompleter(s.deps.Session, client.CompletionRef{Prompt: pr.Name}), Timer: s.deps.Timer})
		if err != nil {
			return screen.Done(nil, status(render.LevelError, err.Error()))
		}
		s.forms[pr.Name] = a
	}
	s.form, s.name, s.mode = a, pr.Name, modeForm
	return screen.Done(a.Opened())
}

// formInput passes a key to the prompt's form; Get gets the prompt,
// unless a required argument is missing.
func (s *Screen) formInput(msg tea.Msg) screen.Result {
	if s.form == nil {
		s.mode = modeList
		return screen.Done(nil)
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, s.keys.List.Get) {
		return s.get()
	}
	action, cmd := s.form.Update(msg)
	if action == form.ActionBack {
		s.mode = modeList
	}
	return screen.Done(cmd)
}

// get sends prompts/get with the form's arguments, in a command that
// renders the conversation too.
func (s *Screen) get() screen.Result {
	prompt := s.name
	if !s.form.Submit(func(name string) string {
		return "the argument " + name + " is required by " + prompt + ": fill it in to get the prompt"
	}) {
		return screen.Done(nil)
	}
	sess, _ := s.deps.Session()
	if sess == nil {
		return screen.Done(nil, screen.NotConnected{Then: "your values are kept"})
	}
	req := 1
	if s.got != nil {
		req = s.got.req + 1
	}
	name, args, st, width := s.name, s.form.Values(), s.st, s.width
	s.got, s.mode = &got{req: req, name: name, width: width, view: widget.NewViewport()}, modeResult
	s.got.view.Keys = s.keys.Result.Nav
	return screen.Done(func() tea.Msg {
		res, err := sess.GetPrompt(context.Background(), name, args)
		msg := gotMsg{req: req, res: res, err: err, width: width}
		if err == nil {
			msg.lines = render.PromptLines(st, clientview.Prompt(res), width)
		}
		return msg
	})
}

// resultInput scrolls the conversation, or goes back to the form.
func (s *Screen) resultInput(msg tea.Msg) screen.Result {
	g, k := s.got, s.keys.Result
	if g == nil {
		s.mode = modeList
		return screen.Done(nil)
	}
	if g.view.Update(msg) {
		return screen.Done(nil)
	}
	km, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
		return screen.Done(nil)
	case key.Matches(km, k.Back):
		s.mode = modeForm
		return screen.Done(nil)
	case key.Matches(km, k.Get):
		return s.get()
	}
	return screen.Unhandled()
}

// rerender renders the conversation again when the screen's width
// changed since.
func (s *Screen) rerender() tea.Cmd {
	g := s.got
	if s.mode != modeResult || g == nil || !g.ready || g.res == nil || g.rendering || g.width == s.width {
		return nil
	}
	g.rendering = true
	st, res, width, req := s.st, g.res, s.width, g.req
	return func() tea.Msg {
		return gotMsg{req: req, res: res, lines: render.PromptLines(st, clientview.Prompt(res), width), width: width}
	}
}
