package client_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/beyond"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// touch runs the fixture's touch tool and returns its text ("counter N; M
// subscribers told").
func touch(t *testing.T, s *client.Session) string {
	t.Helper()
	res, err := s.CallTool(context.Background(), beyond.TouchTool, []byte(`{}`), nil)
	if err != nil || len(res.Texts()) != 1 {
		t.Fatalf("touch: %+v, %v", res, err)
	}
	return res.Texts()[0]
}

// TestBeyondSubscribe: a subscribed resource's change arrives as a
// ResourceUpdatedEvent, on both eras; once unsubscribed the server tells
// nobody.
func TestBeyondSubscribe(t *testing.T) {
	t.Parallel()
	for _, c := range beyondCases {
		t.Run(c.String(), func(t *testing.T) {
			t.Parallel()
			updates := &eventLog[client.ResourceUpdatedEvent]{}
			s := connectBeyond(t, c, client.Options{OnEvent: updates.note})
			if !s.CanSubscribe() {
				t.Fatal("CanSubscribe = false for a server that offers subscriptions")
			}
			ctx := context.Background()
			if err := s.Subscribe(ctx, beyond.CounterURI); err != nil {
				t.Fatal(err)
			}
			if got := touch(t, s); !strings.HasSuffix(got, "1 subscribers told") {
				t.Fatalf("touch after subscribe: %q", got)
			}
			if _, ok := updates.wait(5*time.Second, func(e client.ResourceUpdatedEvent) bool { return e.URI == beyond.CounterURI }); !ok {
				t.Fatal("no ResourceUpdatedEvent for the subscribed resource")
			}
			if err := s.Unsubscribe(ctx, beyond.CounterURI); err != nil {
				t.Fatal(err)
			}
			// On 2026-07-28 the server forgets the old stream's URIs when
			// that stream ends, a moment after the client closes it.
			if !testkit.Eventually(5*time.Second, func() bool { return strings.HasSuffix(touch(t, s), " 0 subscribers told") }) {
				t.Error("the server still tells a subscriber after Unsubscribe")
			}
		})
	}
}

// TestBeyondSubscribeRefused: on 2026-07-28 a URI the acknowledgement
// leaves out is an error naming it, and the URIs acknowledged stay
// subscribed.
func TestBeyondSubscribeRefused(t *testing.T) {
	t.Parallel()
	for _, c := range []beyondCase{{"stdio", beyond.Modern}, {"http", beyond.Modern}} {
		t.Run(c.String(), func(t *testing.T) {
			t.Parallel()
			updates := &eventLog[client.ResourceUpdatedEvent]{}
			s := connectBeyond(t, c, client.Options{OnEvent: updates.note})
			ctx := context.Background()
			if err := s.Subscribe(ctx, beyond.CounterURI); err != nil {
				t.Fatal(err)
			}
			refused := beyond.RefusedPrefix + "x"
			err := s.Subscribe(ctx, refused)
			var se *client.SubscribeError
			if !errors.As(err, &se) || se.URI != refused || se.Unsupported || len(se.Acknowledged) != 1 || se.Acknowledged[0] != beyond.CounterURI {
				t.Fatalf("subscribe refused URI: %v (%+v), want a *SubscribeError naming it", err, se)
			}
			if !testkit.Eventually(5*time.Second, func() bool { return strings.HasSuffix(touch(t, s), " 1 subscribers told") }) {
				t.Fatal("the acknowledged URI is no longer subscribed")
			}
			if _, ok := updates.wait(5*time.Second, func(e client.ResourceUpdatedEvent) bool { return e.URI == beyond.CounterURI }); !ok {
				t.Fatal("no ResourceUpdatedEvent after the refused subscription")
			}
		})
	}
}

// TestBeyondSubscribeUnsupported: a server that offers no subscriptions is
// not asked.
func TestBeyondSubscribeUnsupported(t *testing.T) {
	t.Parallel()
	s, _ := connectFixture(t, "stdio", client.Options{})
	if s.CanSubscribe() || s.CanComplete() {
		t.Fatalf("CanSubscribe %v, CanComplete %v for a server with neither", s.CanSubscribe(), s.CanComplete())
	}
	before, _ := s.Frames()
	err := s.Subscribe(context.Background(), "demo://x")
	var se *client.SubscribeError
	if !errors.As(err, &se) || !se.Unsupported {
		t.Fatalf("subscribe: %v, want an Unsupported *SubscribeError", err)
	}
	_, err = s.Complete(context.Background(), client.CompletionRef{Prompt: "p"}, "a", "", nil)
	if !errors.Is(err, client.ErrNoCompletions) {
		t.Fatalf("complete: %v, want ErrNoCompletions", err)
	}
	if after, _ := s.Frames(); len(after) != len(before) {
		t.Errorf("%d frames were sent to a server that offers neither", len(after)-len(before))
	}
}

// TestBeyondListChanged: a server that adds a resource or a prompt while
// connected is seen as a ListChangedEvent; on 2026-07-28 over streamable
// HTTP through the listen stream, which now asks for both.
func TestBeyondListChanged(t *testing.T) {
	t.Parallel()
	for _, c := range []beyondCase{{"sse", beyond.Legacy}, {"http", beyond.Legacy}, {"http", beyond.Modern}} {
		t.Run(c.String(), func(t *testing.T) {
			t.Parallel()
			srv := beyond.NewServer(c.era)
			start, tr := fixture.StartHTTP, target.StreamableHTTP
			if c.kind == "sse" {
				start, tr = fixture.StartSSE, target.SSE
			}
			url, stop, err := start(srv)
			if err != nil {
				t.Fatal(err)
			}
			defer stop()
			changes := &eventLog[client.ListChangedEvent]{}
			acks := &eventLog[client.NotificationEvent]{}
			s, err := client.Connect(context.Background(), target.Target{Transport: tr, URL: url}, client.Options{
				Timeout: connectTimeout, Listen: true,
				OnEvent: func(e client.Event) { changes.note(e); acks.note(e) }})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if c.era == beyond.Modern {
				if _, ok := acks.wait(5*time.Second, func(e client.NotificationEvent) bool {
					return e.Method == mcp.MethodNotificationSubscriptionsAcknowledged
				}); !ok {
					t.Fatal("the listen stream was never acknowledged")
				}
			}
			srv.AddResource(mcp.NewResource("fixture://later", "later"), nil)
			srv.AddPrompt(mcp.NewPrompt("later"), nil)
			for _, list := range []string{"resources", "prompts"} {
				if _, ok := changes.wait(5*time.Second, func(e client.ListChangedEvent) bool { return e.List == list }); !ok {
					t.Errorf("no ListChangedEvent for %s", list)
				}
			}
		})
	}
}

// TestBeyondSubscribeConcurrently: on 2026-07-28 two subscriptions made at
// once both take; each replaces the listen stream, and neither may cut
// the other's off before its acknowledgement.
func TestBeyondSubscribeConcurrently(t *testing.T) {
	t.Parallel()
	for _, c := range []beyondCase{{"stdio", beyond.Modern}, {"http", beyond.Modern}} {
		t.Run(c.String(), func(t *testing.T) {
			t.Parallel()
			s := connectBeyond(t, c, client.Options{})
			uris := []string{beyond.CounterURI, "fixture://item/001", "fixture://item/002", "fixture://item/003"}
			errs := make(chan error, len(uris))
			for _, u := range uris {
				go func() { errs <- s.Subscribe(context.Background(), u) }()
			}
			for range uris {
				if err := <-errs; err != nil {
					t.Error(err)
				}
			}
			// The streams each Subscribe replaced end on the server a
			// moment after the client closes them.
			if !testkit.Eventually(5*time.Second, func() bool { return strings.HasSuffix(touch(t, s), " 1 subscribers told") }) {
				t.Error("the counter is not subscribed exactly once")
			}
		})
	}
}
