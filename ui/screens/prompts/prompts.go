// Package prompts is the prompts screen: the server's prompts listed and
// filtered, a prompt's arguments filled in a form with the server's
// suggestions, and the conversation prompts/get answers.
package prompts

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// ID names the screen.
const ID screen.ID = "prompts"

// Session is what the screen needs of the live session. The screen calls
// the methods that talk to the server from commands only; Offers and
// CanComplete must not block.
type Session interface {
	// Offers says whether the server declared a capability ("prompts"),
	// so a list it lacks is not asked for.
	Offers(capability string) bool
	// ListPrompts is prompts/list, every page.
	ListPrompts(ctx context.Context) ([]client.Prompt, error)
	// GetPrompt is prompts/get with the arguments by name.
	GetPrompt(ctx context.Context, name string, args map[string]string) (*client.PromptResult, error)
	// Completing completes a prompt's arguments.
	form.Completing
}

// Deps are what the screen is given.
type Deps struct {
	// Styles draw it.
	Styles *theme.Styles
	// Session is the live session and its generation, or nil when none
	// is ready.
	Session func() (Session, int)
	// Timer delivers msg after d (the pause before completions).
	Timer func(d time.Duration, msg tea.Msg) tea.Cmd
	// Evidence are the lines that explain a failed request, as the
	// workbench words them.
	Evidence func(err error) []string
}

// mode is what the screen shows.
type mode int

const (
	modeList mode = iota
	modeForm
	modeResult
)

// Screen is the prompts screen; its state outlives closing it.
type Screen struct {
	deps          Deps
	st            *theme.Styles
	keys          Keys
	mode          mode
	width, height int

	listing widget.Listing
	list    widget.List
	prompts []client.Prompt
	// forms are the prompts' forms by name, so values survive.
	forms map[string]*form.Args
	form  *form.Args
	name  string
	got   *got
}

var (
	_ screen.Screen = (*Screen)(nil)
	_ screen.Typer  = (*Screen)(nil)
)

// got is the last prompts/get, rendered in a command.
type got struct {
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
	view      widget.Viewport
}

// loadedMsg is what prompts/list (every page) answered.
type loadedMsg struct {
	req, gen int
	prompts  []client.Prompt
	err      error
	// undeclared says the server declares no prompts capability, so
	// nothing was asked.
	undeclared bool
}

// gotMsg is a prompts/get's outcome, rendered at width.
type gotMsg struct {
	req   int
	res   *client.PromptResult
	err   error
	lines []string
	width int
}

// New returns the screen, empty until it is opened.
func New(d Deps) *Screen {
	s := &Screen{deps: d, st: d.Styles, keys: newKeys(), list: widget.NewList("prompt", "filter prompts"),
		forms: map[string]*form.Args{}, height: 1}
	s.list.Keys.Nav = s.keys.List.Nav
	s.list.Keys.Filter = s.keys.List.Filter
	return s
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title names the screen.
func (s *Screen) Title() string { return "Prompts" }

// Typing reports whether keys are typed as text: the filter, a form.
func (s *Screen) Typing() bool { return s.list.Filtering() || s.mode == modeForm }

// Waiting names what the screen waits for (a listing, a prompts/get), ""
// for nothing.
func (s *Screen) Waiting() string {
	switch {
	case s.listing.Loading != 0:
		return "prompts/list"
	case s.got != nil && (!s.got.ready || s.got.rendering):
		return "prompts/get"
	}
	return ""
}

// Update takes the screen's keys, mouse and replies, and the session's
// list_changed the root hands on.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	r := s.update(msg)
	if r.Handled {
		r.Cmd = tea.Batch(r.Cmd, s.layout())
	}
	return r
}

func (s *Screen) update(msg tea.Msg) screen.Result {
	// A form's own reply for another screen's form falls through to
	// Unhandled below, as no case takes it.
	if cmd, ok := form.Reply(s.forms, msg); ok {
		return screen.Done(cmd)
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.width, s.height = msg.Width, max(1, msg.Height)
		return screen.Done(nil)
	case screen.Opened:
		return screen.OpenListing(&s.listing, s.deps.Session, s.load)
	case loadedMsg:
		return s.handleLoaded(msg)
	case gotMsg:
		return s.handleGot(msg)
	case client.ListChangedEvent:
		if msg.List != "prompts" {
			return screen.Unhandled()
		}
		return screen.Relist(&s.listing, s.deps.Session, s.load)
	case tea.KeyPressMsg, tea.PasteMsg, tea.MouseMsg:
		switch s.mode {
		case modeForm:
			return s.formInput(msg)
		case modeResult:
			return s.resultInput(msg)
		}
		return s.listInput(msg)
	}
	// A cursor blink is not taken: the root offers every screen made
	// so far what it does not know, and a blink cannot say whose it is.
	return screen.Unhandled()
}

// load lists the prompts in a command.
func (s *Screen) load(sess Session, gen int) tea.Cmd {
	req := s.listing.Start()
	if !sess.Offers("prompts") {
		// Not asked: the screen says the server offers none.
		return func() tea.Msg { return loadedMsg{req: req, gen: gen, undeclared: true} }
	}
	return func() tea.Msg {
		prompts, err := sess.ListPrompts(context.Background())
		return loadedMsg{req: req, gen: gen, prompts: prompts, err: err}
	}
}

// handleLoaded fills the list, keeping the cursor on the same prompt.
func (s *Screen) handleLoaded(msg loadedMsg) screen.Result {
	if !s.listing.Take(msg.req, msg.gen, msg.err, msg.undeclared) {
		return screen.Done(nil)
	}
	if msg.err != nil {
		return screen.Done(nil, status(render.LevelError, "list prompts: "+msg.err.Error()))
	}
	keep := ""
	if pr := s.selected(); pr != nil {
		keep = pr.Name
	}
	s.prompts = msg.prompts
	hay := make([]string, len(s.prompts))
	for i, pr := range s.prompts {
		hay[i] = pr.Name + " " + pr.Title
	}
	s.list.Set(hay, func(i int) bool { return s.prompts[i].Name == keep })
	return screen.Done(nil)
}

// listInput takes a key, a paste or a mouse event on the list.
func (s *Screen) listInput(msg tea.Msg) screen.Result {
	if c, ok := msg.(tea.MouseClickMsg); ok {
		if _, _, again := s.list.ClickAgain(c.Y - s.list.HeadRows()); again {
			return s.openForm()
		}
		return screen.Done(nil)
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && !s.list.Filtering() {
		l := s.keys.List
		switch {
		case key.Matches(k, l.Open):
			return s.openForm()
		case key.Matches(k, l.Get):
			r := s.openForm()
			if s.mode != modeForm {
				return r
			}
			g := s.get()
			return screen.Done(tea.Batch(r.Cmd, g.Cmd), append(r.Actions, g.Actions...)...)
		case key.Matches(k, l.Back):
			return screen.Done(nil, screen.Pop{})
		}
	}
	if ok, cmd := s.list.Update(msg); ok {
		return screen.Done(cmd)
	}
	return screen.Unhandled()
}

// selected is the prompt under the cursor, or nil.
func (s *Screen) selected() *client.Prompt {
	if i := s.list.Selected(); i >= 0 && i < len(s.prompts) {
		return &s.prompts[i]
	}
	return nil
}

// named finds a listed prompt by name.
func (s *Screen) named(name string) *client.Prompt {
	for i := range s.prompts {
		if s.prompts[i].Name == name {
			return &s.prompts[i]
		}
	}
	return nil
}

// handleGot takes a conversation or a new rendering of it.
func (s *Screen) handleGot(msg gotMsg) screen.Result {
	g := s.got
	if g == nil || g.req != msg.req {
		return screen.Done(nil)
	}
	first := !g.ready
	g.res, g.err, g.lines, g.width, g.ready, g.rendering = msg.res, msg.err, msg.lines, msg.width, true, false
	switch {
	case !first:
		return screen.Done(nil)
	case msg.err != nil:
		return screen.Done(nil, status(render.LevelError, msg.err.Error()))
	}
	return screen.Done(nil, status(render.LevelOK, "got the prompt "+g.name+": "+plural.Count(len(msg.res.Messages), "message")))
}

// status is a status line action.
func status(l render.Level, text string) screen.Action { return screen.Status{Level: l, Text: text} }
