package ui

import (
	"context"
	"sync"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/step"
)

// The browser words of NewAuthBridge (the --browser flag's values).
const (
	browserOpen  = "open"
	browserNone  = "none"
	browserFetch = "fetch"
)

// AuthBridge carries an OAuth flow's steps into the workbench's auth
// screen, and the person back to the flow: the authorization URL opened
// or shown, a redirect URL or code pasted. The command that starts the
// workbench makes one and gives its Observe and Agent to auth.Options and
// itself to Options.Auth.
//
// The flow runs on goroutines of its own and must never wait for the
// screen, so what it reports is queued here and the program is woken to
// take it: the order of the steps is the queue's, whatever the scheduler
// does, and nothing is lost before the program runs.
type AuthBridge struct {
	browser string
	// pasted carries the person's paste to the flow; it holds one, the
	// latest, so the screen never waits for the flow either.
	pasted chan string

	mu    sync.Mutex
	queue []authNote
	// send wakes the program; nil until it runs. woken is set while a
	// wake is on its way, so one is enough for any number of notes.
	send  func(tea.Msg)
	woken bool
}

// authNote is one thing the flow told the bridge: a step's event, or the
// authorization URL the agent was asked to visit.
type authNote struct {
	event step.Event
	// visit is the authorization URL of Agent.Visit; "" for an event.
	visit string
}

// authWakeMsg tells the program that the bridge holds notes.
type authWakeMsg struct{}

// NewAuthBridge returns a bridge whose agent opens the authorization URL
// as browser says: "open" (the system browser, else shown), "none"
// (shown; the person pastes the redirect) or "fetch" (followed by
// toolbench itself). Any other word is taken as "open".
func NewAuthBridge(browser string) *AuthBridge {
	switch browser {
	case browserNone, browserFetch:
	default:
		browser = browserOpen
	}
	return &AuthBridge{browser: browser, pasted: make(chan string, 1)}
}

// Observe is the flow's step.Observer. It queues e and returns at once.
func (b *AuthBridge) Observe(e step.Event) { b.note(authNote{event: e}) }

// Agent is the flow's grant.Agent: the auth screen for "open" and "none",
// toolbench itself for "fetch".
func (b *AuthBridge) Agent() grant.Agent {
	if b.browser == browserFetch {
		return fetchAgent{b: b}
	}
	return screenAgent{b: b}
}

// note queues n and wakes the program unless a wake is on its way. The
// wake is sent from a goroutine of its own: Program.Send waits for the
// event loop (and returns when the program has ended).
func (b *AuthBridge) note(n authNote) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.queue = append(b.queue, n)
	b.wakeLocked()
}

func (b *AuthBridge) wakeLocked() {
	if b.send == nil || b.woken || len(b.queue) == 0 {
		return
	}
	b.woken = true
	send := b.send
	go send(authWakeMsg{})
}

// attach connects the bridge to the running program, which then takes
// the notes queued so far.
func (b *AuthBridge) attach(send func(tea.Msg)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.send = send
	b.wakeLocked()
}

// take returns the queued notes, oldest first, and empties the queue.
func (b *AuthBridge) take() []authNote {
	b.mu.Lock()
	defer b.mu.Unlock()
	q := b.queue
	b.queue, b.woken = nil, false
	return q
}

// queued reports notes the program has not taken yet.
func (b *AuthBridge) queued() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.queue) > 0
}

// paste hands the person's redirect URL or code to the flow. The latest
// paste wins: one the flow has not read yet is replaced.
func (b *AuthBridge) paste(text string) {
	for {
		select {
		case b.pasted <- text:
			return
		default:
		}
		select {
		case <-b.pasted:
		default:
		}
	}
}

// screenAgent shows the authorization URL on the auth screen, which opens
// it in the browser for "open", and takes the person's paste from it.
type screenAgent struct{ b *AuthBridge }

// Visit queues the URL for the screen and returns: the screen shows it at
// once, and opens it when the bridge's browser is "open".
func (a screenAgent) Visit(ctx context.Context, authURL string) error {
	a.b.note(authNote{visit: authURL})
	return nil
}

// Pasted is what the person pastes into the auth screen's field.
func (a screenAgent) Pasted() <-chan string { return a.b.pasted }

// fetchAgent shows the URL and lets grant.FetchAgent follow it.
type fetchAgent struct{ b *AuthBridge }

// Visit queues the URL for the screen and follows it.
func (a fetchAgent) Visit(ctx context.Context, authURL string) error {
	a.b.note(authNote{visit: authURL})
	return grant.FetchAgent{}.Visit(ctx, authURL)
}

// Pasted is nil: nobody pastes when toolbench follows the URL itself.
func (a fetchAgent) Pasted() <-chan string { return nil }
