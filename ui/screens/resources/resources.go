// Package resources is the resources screen: the server's resources and
// resource templates listed and filtered, a resource read (resources/read)
// and saved to a file, a template's variables filled in a form with the
// server's suggestions, and subscriptions to a resource's updates.
package resources

import (
	"context"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// ID names the screen.
const ID screen.ID = "resources"

// Session is what the screen needs of the live session. The screen calls
// the methods that talk to the server from commands only; Offers,
// CanSubscribe and CanComplete must not block.
type Session interface {
	// Offers says whether the server declared a capability
	// ("resources"), so a list it lacks is not asked for.
	Offers(capability string) bool
	// ListResources is resources/list, every page.
	ListResources(ctx context.Context) ([]client.Resource, error)
	// ListResourceTemplates is resources/templates/list.
	ListResourceTemplates(ctx context.Context) ([]client.ResourceTemplate, error)
	// ReadResource is resources/read.
	ReadResource(ctx context.Context, uri string) (*client.ReadResult, error)
	// CanSubscribe says whether Subscribe may be asked.
	CanSubscribe() bool
	// Subscribe starts a resource's updates, which the root hands the
	// screen as client.ResourceUpdatedEvent.
	Subscribe(ctx context.Context, uri string) error
	// Unsubscribe stops them.
	Unsubscribe(ctx context.Context, uri string) error
	// Completing completes a template's variables.
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
	// Evidence are the lines that explain a failed request (the server's
	// stderr, a hint), as the workbench words them.
	Evidence func(err error) []string
}

// Read is the message that reads URI on the screen (a tool result's
// resource link): the root opens the screen, then sends it.
type Read struct{ URI string }

// mode is what the screen shows.
type mode int

const (
	modeList mode = iota
	modeRead
	modeForm
)

// Screen is the resources screen. Its state outlives closing it: the
// list, the forms' values, the last read and the subscriptions stay.
type Screen struct {
	deps Deps
	st   *theme.Styles
	keys Keys
	mode mode
	// width and height are the body's size.
	width, height int

	listing widget.Listing
	list    widget.List
	entries []entry
	// templates counts the entries that are templates (they come last);
	// tplErr is why the templates could not be listed.
	templates int
	tplErr    error

	read *read
	// forms are the templates' forms by template, so values survive.
	forms    map[string]*form.Args
	form     *form.Args
	formTpl  string
	formDesc string
	save     saveState
	// subscribed are the resources whose updates arrive; updated when
	// each last changed; subscribing counts the calls on their way.
	subscribed  map[string]bool
	updated     map[string]time.Time
	subscribing int
}

var (
	_ screen.Screen = (*Screen)(nil)
	_ screen.Typer  = (*Screen)(nil)
)

// New returns the screen, empty until it is opened.
func New(d Deps) *Screen {
	s := &Screen{deps: d, st: d.Styles, keys: newKeys(), list: widget.NewList("resource", "filter resources and templates"),
		forms: map[string]*form.Args{}, subscribed: map[string]bool{}, updated: map[string]time.Time{}, save: newSaveState(),
		height: 1}
	s.list.Keys.Nav = s.keys.List.Nav
	s.list.Keys.Filter = s.keys.List.Filter
	return s
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title names the screen.
func (s *Screen) Title() string { return "Resources" }

// Typing reports whether keys are typed as text: the filter, a
// template's form, the path to save to.
func (s *Screen) Typing() bool {
	return s.list.Filtering() || s.mode == modeForm || s.save.active()
}

// Update takes the screen's keys, mouse and replies, and the session's
// resource events the root hands on.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	r := s.update(msg)
	if !r.Handled {
		return r
	}
	r.Cmd = tea.Batch(r.Cmd, s.layout())
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
	case Read:
		return s.openRead(msg.URI)
	case loadedMsg:
		return s.handleLoaded(msg)
	case readMsg:
		return s.handleRead(msg)
	case subscribedMsg:
		return s.handleSubscribed(msg)
	case savedMsg:
		return s.handleSaved(msg)
	case client.ResourceUpdatedEvent:
		s.updated[msg.URI] = msg.At
		return screen.Done(nil, status(render.LevelInfo, "the server updated "+msg.URI+"; r reads it again"))
	case client.ListChangedEvent:
		if msg.List != "resources" {
			return screen.Unhandled()
		}
		return screen.Relist(&s.listing, s.deps.Session, s.load)
	case tea.KeyPressMsg, tea.PasteMsg, tea.MouseMsg:
		return s.input(msg)
	}
	// A cursor blink is not taken: the root offers every screen made
	// so far what it does not know, and a blink cannot say whose it is.
	return screen.Unhandled()
}

// input takes a key, a paste or a mouse event in the current mode.
func (s *Screen) input(msg tea.Msg) screen.Result {
	switch {
	case s.save.active():
		return s.saveInput(msg)
	case s.mode == modeForm:
		return s.formInput(msg)
	case s.mode == modeRead:
		return s.readInput(msg)
	}
	return s.listInput(msg)
}

// Subscribed are the URIs subscribed to, sorted: a new session is asked
// for them again after a reconnect.
func (s *Screen) Subscribed() []string {
	out := make([]string, 0, len(s.subscribed))
	for uri := range s.subscribed {
		out = append(out, uri)
	}
	slices.Sort(out)
	return out
}

// Unsubscribed says the subscription to uri was lost (a new session
// refused it).
func (s *Screen) Unsubscribed(uri string) { delete(s.subscribed, uri) }

// Waiting names what the screen waits for (a listing, a read, a
// subscription, a save), "" for nothing.
func (s *Screen) Waiting() string {
	switch {
	case s.listing.Loading != 0:
		return "resources/list"
	case s.read != nil && (!s.read.ready || s.read.rendering):
		return "resources/read"
	case s.subscribing > 0:
		return "a subscription"
	case s.save.saving:
		return "a save"
	}
	return ""
}

// session is the live session, or nil with the action that says there is
// none.
func (s *Screen) session(then string) (Session, int, screen.Action) {
	sess, gen := s.deps.Session()
	if sess == nil {
		return nil, gen, screen.NotConnected{Then: then}
	}
	return sess, gen, nil
}

// status is a status line action.
func status(l render.Level, text string) screen.Action { return screen.Status{Level: l, Text: text} }
