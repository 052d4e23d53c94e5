package client_test

import (
	"context"
	"errors"
	"io"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/httpfault"
	"github.com/toolbench/toolbench/target"
)

// faultTimeout is the request timeout of these tests; every failure must
// come well before it, not by it.
const faultTimeout = 5 * time.Second

// startBroken serves the fixture with fault over kind ("http" or "sse").
func startBroken(t *testing.T, kind string, fault httpfault.Fault) (*httpfault.BrokenEndpoint, target.Target) {
	t.Helper()
	start, transport := httpfault.StartBrokenHTTP, target.StreamableHTTP
	if kind == "sse" {
		start, transport = httpfault.StartBrokenSSE, target.SSE
	}
	ep, err := start(fixture.NewServer(), fault)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ep.Stop)
	return ep, target.Target{Transport: transport, URL: ep.URL}
}

// Fragments of the messages: what the server did, and never its markup.
var (
	said500  = []string{"failed with HTTP 500 Internal Server Error", `"upstream connect error`, "hint: the server, or a proxy in front of it, failed"}
	saidHTML = []string{"answered with an HTML page (HTTP 200), not MCP", `"` + httpfault.HTMLTitle + `"`, "hint: this looks like a web page"}
)

// TestHTTPFaultsOnHandshake: a handshake answered with a 500 or an HTML page
// fails Connect at once with the HTTP evidence, over both transports.
func TestHTTPFaultsOnHandshake(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind  string
		fault httpfault.Fault
		want  []string
	}{
		{"http", httpfault.Status500OnHandshake, append([]string{"initialize: POST http://127.0.0.1:"}, said500...)},
		{"sse", httpfault.Status500OnHandshake, append([]string{"initialize: POST http://127.0.0.1:", "/message?sessionId=*** failed"}, said500...)},
		{"http", httpfault.HTMLOnHandshake, append([]string{"initialize: POST http://127.0.0.1:"}, saidHTML...)},
		{"sse", httpfault.HTMLOnHandshake, append([]string{"initialize: POST http://127.0.0.1:", "/message?sessionId=*** answered"}, saidHTML...)},
	}
	for _, tt := range tests {
		t.Run(tt.kind+"/"+tt.fault.String(), func(t *testing.T) {
			t.Parallel()
			_, tgt := startBroken(t, tt.kind, tt.fault)
			start := time.Now()
			_, err := client.Connect(context.Background(), tgt, client.Options{Timeout: faultTimeout})
			var ce *client.ConnectError
			var he *client.HTTPError
			if !errors.As(err, &ce) || ce.Phase != client.PhaseInitialize || !errors.As(err, &he) {
				t.Fatalf("want an initialize *ConnectError wrapping an *HTTPError, got %T: %v", err, err)
			}
			checkFaultMessage(t, err, tt.want, start)
		})
	}
}

// TestHTTPFaultsOnCall: a call answered with a 500 or an HTML page fails at
// once with the HTTP evidence, and the session stays usable.
func TestHTTPFaultsOnCall(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind   string
		fault  httpfault.Fault
		status int
		want   []string
	}{
		{"http", httpfault.Status500OnCall, 500, append([]string{"call progress: POST http://127.0.0.1:"}, said500...)},
		{"sse", httpfault.Status500OnCall, 500, append([]string{"call progress: POST http://127.0.0.1:", "/message?sessionId=*** failed"}, said500...)},
		{"http", httpfault.HTMLOnCall, 200, append([]string{"call progress: POST http://127.0.0.1:"}, saidHTML...)},
		{"sse", httpfault.HTMLOnCall, 200, append([]string{"call progress: POST http://127.0.0.1:", "/message?sessionId=*** answered"}, saidHTML...)},
	}
	for _, tt := range tests {
		t.Run(tt.kind+"/"+tt.fault.String(), func(t *testing.T) {
			t.Parallel()
			_, tgt := startBroken(t, tt.kind, tt.fault)
			s, err := client.Connect(context.Background(), tgt, client.Options{Timeout: faultTimeout})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			start := time.Now()
			_, err = s.CallTool(context.Background(), "progress", []byte(`{"steps":2,"delay_ms":10}`), nil)
			var he *client.HTTPError
			if !errors.As(err, &he) || he.Status != tt.status || errors.Is(err, client.ErrClosed) {
				t.Fatalf("want an *HTTPError with status %d, got %T: %v", tt.status, err, err)
			}
			checkFaultMessage(t, err, tt.want, start)
			if _, err := s.ListTools(context.Background()); err != nil || s.Err() != nil {
				t.Errorf("the session should live on: list: %v, Err: %v", err, s.Err())
			}
		})
	}
}

// TestDropCallStream: a call whose stream breaks off mid-call fails at once.
// Over streamable HTTP only that call is lost; over SSE the event stream was
// the connection, so the session ends.
func TestDropCallStream(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"http", "sse"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			_, tgt := startBroken(t, kind, httpfault.DropCallStream)
			var mu sync.Mutex
			var closed []error
			s, err := client.Connect(context.Background(), tgt, client.Options{Timeout: faultTimeout,
				OnEvent: func(e client.Event) {
					if c, ok := e.(client.ClosedEvent); ok {
						mu.Lock()
						closed = append(closed, c.Err)
						mu.Unlock()
					}
				}})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			var progress atomic.Int32
			start := time.Now()
			_, err = s.CallTool(context.Background(), "progress", []byte(`{"steps":4,"delay_ms":50}`),
				func(client.ProgressEvent) { progress.Add(1) })
			if n := progress.Load(); n != 1 {
				t.Errorf("got %d progress events before the drop, want 1", n)
			}
			if kind == "http" {
				checkFaultMessage(t, err, []string{"call progress: the connection to " + tgt.URL + " was lost before the result arrived",
					"the response stream broke off (unexpected EOF)", "hint: the server may have crashed"}, start)
				if !errors.Is(err, io.ErrUnexpectedEOF) || !errors.Is(err, client.ErrConnectionLost) ||
					errors.Is(err, client.ErrClosed) || s.Err() != nil {
					t.Errorf("want only the call lost: err %v, session %v", err, s.Err())
				}
				return
			}
			lost := "the connection to " + tgt.URL + " was lost: the server ended the event stream (EOF)"
			checkFaultMessage(t, err, []string{"call progress: connection closed: " + lost}, start)
			checkSessionEnded(t, s, lost)
			mu.Lock()
			defer mu.Unlock()
			if len(closed) != 1 || closed[0] == nil || closed[0].Error() != lost {
				t.Errorf("closed events = %v, want one saying %q", closed, lost)
			}
		})
	}
}

// TestSSEStreamEndsIdle: the server ends the SSE event stream while no call
// runs. mcp-go does not reconnect; the session ends, saying why, and calls
// fail at once.
func TestSSEStreamEndsIdle(t *testing.T) {
	t.Parallel()
	ep, tgt := startBroken(t, "sse", httpfault.None)
	s, err := client.Connect(context.Background(), tgt, client.Options{Timeout: faultTimeout})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if n := ep.DropStreams(); n != 1 {
		t.Fatalf("dropped %d streams, want 1", n)
	}
	select {
	case <-s.Done():
	case <-time.After(2 * time.Second):
		t.Fatal("the session did not end when its event stream did")
	}
	checkSessionEnded(t, s, "the connection to "+tgt.URL+" was lost: the server ended the event stream (EOF)")
	start := time.Now()
	_, err = s.CallTool(context.Background(), "echo", []byte(`{"message":"x"}`), nil)
	checkFaultMessage(t, err, []string{"call echo: connection closed: the connection to"}, start)
	if !errors.Is(err, client.ErrClosed) {
		t.Errorf("want ErrClosed, got %v", err)
	}
}

func checkSessionEnded(t *testing.T, s *client.Session, want string) {
	t.Helper()
	select {
	case <-s.Done():
	default:
		t.Fatal("Done is still open")
	}
	if err := s.Err(); err == nil || err.Error() != want {
		t.Errorf("Err() = %v, want %q", err, want)
	}
}

// sessionID matches an SSE session id that was not redacted.
var sessionID = regexp.MustCompile(`sessionId=[^*&\s]`)

// checkFaultMessage checks err's wording and that it came long before the
// timeout. A person should learn what the server did, not see its markup or
// mcp-go's internals.
func checkFaultMessage(t *testing.T, err error, want []string, start time.Time) {
	t.Helper()
	if err == nil {
		t.Fatal("want an error")
	}
	if d := time.Since(start); d > faultTimeout/2 {
		t.Errorf("took %s to fail (timeout %s)", d, faultTimeout)
	}
	msg := report(err)
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("message lacks %q:\n%s", w, msg)
		}
	}
	for _, never := range []string{"<html", "<!DOCTYPE", "transport error", "unexpected nil response", "request failed with status"} {
		if strings.Contains(msg, never) {
			t.Errorf("message has %q:\n%s", never, msg)
		}
	}
	// The SSE session id is a capability: whoever has it can post as us.
	if sessionID.MatchString(msg) {
		t.Errorf("message shows an SSE session id:\n%s", msg)
	}
	if errors.Is(err, client.ErrTimeout) {
		t.Errorf("reported as a timeout: %v", err)
	}
}
