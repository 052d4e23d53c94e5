package auth

import (
	"time"

	"github.com/toolbench/toolbench/auth/step"
)

// flowStep is one step of a flow as it went: from its first event to the
// one that ended it, with every exchange it made.
type flowStep struct {
	name       step.Name
	state      step.State
	start, end time.Time
	summary    string
	// notes are the summaries of its Info events (a URL of several tried).
	notes     []string
	exchanges []*step.Exchange
	url       string
	err       error
}

// finished reports a step that ended.
func (s *flowStep) finished() bool { return s.state != step.Started }

// took is how long the step took; 0 while it runs, so the screen holds
// no clock that only a redraw would move.
func (s *flowStep) took() time.Duration {
	if !s.finished() || s.start.IsZero() || s.end.Before(s.start) {
		return 0
	}
	return s.end.Sub(s.start)
}

// openState is how opening a flow's authorization URL went.
type openState int

const (
	openNot openState = iota
	openStarted
	openDone
	openFailed
)

// flow is one run of the flow: a login, a refresh, a step-up.
type flow struct {
	steps []*flowStep
	// url is the authorization URL the agent was asked to visit.
	url    string
	opened openState
	// openErr says why the browser did not open.
	openErr string
	// shownOnce is set once the flow has opened the screen by itself, so
	// it does so once: esc closes it for good.
	shownOnce bool
	// autoShown is set while the screen is up because this flow opened
	// it; a flow that then succeeds closes it again.
	autoShown bool
}

// ended reports a flow that has nothing left to do but send the request
// again: a step failed, a token was got or refreshed (a login ends
// there), or the request went again.
func (f *flow) ended() bool {
	last := f.last()
	if last == nil {
		return false
	}
	switch {
	case last.state == step.Failed:
		return true
	case last.name == step.Retry:
		return last.finished()
	}
	return (last.name == step.Token || last.name == step.Refresh) && last.state == step.Done
}

// failed is the step that failed, or nil.
func (f *flow) failed() *flowStep {
	for _, s := range f.steps {
		if s.state == step.Failed {
			return s
		}
	}
	return nil
}

// last is the newest step, notes between steps left out.
func (f *flow) last() *flowStep {
	for i := len(f.steps) - 1; i >= 0; i-- {
		if f.steps[i].state != step.Info {
			return f.steps[i]
		}
	}
	return nil
}

// exchanges is e's exchange as a list.
func exchanges(e step.Event) []*step.Exchange {
	if e.Exchange == nil {
		return nil
	}
	return []*step.Exchange{e.Exchange}
}

// add records e: a Started event begins a step, the others go to the
// latest unfinished step of that name, or stand as a step of their own (a
// Skipped one with no Started before it; a note between steps, such as a
// pasted text that is no redirect, before the Callback step began).
func (f *flow) add(e step.Event) {
	s := f.open(e.Step)
	switch {
	case s == nil && e.State == step.Info:
		s = &flowStep{name: e.Step, state: step.Info, start: e.At, end: e.At, summary: e.Summary, exchanges: exchanges(e)}
		f.steps = append(f.steps, s)
		return
	case s == nil || e.State == step.Started:
		s = &flowStep{name: e.Step, state: step.Started, start: e.At}
		f.steps = append(f.steps, s)
	}
	if e.Exchange != nil {
		s.exchanges = append(s.exchanges, e.Exchange)
	}
	if e.URL != "" {
		s.url = e.URL
	}
	switch e.State {
	case step.Info:
		if e.Summary != "" {
			s.notes = append(s.notes, e.Summary)
		}
		return
	case step.Started:
	default:
		s.state, s.end = e.State, e.At
		if s.start.IsZero() {
			s.start = e.At
		}
	}
	if e.Summary != "" {
		s.summary = e.Summary
	}
	if e.Err != nil {
		s.err = e.Err
	}
}

// open is the latest unfinished step called name, or nil.
func (f *flow) open(name step.Name) *flowStep {
	for i := len(f.steps) - 1; i >= 0; i-- {
		if s := f.steps[i]; s.name == name && !s.finished() {
			return s
		}
	}
	return nil
}

// startsFlow reports whether e begins a new flow after cur: the first
// event of all, a challenge (each 401 or 403 is a flow of its own: a
// login, a refresh, a step-up), or anything but a note or the retry that
// closes cur once cur ended.
func startsFlow(cur *flow, e step.Event) bool {
	switch {
	case cur == nil:
		return true
	case e.Step == step.Challenge:
		return e.State == step.Started || cur.open(step.Challenge) == nil
	case e.Step == step.Retry:
		return false
	}
	return cur.ended() && e.State != step.Info
}
