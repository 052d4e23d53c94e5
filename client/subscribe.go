package client

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mark3labs/mcp-go/mcp"
)

// CanSubscribe reports whether the server accepts resource subscriptions
// (resources.subscribe on 2025-11-25; subscriptions/listen on 2026-07-28).
func (s *Session) CanSubscribe() bool {
	var yes bool
	return json.Unmarshal(declared(s.info.Capabilities, "resources")["subscribe"], &yes) == nil && yes
}

// Subscribe asks for ResourceUpdatedEvent when uri changes. On 2025-11-25
// it sends resources/subscribe; on 2026-07-28 it opens a new
// subscriptions/listen stream whose filter holds every URI subscribed so
// far, waits for the server's acknowledgement, and fails with a
// *SubscribeError when the acknowledgement leaves uri out. A server that
// declared no subscriptions is not asked.
func (s *Session) Subscribe(ctx context.Context, uri string) error {
	what := "subscribe " + truncate(uri, 120)
	if err := checkReadURI(uri); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if !s.CanSubscribe() {
		return &SubscribeError{URI: uri, Unsupported: true}
	}
	if !s.modern() {
		return s.legacySubscription(ctx, string(mcp.MethodResourcesSubscribe), what, uri)
	}
	s.subs.op.Lock()
	defer s.subs.op.Unlock()
	uris := s.subs.with(uri)
	ack, err := s.relisten(ctx, uris)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	s.subs.set(ack.ResourceSubscriptions)
	if !slices.Contains(ack.ResourceSubscriptions, uri) {
		return &SubscribeError{URI: uri, Acknowledged: ack.ResourceSubscriptions}
	}
	return nil
}

// Unsubscribe stops the updates of uri: resources/unsubscribe on
// 2025-11-25, a subscriptions/listen stream without it on 2026-07-28 (or
// none, when nothing is left to listen for).
func (s *Session) Unsubscribe(ctx context.Context, uri string) error {
	what := "unsubscribe " + truncate(uri, 120)
	if !s.modern() {
		return s.legacySubscription(ctx, string(mcp.MethodResourcesUnsubscribe), what, uri)
	}
	s.subs.op.Lock()
	defer s.subs.op.Unlock()
	uris := s.subs.without(uri)
	if len(uris) == 0 && !s.wantsListen() {
		s.subs.set(nil)
		s.subs.stopStream()
		return nil
	}
	ack, err := s.relisten(ctx, uris)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	s.subs.set(ack.ResourceSubscriptions)
	return nil
}

// legacySubscription sends resources/subscribe or resources/unsubscribe.
func (s *Session) legacySubscription(ctx context.Context, method, what, uri string) error {
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	ctx, c := withCapture(ctx, method)
	var err error
	if method == string(mcp.MethodResourcesSubscribe) {
		req := mcp.SubscribeRequest{}
		req.Params.URI = uri
		err = s.mc.Subscribe(ctx, req) //lint:ignore SA1019 resources/subscribe is how 2025-11-25 subscribes
	} else {
		req := mcp.UnsubscribeRequest{}
		req.Params.URI = uri
		err = s.mc.Unsubscribe(ctx, req) //lint:ignore SA1019 resources/unsubscribe is how 2025-11-25 unsubscribes
	}
	raw, rpcErr := c.reply()
	if rpcErr != nil {
		var err error = rpcErrorFrom(method, rpcErr)
		if method == string(mcp.MethodResourcesSubscribe) {
			if unknown := unknownResource(what, uri, err); unknown != err {
				return unknown
			}
		}
		return fmt.Errorf("%s: %w", what, err)
	}
	if raw == nil {
		return s.requestError(what, ctx, err)
	}
	return nil
}

// modern reports whether the session speaks 2026-07-28 or later.
func (s *Session) modern() bool { return mcp.IsModernProtocol(s.mc.ProtocolVersion()) }
