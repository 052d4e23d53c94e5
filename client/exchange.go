package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// exchange sends a request that may come back input_required on
// 2026-07-28 (prompts/get, resources/read) the way CallTool sends a call:
// one timeout that pauses while the server's questions are answered, the
// questions put to Options.Answer, the server told when the caller gives
// up. what names the request in errors ("read file:///a"); name is what
// the asks and round errors name (the URI, the prompt). It returns the last
// round's result as sent and how long the rounds took.
func (s *Session) exchange(ctx context.Context, method, name, what string, send func(context.Context) error) (json.RawMessage, time.Duration, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	defer s.cancelOnEnd(cancel)()
	clock := s.requestClock(cancel)
	defer clock.stop()
	call := s.calls.newInflight(ctx, name, clock.hold, cancel, s.maxAsks())
	defer s.calls.begin(call)()
	ctx = withHold(withGroup(withInflight(withExchange(ctx), call), call.group), clock.hold)
	start := time.Now()
	c, err := s.roundTrip(ctx, call, method, name, send)
	elapsed := time.Since(start)
	raw, err := s.exchangeOutcome(ctx, call, c, err, method, what)
	return raw, elapsed, err
}

// exchangeOutcome turns what an exchange's last round left into its answer,
// as callOutcome does for calls.
func (s *Session) exchangeOutcome(ctx context.Context, call *inflight, c *capture, err error, method, what string) (json.RawMessage, error) {
	if f := call.failure(); f != nil {
		if ctx.Err() != nil {
			// The ask limit ended the request: the server must hear of it.
			s.confirmCancelled(ctx, c)
		}
		return nil, fmt.Errorf("%s: %w", what, f)
	}
	raw, rpcErr := c.reply()
	var rounds *InputRoundsError
	var bad *InputRequiredError
	var refused *askError
	switch {
	case rpcErr != nil:
		return nil, fmt.Errorf("%s: %w", what, rpcErrorFrom(method, rpcErr))
	case errors.As(err, &rounds) || errors.As(err, &bad):
		return nil, err
	case raw != nil:
		return raw, nil
	case ctx.Err() != nil && context.Cause(ctx) != ErrClosed:
		s.confirmCancelled(ctx, c)
	case errors.As(err, &refused):
		return nil, fmt.Errorf("%s: %w", what, refused.err)
	}
	return nil, s.requestError(what, ctx, err)
}
