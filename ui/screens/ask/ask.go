// Package ask is the screens that answer what the server asks during a
// call: an elicitation's form, a URL elicitation's question and a sampling
// request's reply. The root keeps the queue of questions and pushes one
// of these screens for the first; the screen returns the person's answer
// as a screen.Answer, and the root sends it and pops the screen.
package ask

import (
	"encoding/json"
	"errors"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// ID names the screen of the question shown; one question shows at a time.
const ID screen.ID = "ask"

// ErrRejected is what a server gets when the person refuses a sampling
// request: a JSON-RPC error, as the spec has a client refuse one.
var ErrRejected = errors.New("the person at the workbench rejected the request")

// Browser opens a URL in the system's browser.
type Browser interface {
	// Name is the command that opens URLs, for the question the person
	// is asked ("open it with xdg-open").
	Name() string
	// Open opens url and returns once the opener started; it must not
	// wait for the browser.
	Open(url string) error
}

// Deps are what a question's screen is given.
type Deps struct {
	// Styles draw it.
	Styles *theme.Styles
	// Keys answer the question; the root's hints while it waits on a URL
	// use the same.
	Keys Keys
	// Head says who asks and during what.
	Head render.AskHead
	// Browser opens a URL elicitation's URL; nil when none can, and the
	// URL is then copied.
	Browser Browser
}

// New returns the screen that answers a, or an error saying why the
// workbench cannot: the root refuses the question with it.
func New(d Deps, a client.Ask) (*Screen, error) {
	var md modal
	switch a.Kind {
	case client.AskElicit:
		req, err := a.Elicitation()
		if err != nil {
			return nil, err
		}
		if req.Mode == "url" {
			md = newURLModal(d.Styles, d.Keys, d.Head, req, d.Browser)
		} else {
			md = newElicitModal(d.Styles, d.Keys, d.Head, req)
		}
	case client.AskSample:
		s, err := newSamplingModal(d.Styles, d.Keys, d.Head, a.Params)
		if err != nil {
			return nil, err
		}
		md = s
	default:
		return nil, fmt.Errorf("the server asked for %s, which the workbench cannot answer", a.Kind)
	}
	return &Screen{keys: d.Keys, modal: md}, nil
}

// modal is the dialog of one kind of question; Screen makes it a screen.
type modal interface {
	// update takes a key, a paste or a blink meant for the modal.
	update(msg tea.Msg) (modalOutcome, tea.Cmd)
	// view draws the modal in the size of the last resize.
	view() []string
	// hints are the keys that matter now, the answers first.
	hints() [][2]string
	// answers counts the hints, from the first, that answer the question.
	answers() int
	// resize lays the modal out for the body's size.
	resize(width, height int)
	// title names the kind of question.
	title() string
	// typing reports whether printable keys are text (a form's).
	typing() bool
}

// modalOutcome is what the person decided. Until done, the modal stays.
type modalOutcome struct {
	done bool
	// result is the answer to send; err refuses the ask instead.
	result json.RawMessage
	err    error
	// wait is set when the answer starts a wait for the server (an
	// accepted URL elicitation).
	wait *screen.URLWait
	// status is a message for the status line.
	status string
}

// answered is an outcome that sends result.
func answered(result any, status string) modalOutcome {
	b, err := json.Marshal(result)
	if err != nil {
		return modalOutcome{done: true, err: fmt.Errorf("encode the answer: %w", err)}
	}
	return modalOutcome{done: true, result: b, status: status}
}

// Screen is the question on screen. It takes every key, so that none
// meant for the question reaches the workbench behind it; the mouse it
// leaves, so a stray click answers nothing.
type Screen struct {
	keys  Keys
	modal modal
}

var (
	_ screen.Screen   = (*Screen)(nil)
	_ screen.Typer    = (*Screen)(nil)
	_ screen.Question = (*Screen)(nil)
)

// ID is the questions' one id.
func (s *Screen) ID() screen.ID { return ID }

// Title names the kind of question ("Sampling request").
func (s *Screen) Title() string { return s.modal.title() }

// Update takes the keys, pastes and blinks of the question, and the
// body's size; its answer is a screen.Answer, ctrl+x a screen.CancelCall.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.modal.resize(msg.Width, msg.Height)
		return screen.Done(nil)
	case tea.MouseMsg:
		return screen.Unhandled()
	case tea.KeyPressMsg:
		if key.Matches(msg, s.keys.CancelCall) {
			return screen.Done(nil, screen.CancelCall{})
		}
	}
	out, cmd := s.modal.update(msg)
	if !out.done {
		return screen.Done(cmd)
	}
	return screen.Done(cmd, screen.Answer{Result: out.result, Err: out.err, Status: out.status, Wait: out.wait})
}

// View draws the question in the size of the last resize.
func (s *Screen) View(width, height int) []string { return s.modal.view() }

// Keys are the questions' keys, then, for a form, the form's.
func (s *Screen) Keys() []screen.Group {
	groups := []screen.Group{s.keys.Group()}
	if s.modal.typing() {
		for _, g := range form.DefaultKeyMap().FullHelp() {
			groups = append(groups, screen.Group{Title: g.Title, Bindings: g.Bindings})
		}
	}
	return groups
}

// Hints are the keys that matter now, the answers first.
func (s *Screen) Hints() [][2]string { return s.modal.hints() }

// Answers is how many of the first hints answer the question: the status
// line never drops them.
func (s *Screen) Answers() int { return s.modal.answers() }

// Typing reports whether printable keys are a form's text: a URL
// elicitation asks only for keys.
func (s *Screen) Typing() bool { return s.modal.typing() }

// previewMinWidth is the width from which a form's JSON preview sits
// beside it, as on the tool's Form tab.
const previewMinWidth = 80

// scrolled is the window of height lines from offset, clamped.
func scrolled(lines []string, offset, height int) []string {
	off := render.Scroll(offset, len(lines), height)
	return lines[off:min(len(lines), off+height)]
}
