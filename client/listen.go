package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/toolbench/toolbench/target"
)

// maxPendingAcks bounds the acknowledgements kept for a listen request
// nobody waits for.
const maxPendingAcks = 64

// listenState is the session's one subscriptions/listen stream on
// 2026-07-28 and the resources it subscribes. mcp-go's client keeps one
// stream: a new Listen cancels the one before, so a changed filter means a
// new stream that carries everything (the list changes and every URI).
type listenState struct {
	// op serializes Subscribe and Unsubscribe: each replaces the stream,
	// and two at once would each cut the other's off before its
	// acknowledgement.
	op   sync.Mutex
	mu   sync.Mutex
	uris []string
	// gen counts the streams opened; only the current one reports its end.
	gen  uint64
	stop func()
	// acks are the acknowledged filters by subscription id (tokenKey of
	// the listen request's id); signal is closed and replaced at each.
	acks   map[string]mcp.SubscriptionFilter
	signal chan struct{}
}

// with returns the URIs subscribed plus uri.
func (l *listenState) with(uri string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := slices.Clone(l.uris)
	if !slices.Contains(out, uri) {
		out = append(out, uri)
	}
	return out
}

// without returns the URIs subscribed minus uri.
func (l *listenState) without(uri string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.DeleteFunc(slices.Clone(l.uris), func(u string) bool { return u == uri })
}

// set records the URIs the server acknowledged.
func (l *listenState) set(uris []string) {
	l.mu.Lock()
	l.uris = slices.Clone(uris)
	l.mu.Unlock()
}

// stopStream closes the current stream, if any, and waits for it.
func (l *listenState) stopStream() {
	l.mu.Lock()
	stop := l.stop
	l.stop = nil
	l.gen++
	l.mu.Unlock()
	if stop != nil {
		stop()
	}
}

// acknowledged records the acknowledgement of the listen request id.
func (l *listenState) acknowledged(id string, f mcp.SubscriptionFilter) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.acks == nil || len(l.acks) >= maxPendingAcks {
		l.acks = map[string]mcp.SubscriptionFilter{}
	}
	l.acks[id] = f
	if l.signal != nil {
		close(l.signal)
	}
	l.signal = make(chan struct{})
}

// ack returns the acknowledgement of the request c captured, if it came,
// and a channel closed at the next acknowledgement.
func (l *listenState) ack(c *capture) (mcp.SubscriptionFilter, bool, <-chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.signal == nil {
		l.signal = make(chan struct{})
	}
	if id, sent := c.requestID(); sent {
		if f, ok := l.acks[tokenKey(id)]; ok {
			delete(l.acks, tokenKey(id))
			return f, true, l.signal
		}
	}
	return mcp.SubscriptionFilter{}, false, l.signal
}

// listFilter asks for every list change; the server keeps those it offers.
func listFilter() mcp.SubscriptionFilter {
	return mcp.SubscriptionFilter{ToolsListChanged: true, PromptsListChanged: true, ResourcesListChanged: true}
}

// wantsListen reports whether the session keeps a stream open for list
// changes (see listen).
func (s *Session) wantsListen() bool {
	return s.opts.Listen && s.transport == target.StreamableHTTP && s.modern()
}

// openListen replaces the session's stream with one for filter and returns
// its capture and a channel that gets Listen's result when it ends.
func (s *Session) openListen(filter mcp.SubscriptionFilter) (*capture, <-chan error) {
	s.subs.stopStream()
	ctx, cancel := context.WithCancel(s.life)
	ctx, c := withCapture(ctx, string(mcp.MethodSubscriptionsListen))
	done := make(chan error, 1)
	finished := make(chan struct{})
	s.subs.mu.Lock()
	s.subs.gen++
	gen := s.subs.gen
	s.subs.stop = func() { cancel(); <-finished }
	s.subs.mu.Unlock()
	go func() {
		defer close(finished)
		err := s.mc.Listen(ctx, filter)
		done <- err
		s.subs.mu.Lock()
		current := s.subs.gen == gen
		s.subs.mu.Unlock()
		if err != nil && current && ctx.Err() == nil {
			s.emit(DiagnosticEvent{At: time.Now(), Level: "WARN", Message: "notification stream: " + redactErr(err).Error()})
		}
	}()
	return c, done
}

// relisten opens a stream for the list changes and uris and waits for its
// acknowledgement, which it returns.
func (s *Session) relisten(ctx context.Context, uris []string) (mcp.SubscriptionFilter, error) {
	method := string(mcp.MethodSubscriptionsListen)
	filter := listFilter()
	filter.ResourceSubscriptions = uris
	c, done := s.openListen(filter)
	timer := time.NewTimer(s.opts.Timeout)
	defer timer.Stop()
	for {
		f, ok, next := s.subs.ack(c)
		if ok {
			return f, nil
		}
		select {
		case <-next:
		case err := <-done:
			if f, ok, _ := s.subs.ack(c); ok {
				return f, nil
			}
			if _, rpcErr := c.reply(); rpcErr != nil {
				return mcp.SubscriptionFilter{}, rpcErrorFrom(method, rpcErr)
			}
			if err == nil {
				err = errors.New("the server ended the stream without acknowledging it")
			}
			return mcp.SubscriptionFilter{}, s.requestError(method, ctx, err)
		case <-ctx.Done():
			s.subs.stopStream()
			return mcp.SubscriptionFilter{}, fmt.Errorf("%s: %w", method, ErrCancelled)
		case <-timer.C:
			s.subs.stopStream()
			return mcp.SubscriptionFilter{}, fmt.Errorf("%s: %w: no acknowledgement within %s", method, ErrTimeout, s.opts.Timeout)
		}
	}
}

// noteAcknowledgement hands a notifications/subscriptions/acknowledged to
// the listen request it answers.
func (s *Session) noteAcknowledgement(params json.RawMessage) {
	var a struct {
		Meta          map[string]json.RawMessage `json:"_meta"`
		Notifications mcp.SubscriptionFilter     `json:"notifications"`
	}
	if json.Unmarshal(params, &a) != nil {
		return
	}
	id, ok := a.Meta[mcp.MetaKeySubscriptionID]
	if !ok {
		return
	}
	var v any
	if json.Unmarshal(id, &v) != nil {
		return
	}
	s.subs.acknowledged(tokenKey(v), a.Notifications)
}
