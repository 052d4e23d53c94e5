package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/asks"
	"github.com/toolbench/toolbench/internal/testkit"
)

// eventsOf collects a session's events of one type.
type eventsOf[T client.Event] struct {
	mu  sync.Mutex
	got []T
}

func (e *eventsOf[T]) on(ev client.Event) {
	if v, ok := ev.(T); ok {
		e.mu.Lock()
		e.got = append(e.got, v)
		e.mu.Unlock()
	}
}

func (e *eventsOf[T]) all() []T {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]T(nil), e.got...)
}

// TestAsksElicitationComplete: after a URL elicitation is accepted, a
// legacy server's notifications/elicitation/complete becomes an
// ElicitationCompleteEvent naming the elicitation; one for an unknown or
// already completed id is ignored (the SSE fixture sends both).
func TestAsksElicitationComplete(t *testing.T) {
	t.Parallel()
	// Over streamable HTTP mcp-go's server sends the notification on the
	// GET stream, which legacy sessions open.
	for _, kind := range transports {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			done := &eventsOf[client.ElicitationCompleteEvent]{}
			log := &askLog{answers: map[client.AskKind]string{client.AskElicit: `{"action":"accept"}`}}
			s, _ := connectAsks(t, kind, asks.Legacy, client.Options{Answer: log.answer, OnEvent: done.on})
			if kind == "http" && !testkit.Eventually(5*time.Second, func() bool { return client.GETStreamOpen(s) }) {
				t.Fatal("the GET event stream did not open")
			}
			if _, err := s.CallTool(context.Background(), "elicit_url", []byte(`{}`), nil); err != nil {
				t.Fatal(err)
			}
			// mcp-go's stdio server may write the notification after the
			// result. The SSE fixture sends its three before the result,
			// on the stream that is read in order, so all three have been
			// handled once one has.
			testkit.Eventually(5*time.Second, func() bool { return len(done.all()) > 0 })
			if n := len(done.all()); n != 1 {
				t.Fatalf("got %d elicitation-complete events, want 1: %+v", n, done.all())
			}
			if ev := done.all()[0]; ev.ElicitationID != asks.ElicitationID || ev.At.IsZero() {
				t.Errorf("event = %+v", ev)
			}
		})
	}
}

// sentWith returns the sent frames of method.
func sentWith(s *client.Session, method string) []string {
	frames, _ := s.Frames()
	var out []string
	for _, f := range frames {
		var m struct {
			Method string `json:"method"`
		}
		if f.Dir == client.Sent && json.Unmarshal(f.Data, &m) == nil && m.Method == method {
			out = append(out, string(f.Data))
		}
	}
	return out
}

// TestAsksLogLevel: Options.LogLevel is sent as logging/setLevel right
// after connecting to a legacy server and rides in the _meta of later
// requests on 2026-07-28.
func TestAsksLogLevel(t *testing.T) {
	t.Parallel()
	for _, era := range eras {
		t.Run(string(era), func(t *testing.T) {
			t.Parallel()
			s, _ := connectAsks(t, "stdio", era, client.Options{LogLevel: "debug"})
			if _, err := s.ListTools(context.Background()); err != nil {
				t.Fatal(err)
			}
			set := sentWith(s, "logging/setLevel")
			lists := sentWith(s, "tools/list")
			if era == asks.Legacy {
				if len(set) != 1 || !strings.Contains(set[0], `"level":"debug"`) {
					t.Errorf("logging/setLevel frames: %q", set)
				}
				return
			}
			if len(set) != 0 || len(lists) != 1 || !strings.Contains(lists[0], `"io.modelcontextprotocol/logLevel":"debug"`) {
				t.Errorf("modern: setLevel %q, tools/list %q", set, lists)
			}
		})
	}
}

// TestAsksLogLevelRefused: a level the specification does not name is
// refused before connecting, and a legacy server that declares no logging
// is not sent logging/setLevel.
func TestAsksLogLevelRefused(t *testing.T) {
	t.Parallel()
	f := startAsks(t, "stdio", asks.Legacy)
	_, err := client.Connect(context.Background(), f.tgt, client.Options{LogLevel: "loud"})
	if err == nil || !strings.Contains(err.Error(), `"loud"`) || !strings.Contains(err.Error(), "debug, info") {
		t.Errorf("bad level: err = %v", err)
	}
	ps := startPingServer(t, "legacy", "answer")
	s, err := client.Connect(context.Background(), ps.tgt, client.Options{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.SetLogLevel(context.Background(), "info"); !errors.Is(err, client.ErrNoLogging) {
		t.Errorf("server without logging: err = %v, want ErrNoLogging", err)
	}
	if n := ps.count("logging/setLevel"); n != 0 {
		t.Errorf("logging/setLevel sent %d times to a server without logging", n)
	}
}

// TestAsksRootsChanged: a legacy server is told that the roots changed; on
// 2026-07-28 nothing is sent.
func TestAsksRootsChanged(t *testing.T) {
	t.Parallel()
	for _, era := range eras {
		t.Run(string(era), func(t *testing.T) {
			t.Parallel()
			s, _ := connectAsks(t, "stdio", era, client.Options{})
			if err := s.RootsChanged(context.Background()); err != nil {
				t.Fatal(err)
			}
			sent := sentWith(s, "notifications/roots/list_changed")
			if want := map[asks.Era]int{asks.Legacy: 1, asks.Modern: 0}[era]; len(sent) != want {
				t.Errorf("sent %d roots/list_changed, want %d", len(sent), want)
			}
		})
	}
	f := startAsks(t, "sse", asks.Legacy)
	s, err := client.Connect(context.Background(), f.tgt, client.Options{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.RootsChanged(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !testkit.Eventually(5*time.Second, func() bool {
		r := f.recorded()
		return len(r) == 1 && r[0].Tool == "notifications/roots/list_changed"
	}) {
		t.Errorf("the SSE server recorded %+v", f.recorded())
	}
}
