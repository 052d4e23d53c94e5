package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"
)

// defaultTaskPoll is how often a task is polled when the server suggests
// no interval (pollInterval is optional on both eras).
const defaultTaskPoll = time.Second

// The bounds on the poll interval a server suggests: a server asking for
// polls every microsecond would have the client spin, and one asking for
// an hour would have it miss the end of the task by that much.
const (
	minTaskPoll = 100 * time.Millisecond
	maxTaskPoll = 30 * time.Second
)

// taskRun follows one task until it ends, for a call that ran as a task
// or for TaskResult: it polls tasks/get at the server's interval (or
// sooner when a status notification arrives), restarts the call's timeout
// whenever the status or its message changes, answers a 2026-07-28 task's
// input requests through tasks/update, and turns the end into the call's
// outcome.
type taskRun struct {
	s     *Session
	call  *inflight
	clock *callClock
	// onTask receives each new state.
	onTask func(Task)
	start  time.Time
	// lookup is set when the task was looked up by id rather than created
	// by the call: stopping the wait then leaves the task alone.
	lookup bool

	mu   sync.Mutex
	last Task
	// answered are the inputRequests keys answered, never answered twice
	// (the extension has clients deduplicate keys across polls).
	answered map[string]bool
	updates  int
}

// follow polls task t until it ends and returns its result.
func (r *taskRun) follow(ctx context.Context, t Task) (*CallResult, error) {
	notes, stop := r.s.tasks.follow(t, r.call)
	defer stop()
	r.observe(t, true)
	raw := t.Raw
	modern := r.s.isModern()
	for {
		last := r.state()
		switch {
		case ctx.Err() != nil:
			return nil, r.stopped(ctx, ctx.Err())
		case last.Terminal() || (!modern && last.Status == TaskInputRequired):
			if modern {
				return r.finishModern(raw)
			}
			return r.finishLegacy(ctx, notes)
		case modern && last.Status == TaskInputRequired:
			if err := r.answerInputs(ctx, raw); err != nil {
				return nil, r.stopped(ctx, err)
			}
		}
		if err := r.wait(ctx, notes); err != nil {
			return nil, r.stopped(ctx, err)
		}
		next, got, err := r.s.getTask(ctx, last.ID)
		if err != nil {
			if ctx.Err() != nil {
				return nil, r.stopped(ctx, err)
			}
			return nil, r.named(err)
		}
		r.observe(next, true)
		raw = got
	}
}

// state returns the task's last state.
func (r *taskRun) state() Task {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.last
}

// observe takes t as the task's latest state. A new status or a new
// status message is a real change of state, which restarts the call's
// timeout: the message is how a task says how far it got ("step 3 of
// 12"). A task that keeps saying the same thing lets the timeout run out,
// and one that rewrites its message for ever is ended by the call's
// maximum duration. emit sends the TaskEvent
// (a notification's was sent when it arrived).
func (r *taskRun) observe(t Task, emit bool) {
	r.mu.Lock()
	prev := r.last
	r.last = t
	r.mu.Unlock()
	if prev.ID != "" && (prev.Status != t.Status || prev.StatusMessage != t.StatusMessage) {
		r.clock.restart()
	}
	if prev.ID != "" && string(prev.Raw) == string(t.Raw) {
		return
	}
	if emit {
		r.s.emit(TaskEvent{At: time.Now(), Task: t})
	}
	if r.onTask != nil {
		r.onTask(t)
	}
}

// wait waits out the poll interval the server suggests, within
// minTaskPoll and maxTaskPoll; a status notification for the task ends the
// wait early, as it says the task changed.
func (r *taskRun) wait(ctx context.Context, notes <-chan Task) error {
	d := r.state().PollInterval
	switch {
	case d <= 0:
		d = r.s.tasks.pollDefault()
	case d < minTaskPoll:
		d = minTaskPoll
	case d > maxTaskPoll:
		d = maxTaskPoll
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
	case t := <-notes:
		r.observe(t, false)
	case <-ctx.Done():
		return context.Cause(ctx)
	}
	return nil
}

// stopped is the error of a wait that ended before the task did: the
// person or the timeout ended it, or an input request could not be
// answered. The server is told to cancel a task the call created, as
// nobody will take its result.
func (r *taskRun) stopped(ctx context.Context, err error) error {
	if !r.lookup {
		r.s.cancelTaskQuietly(ctx, r.state().ID)
	}
	if u := r.call.failure(); u != nil {
		return fmt.Errorf("%s: %w", r.what(), u)
	}
	var refused *askError
	switch {
	case ctx.Err() != nil:
		return r.s.requestError(r.what(), ctx, err)
	case errors.As(err, &refused):
		return fmt.Errorf("%s: %w", r.what(), refused.err)
	}
	return r.named(err)
}

// what names the run in errors.
func (r *taskRun) what() string {
	if r.call.tool != "" {
		return fmt.Sprintf("call %s (task %s)", r.call.tool, truncate(oneLine(r.state().ID), 80))
	}
	return fmt.Sprintf("task %s", truncate(oneLine(r.state().ID), 80))
}

// named wraps err with the run's name, unless it names the task already.
func (r *taskRun) named(err error) error {
	if isTaskRequestError(err) && r.call.tool == "" {
		return err
	}
	return fmt.Errorf("%s: %w", r.what(), err)
}

// outcome fills in the result of a task that completed.
func (r *taskRun) outcome(raw json.RawMessage) (*CallResult, error) {
	res, err := ParseCallResult(raw)
	if err != nil {
		return nil, r.named(err)
	}
	last := r.state()
	res.Task = &last
	res.Duration = time.Since(r.start)
	return res, nil
}

// cancelledErr is the error of a task the server reports cancelled.
func (r *taskRun) cancelledErr() error {
	return &TaskCancelledError{Task: r.state(), Tool: r.call.tool}
}

// errTaskFailedBare is what a failed 2026-07-28 task without an error
// member ends with.
var errTaskFailedBare = errors.New("the task failed and the server sent no error")
