package client_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/target"
)

// withSecrets puts credentials into a URL the way people paste them:
// userinfo, an API key in the query, and a harmless parameter that must
// survive.
func withSecrets(raw string) string {
	scheme, rest, _ := strings.Cut(raw, "://")
	return scheme + "://user:pw@" + rest + "?api_key=K&page=2"
}

// textSink keeps every text a session writes for a person: Logf lines and
// diagnostic events.
type textSink struct {
	mu    sync.Mutex
	texts []string
}

func (s *textSink) logf(format string, args ...any) {
	s.add(fmt.Sprintf(format, args...))
}

func (s *textSink) onEvent(e client.Event) {
	if d, ok := e.(client.DiagnosticEvent); ok {
		s.add(d.Message)
	}
}

func (s *textSink) add(text string) {
	s.mu.Lock()
	s.texts = append(s.texts, text)
	s.mu.Unlock()
}

func (s *textSink) all() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.texts...)
}

// errorTexts is everything an error says: its message, hint and evidence,
// and those of the second attempt.
func errorTexts(err error) []string {
	if err == nil {
		return nil
	}
	ev := client.EvidenceOf(err)
	out := append([]string{err.Error(), client.HintOf(err), ev.Noise, ev.Dropped, ev.Challenge}, ev.Stderr...)
	if ce, ok := err.(*client.ConnectError); ok && ce.Also != nil {
		out = append(out, errorTexts(ce.Also)...)
	}
	return out
}

// sseEndpointServer serves an SSE endpoint event whose message URL carries
// a session id, and fails every message with a 500.
func sseEndpointServer(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprint(w, "event: endpoint\ndata: /message?sessionId=S3SSION\n\n")
			w.(http.Flusher).Flush()
			<-r.Context().Done()
			return
		}
		http.Error(w, "boom", http.StatusInternalServerError)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/sse"
}

// TestSecretsNeverInText: whatever goes wrong, no message, hint, evidence,
// Logf line or diagnostic event shows the URL's password, user name or API
// key, or an SSE session id; what is not secret stays.
func TestSecretsNeverInText(t *testing.T) {
	t.Parallel()
	tls := httptest.NewTLSServer(http.NotFoundHandler())
	t.Cleanup(tls.Close)
	tests := []struct {
		name string
		kind target.Transport
		url  func(t *testing.T) string
		// showsURL says that the error names the URL, page=2 and all.
		showsURL bool
	}{
		{"404", target.Auto, func(t *testing.T) string {
			return httpAnswering(t, 404, "text/plain", "404 page not found")
		}, true},
		{"401", target.Auto, func(t *testing.T) string { return httpAnswering(t, 401, "text/plain", "no") }, false},
		{"500", target.StreamableHTTP, func(t *testing.T) string { return httpAnswering(t, 500, "text/plain", "boom") }, true},
		{"html", target.Auto, func(t *testing.T) string {
			return httpAnswering(t, 200, "text/html", "<title>Login</title>")
		}, true},
		{"refused", target.Auto, closedPortURL, true},
		{"refused sse", target.SSE, closedPortURL, false},
		{"tls", target.Auto, func(*testing.T) string { return tls.URL + "/mcp" }, false},
		{"tls sse", target.SSE, func(*testing.T) string { return tls.URL + "/sse" }, false},
		{"sse session", target.SSE, sseEndpointServer, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			sink := &textSink{}
			tgt := target.Target{Transport: tt.kind, URL: withSecrets(tt.url(t))}
			_, err := client.Connect(context.Background(), tgt,
				client.Options{Timeout: 2 * time.Second, Logf: sink.logf, OnEvent: sink.onEvent})
			if err == nil {
				t.Fatal("connected; want a failure")
			}
			texts := append(errorTexts(err), sink.all()...)
			shown := false
			for _, text := range texts {
				for _, secret := range []string{"pw", "user", "K", "S3SSION"} {
					if strings.Contains(text, secret) {
						t.Errorf("%q shows the secret %q", text, secret)
					}
				}
				shown = shown || strings.Contains(text, "page=2")
			}
			if tt.showsURL && !shown {
				t.Errorf("no text shows the URL with page=2:\n%s", strings.Join(texts, "\n"))
			}
		})
	}
}

// TestSecretsNeverInConnectedLog: a bare URL that works over SSE after
// streamable HTTP failed logs both, without the URL's secrets.
func TestSecretsNeverInConnectedLog(t *testing.T) {
	t.Parallel()
	url, stop, err := fixture.StartSSE(fixture.NewServer())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	sink := &textSink{}
	s, err := client.Connect(context.Background(), target.Target{Transport: target.Auto, URL: withSecrets(url)},
		client.Options{Timeout: 10 * time.Second, Logf: sink.logf, OnEvent: sink.onEvent})
	if err != nil {
		t.Fatal(err)
	}
	_ = s.Close()
	texts := sink.all()
	if !anyContains(texts, "connected to http://***:***@127.0.0.1:") || !anyContains(texts, "api_key=***&page=2 over SSE") {
		t.Errorf("no redacted \"connected to\" line in %q", texts)
	}
	for _, text := range texts {
		for _, secret := range []string{"pw", "user", "=K"} {
			if strings.Contains(text, secret) {
				t.Errorf("%q shows the secret %q", text, secret)
			}
		}
	}
}
