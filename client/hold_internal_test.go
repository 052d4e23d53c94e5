package client

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestPausableTimeoutEndsAsADeadline(t *testing.T) {
	t.Parallel()
	ctx, cancel := pausableTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	child, stop := context.WithCancel(ctx)
	defer stop()
	<-child.Done()
	if !errors.Is(ctx.Err(), context.DeadlineExceeded) || !errors.Is(child.Err(), context.DeadlineExceeded) {
		t.Fatalf("ended with %v (derived: %v), want context.DeadlineExceeded for both", ctx.Err(), child.Err())
	}
}

func TestHoldTimeoutPausesTheClock(t *testing.T) {
	t.Parallel()
	ctx, cancel := pausableTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	release := HoldTimeout(context.WithValue(ctx, testKey{}, 1))
	// Held for ten times the timeout: the context must still be alive.
	held := time.NewTimer(300 * time.Millisecond)
	select {
	case <-ctx.Done():
		t.Fatalf("the context ended while its timeout was held: %v", ctx.Err())
	case <-held.C:
	}
	release()
	<-ctx.Done()
	if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("after the hold it ended with %v, want context.DeadlineExceeded", ctx.Err())
	}
}

func TestPausableTimeoutFollowsItsParentAndItsCancel(t *testing.T) {
	t.Parallel()
	parent, cancelParent := context.WithCancel(context.Background())
	ctx, cancel := pausableTimeout(parent, time.Hour)
	defer cancel()
	cancelParent()
	<-ctx.Done()
	if !errors.Is(ctx.Err(), context.Canceled) {
		t.Fatalf("after the parent was cancelled: %v, want context.Canceled", ctx.Err())
	}
	own, cancelOwn := pausableTimeout(context.Background(), time.Hour)
	cancelOwn()
	if !errors.Is(own.Err(), context.Canceled) {
		t.Fatalf("after its cancel: %v, want context.Canceled", own.Err())
	}
	if HoldTimeout(context.Background()) == nil {
		t.Fatal("HoldTimeout of a context with no request returned nil")
	}
}

// testKey keys a value a test puts in a context, so HoldTimeout is seen to
// find the hold beneath it.
type testKey struct{}
