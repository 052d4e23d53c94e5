package client

import "context"

// CanSubscribe reports whether the server accepts resource subscriptions
// (resources.subscribe on 2025-11-25; subscriptions/listen on 2026-07-28).
func (s *Session) CanSubscribe() bool { return false }

// Subscribe asks for ResourceUpdatedEvent when uri changes.
func (s *Session) Subscribe(ctx context.Context, uri string) error { return errNotBuilt }

// Unsubscribe stops the updates of uri.
func (s *Session) Unsubscribe(ctx context.Context, uri string) error { return errNotBuilt }
