// Package auth is the screen of the OAuth flow: the newest flow's steps
// as they happened, the selected step's HTTP exchanges, and what the
// person must do to go on (open or copy the authorization URL, paste the
// redirect). The flow runs on goroutines of its own; the root model's
// bridge hands its steps to Event and Visit in order, and the screen
// hands the person's paste back through Deps.Paste.
package auth

import (
	"github.com/toolbench/toolbench/auth/step"
	"strings"

	"charm.land/bubbles/v2/cursor"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// ID names the screen.
const ID screen.ID = "auth"

// Browser opens the authorization URL.
type Browser interface {
	// Name is the command that opens URLs ("xdg-open"), for the words
	// that say what became of the URL.
	Name() string
	// Open opens url and returns once the opener started; it must not
	// wait for the browser.
	Open(url string) error
}

// Deps are what the screen is given.
type Deps struct {
	// Styles draw it.
	Styles *theme.Styles
	// Server names the server being authorized at, secrets redacted.
	Server string
	// Bridged is set when a flow can run at all: the server is reached
	// over HTTP and --auth is on.
	Bridged bool
	// Opens is set when the screen opens the authorization URL in the
	// browser (--browser open); Fetches when toolbench follows it itself
	// (--browser fetch), so nobody pastes a redirect. Neither: the person
	// opens it (--browser none).
	Opens, Fetches bool
	// Paste hands the person's redirect URL or code to the flow; it
	// returns at once.
	Paste func(text string)
	// Browser is the opener of URLs, nil when none was found.
	Browser func() Browser
	// Explain puts the failure of a step into words (the step that broke,
	// why, what to do), the CLI's sentences; nil draws a plain account.
	Explain func(step.Name, error) []string
	// OpenKey names the key that shows the screen, for the status line.
	OpenKey string
}

// Keys are the screen's keys.
type Keys struct {
	// Steps moves through the steps (up and down only); Detail scrolls
	// the selected step's detail (the pages, home and end, the wheel).
	Steps, Detail widget.Nav
	// Open, Copy and Paste go on with the authorization URL; Back closes
	// the screen while the flow goes on.
	Open, Copy, Paste, Back key.Binding
	// Send hands the pasted text to the flow; Cancel stops pasting.
	Send, Cancel key.Binding
}

// newKeys returns the screen's keys.
func newKeys() Keys {
	k := Keys{Steps: widget.NewNav("step"), Detail: widget.NewNav("line"),
		Open:   key.NewBinding(key.WithKeys("o", "enter"), key.WithHelp("o/enter", "open the authorization URL in the browser")),
		Copy:   key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "copy the authorization URL")),
		Paste:  key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "paste the redirect URL or the code the browser shows")),
		Back:   key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc/q", "close the auth screen; the flow goes on")),
		Send:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send the pasted redirect to the flow")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop pasting")),
	}
	for _, b := range []*key.Binding{&k.Steps.PageUp, &k.Steps.PageDown, &k.Steps.Home, &k.Steps.End, &k.Detail.Up, &k.Detail.Down} {
		b.SetEnabled(false)
	}
	k.Detail.PageUp.SetHelp("pgup", "scroll the step's detail up")
	k.Detail.PageDown.SetHelp("pgdown/space", "scroll the step's detail down")
	k.Detail.Home.SetHelp("home/g", "top of the step's detail")
	k.Detail.End.SetHelp("end/G", "bottom of the step's detail")
	return k
}

// Screen is the auth screen.
type Screen struct {
	d    Deps
	keys Keys
	// flows are the flows seen, newest last; total counts every flow,
	// the dropped ones too.
	flows []*flow
	total int
	// steps is where the person is among the newest flow's steps; follow
	// keeps the selection on the newest step until the person moves it.
	steps  widget.List
	follow bool
	detail widget.Viewport
	// pasting is set while the redirect is pasted or typed into input.
	pasting       bool
	input         textinput.Model
	width, height int
}

var _ screen.Screen = (*Screen)(nil)
var _ screen.Typer = (*Screen)(nil)

// pastePrompt leads the paste field.
const pastePrompt = "paste: "

// New returns the screen, with no flow yet.
func New(d Deps) *Screen {
	ti := textinput.New()
	ti.Prompt = pastePrompt
	ti.Placeholder = "the redirect URL from the browser's address bar, or the code"
	s := &Screen{d: d, keys: newKeys(), follow: true, input: ti, steps: widget.NewList("step", ""), detail: widget.NewViewport()}
	s.steps.Keys.Nav = s.keys.Steps
	s.steps.Keys.Filter.SetEnabled(false)
	s.detail.Keys = s.keys.Detail
	return s
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title names the screen.
func (s *Screen) Title() string { return "Authorization" }

// Typing reports whether the redirect is being pasted or typed.
func (s *Screen) Typing() bool { return s.pasting }

// Busy reports a browser being started for the newest flow.
func (s *Screen) Busy() bool {
	f := s.current()
	return f != nil && f.opened == openStarted
}

// Update takes the screen's keys, pastes and mouse, and the browser's
// answers.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	switch msg := msg.(type) {
	case openedMsg:
		return s.handleOpened(msg)
	case tea.WindowSizeMsg:
		s.width, s.height = msg.Width, msg.Height
		s.input.SetWidth(max(1, msg.Width-len(pastePrompt)-1))
		s.layout()
		return screen.Done(nil)
	case tea.MouseClickMsg:
		return s.click(msg)
	case tea.MouseWheelMsg:
		s.detail.Update(msg)
		return screen.Done(nil)
	case tea.PasteMsg:
		return s.pasted(msg)
	case cursor.BlinkMsg:
		// Only the field's own blink asks for the next one; another
		// screen's goes on to it.
		if !s.pasting {
			return screen.Unhandled()
		}
		if r := s.typed(msg); r.Cmd != nil {
			return r
		}
		return screen.Unhandled()
	case tea.KeyPressMsg:
		if s.pasting {
			return s.pasteKey(msg)
		}
		return s.key(msg)
	}
	return screen.Unhandled()
}

// key takes a key while no redirect is typed.
func (s *Screen) key(msg tea.KeyPressMsg) screen.Result {
	k, f := s.keys, s.current()
	switch {
	case key.Matches(msg, k.Open) && waitsForPerson(f):
		return screen.Done(s.openURL(f))
	case key.Matches(msg, k.Copy) && waitsForPerson(f):
		return screen.Done(nil, screen.Copy{Text: f.url, What: "the authorization URL"})
	case key.Matches(msg, k.Paste) && s.canPaste(f):
		s.pasting = true
		s.input.SetValue("")
		return screen.Done(s.input.Focus())
	case key.Matches(msg, k.Back):
		return s.close()
	}
	if ok, _ := s.steps.Update(msg); ok {
		s.follow = key.Matches(msg, k.Steps.Down) && s.steps.Selected() == s.steps.Count()-1
		s.detail.ScrollTo(0)
		s.layout()
		return screen.Done(nil)
	}
	if s.detail.Update(msg) {
		return screen.Done(nil)
	}
	return screen.Unhandled()
}

// click selects the step clicked: its rows follow the title and the
// flow's verdict.
func (s *Screen) click(msg tea.MouseClickMsg) screen.Result {
	const stepsTop = 2
	if s.current() == nil || s.pasting {
		return screen.Done(nil)
	}
	if i, ok := s.steps.Click(msg.Y - stepsTop); ok {
		s.follow = i == s.steps.Count()-1
		s.detail.ScrollTo(0)
		s.layout()
	}
	return screen.Done(nil)
}

// pasteKey takes a key while the redirect is pasted or typed. Alt chords
// are no text: they go on to the keys that work everywhere.
func (s *Screen) pasteKey(msg tea.KeyPressMsg) screen.Result {
	switch {
	case key.Matches(msg, s.keys.Send):
		text := strings.TrimSpace(s.input.Value())
		if text == "" {
			return screen.Done(nil, screen.Status{Level: render.LevelError,
				Text: "paste the redirect URL from the browser's address bar, or the code, then enter"})
		}
		s.stopPasting()
		s.input.SetValue("")
		s.d.Paste(text)
		return screen.Done(nil, screen.Status{Level: render.LevelInfo, Text: "sent the pasted redirect to the flow"})
	case key.Matches(msg, s.keys.Cancel):
		s.stopPasting()
		return screen.Done(nil)
	case msg.Mod&tea.ModAlt != 0:
		return screen.Unhandled()
	}
	return s.typed(msg)
}

// pasted takes a bracketed paste: into the field, opened for it when the
// flow waits for one.
func (s *Screen) pasted(msg tea.PasteMsg) screen.Result {
	if !s.canPaste(s.current()) {
		return screen.Done(nil)
	}
	var focus tea.Cmd
	if !s.pasting {
		s.pasting = true
		focus = s.input.Focus()
	}
	r := s.typed(msg)
	return screen.Done(tea.Batch(focus, r.Cmd))
}

// typed hands msg to the paste field.
func (s *Screen) typed(msg tea.Msg) screen.Result {
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	return screen.Done(cmd)
}

func (s *Screen) stopPasting() {
	s.pasting = false
	s.input.Blur()
}

// layout brings the steps list and the detail's scroll up to date with
// the flow and the body's size, so View only draws.
func (s *Screen) layout() {
	v := s.shown()
	s.detail.SetSize(len(render.AuthDetailLines(s.d.Styles, v.Detail, s.width)),
		s.height-render.AuthHeadRows(s.d.Styles, v, s.width))
}
