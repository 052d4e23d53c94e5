package client

import (
	"fmt"
	"sync"
	"time"
)

// ErrMaxDuration means a request ran past its maximum duration: progress
// kept extending its timeout, and the ceiling no progress extends ended
// it. It wraps ErrTimeout.
var ErrMaxDuration = fmt.Errorf("%w: ran past its maximum duration", ErrTimeout)

// The bounds of a request's maximum duration when Options.MaxDuration is
// zero: maxDurationFactor times the timeout.
const maxDurationFactor = 10

// callClock is a request's timeout, an inactivity timeout: restarted by a
// real change of state (see progressed and taskRun.observe), paused while
// the request's asks are answered (a person filling in a form is not the
// server being slow). Its ceiling, when set, bounds the whole request
// however it progresses; it too is paused while asks are answered.
type callClock struct {
	d     time.Duration
	timer *time.Timer

	mu    sync.Mutex
	holds int
	// ceiling fires at the maximum duration; nil when there is none. left
	// is the ceiling's time still to run, counted from since.
	ceiling *time.Timer
	left    time.Duration
	since   time.Time
	// best is the highest progress value seen; seen says whether any was.
	best float64
	seen bool
}

func newCallClock(d time.Duration, fire func()) *callClock {
	return &callClock{d: d, timer: time.AfterFunc(d, fire)}
}

// requestClock is the clock of one request of s: the session's timeout,
// ending the request with ErrTimeout, under its maximum duration, ending
// it with ErrMaxDuration.
func (s *Session) requestClock(cancel func(error)) *callClock {
	k := newCallClock(s.opts.Timeout, func() { cancel(ErrTimeout) })
	k.left, k.since = s.maxDuration(), time.Now()
	k.ceiling = time.AfterFunc(k.left, func() { cancel(ErrMaxDuration) })
	return k
}

// maxDuration is Options.MaxDuration, or maxDurationFactor times the
// timeout; never shorter than the timeout.
func (s *Session) maxDuration() time.Duration {
	if d := s.opts.MaxDuration; d > 0 {
		return max(d, s.opts.Timeout)
	}
	return maxDurationFactor * s.opts.Timeout
}

// maxAsks is Options.MaxAsks, or DefaultMaxAsks.
func (s *Session) maxAsks() int {
	if s.opts.MaxAsks > 0 {
		return s.opts.MaxAsks
	}
	return DefaultMaxAsks
}

// progressed takes a progress notification's value: one higher than any
// before is a real change of state and restarts the timeout. The
// specification has progress increase with each notification; one that
// repeats or goes back, whatever its message says, shows nothing moving.
func (k *callClock) progressed(p float64) {
	k.mu.Lock()
	advanced := !k.seen || p > k.best
	if advanced {
		k.best, k.seen = p, true
	}
	k.mu.Unlock()
	if advanced {
		k.restart()
	}
}

// restart starts the timeout again unless it is paused.
func (k *callClock) restart() {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.holds == 0 {
		k.timer.Reset(k.d)
	}
}

// hold pauses the timeout and the ceiling until the returned function
// runs; holds nest.
func (k *callClock) hold() (release func()) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.holds++; k.holds == 1 {
		k.timer.Stop()
		if k.ceiling != nil && k.ceiling.Stop() {
			k.left -= time.Since(k.since)
		}
	}
	return sync.OnceFunc(func() {
		k.mu.Lock()
		defer k.mu.Unlock()
		if k.holds--; k.holds == 0 {
			k.timer.Reset(k.d)
			if k.ceiling != nil {
				k.since = time.Now()
				k.ceiling.Reset(max(k.left, 0))
			}
		}
	})
}

// stop stops the timeout and the ceiling.
func (k *callClock) stop() {
	k.timer.Stop()
	if k.ceiling != nil {
		k.ceiling.Stop()
	}
}
