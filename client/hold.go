package client

import (
	"context"
	"errors"
	"sync"
	"time"
)

// holdKey carries, in a request's context, the function that pauses the
// request's timeout.
type holdKey struct{}

// withHold returns ctx carrying hold, the pause of its request's timeout.
// A hold pauses the clocks of the enclosing contexts too: a probe's bound
// runs inside initialize's timeout, and a login pauses both.
func withHold(ctx context.Context, hold func() (release func())) context.Context {
	outer, ok := ctx.Value(holdKey{}).(func() func())
	if !ok {
		return context.WithValue(ctx, holdKey{}, hold)
	}
	return context.WithValue(ctx, holdKey{}, func() func() {
		inner, out := hold(), outer()
		return func() {
			inner()
			out()
		}
	})
}

// HoldTimeout pauses the timeout of the session request whose context ctx
// is (or derives from) until release is called: the wrapper of
// Options.HTTPWrap calls it while a person logs in, which is not the
// server being slow. Holds nest; a context of no request holds nothing.
func HoldTimeout(ctx context.Context) (release func()) {
	if hold, ok := ctx.Value(holdKey{}).(func() func()); ok {
		return hold()
	}
	return func() {}
}

// withTimeout bounds a request by the session's timeout, as
// context.WithTimeout does (the context ends with DeadlineExceeded), but
// with a clock HoldTimeout can pause.
func (s *Session) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	return pausableTimeout(ctx, s.opts.Timeout)
}

// pausableTimeout is withTimeout for any duration.
func pausableTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	c := &deadlineCtx{parent: parent, done: make(chan struct{})}
	clock := newCallClock(d, func() { c.end(context.DeadlineExceeded) })
	stop := context.AfterFunc(parent, func() { c.end(parent.Err()) })
	return withHold(c, clock.hold), func() {
		stop()
		clock.stop()
		c.end(context.Canceled)
	}
}

// deadlineCtx is a context whose end by its clock reads as
// context.DeadlineExceeded, as a context.WithTimeout's would, so callers
// and the contexts derived from it tell a timeout from a cancellation the
// usual way. Its own done channel makes derived contexts ask its Err
// rather than its parent's.
type deadlineCtx struct {
	parent context.Context
	done   chan struct{}

	mu  sync.Mutex
	err error
}

// end ends the context with err unless it has ended.
func (c *deadlineCtx) end(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		c.err = err
		close(c.done)
	}
}

// Deadline implements context.Context: the parent's, as the clock can be
// paused and has none.
func (c *deadlineCtx) Deadline() (time.Time, bool) { return c.parent.Deadline() }

// Done implements context.Context.
func (c *deadlineCtx) Done() <-chan struct{} { return c.done }

// Err implements context.Context.
func (c *deadlineCtx) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Value implements context.Context.
func (c *deadlineCtx) Value(key any) any { return c.parent.Value(key) }

// FinalError is implemented by errors an Options.HTTPWrap round tripper
// returns for a request it would not send, such as a login that failed or
// was not allowed: sending it again another way (initialize after
// server/discover, SSE after streamable HTTP) would only meet the same
// refusal, or send a person to the browser twice.
type FinalError interface {
	error
	// Final reports that no retry of the request can succeed.
	Final() bool
}

// isFinal reports whether err's chain holds a FinalError that says so.
func isFinal(err error) bool {
	var f FinalError
	return errors.As(err, &f) && f.Final()
}
