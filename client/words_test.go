package client_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/target"
)

// connectFails connects to tgt and returns the *ConnectError it must fail
// with, and its report.
func connectFails(t *testing.T, tgt target.Target, opts client.Options) (*client.ConnectError, string) {
	t.Helper()
	if opts.Timeout == 0 {
		opts.Timeout = 2 * time.Second
	}
	_, err := client.Connect(context.Background(), tgt, opts)
	var ce *client.ConnectError
	if !errors.As(err, &ce) {
		t.Fatalf("want a *ConnectError, got %T: %v", err, err)
	}
	return ce, report(err)
}

// checkWords checks that a report says what it must and none of the
// library's words.
func checkWords(t *testing.T, msg string, want, never []string) {
	t.Helper()
	if m := missing(msg, want...); len(m) > 0 {
		t.Errorf("report lacks %q:\n%s", m, msg)
	}
	for _, n := range never {
		if strings.Contains(msg, n) {
			t.Errorf("report has %q:\n%s", n, msg)
		}
	}
}

// libraryWords are mcp-go's and net/http's phrases that tell a person
// nothing.
var libraryWords = []string{"transport error", "failed to send request", "should contain RPC id", "x509:", "tls:", "gave HTTP response"}

// TestJSONThatIsNotJSONRPC: a 200 answer whose JSON is not a JSON-RPC
// response is named as such, quoted, and blamed on the URL.
func TestJSONThatIsNotJSONRPC(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, body, quoted string }{
		{"object without id", `{"status":"ok","items":[1,2]}`, `"{\"status\":\"ok\",\"items\":[1,2]}"`},
		{"array", `[{"id":1}]`, `"[{\"id\":1}]"`},
		{"not JSON", `hello`, `"hello"`},
		{"empty", ``, "answered with an empty JSON body"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			url := httpAnswering(t, http.StatusOK, "application/json", tt.body)
			ce, msg := connectFails(t, target.Target{Transport: target.StreamableHTTP, URL: url}, client.Options{})
			var he *client.HTTPError
			if !errors.As(ce, &he) || !he.NotJSONRPC {
				t.Errorf("want an *HTTPError marked NotJSONRPC, got %v", ce)
			}
			want := []string{"answered with", tt.quoted, "hint: the URL may not be the server's MCP endpoint"}
			if tt.body != "" {
				want = append(want, "JSON that is not a JSON-RPC response (HTTP 200)")
			}
			checkWords(t, msg, want, libraryWords)
		})
	}
}

// TestHTTPSToPlainHTTP: an https:// URL at a plain HTTP port says so and
// offers the http:// URL.
func TestHTTPSToPlainHTTP(t *testing.T) {
	t.Parallel()
	for _, kind := range []target.Transport{target.StreamableHTTP, target.SSE, target.Auto} {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			plain := httpAnswering(t, http.StatusNotFound, "text/plain", "nothing here")
			https := "https://" + strings.TrimPrefix(plain, "http://")
			_, msg := connectFails(t, target.Target{Transport: kind, URL: https}, client.Options{})
			checkWords(t, msg, []string{"speaks plain HTTP, not HTTPS", "hint: use an http:// URL: " + plain}, libraryWords)
		})
	}
}

// TestTransportMismatch: `sse URL` at a streamable HTTP endpoint and `http
// URL` at an SSE one name what the endpoint is and the command that works.
func TestTransportMismatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		start func(*server.MCPServer) (string, func(), error)
		kind  target.Transport
		want  []string
	}{
		{"sse at streamable", fixture.StartHTTP, target.SSE,
			[]string{"is a streamable HTTP endpoint, not an SSE one", "opened an event stream but sent no endpoint event", "hint: connect with `http http://127.0.0.1:"}},
		{"http at sse", fixture.StartSSE, target.StreamableHTTP,
			[]string{"is an SSE endpoint (the older HTTP+SSE transport), not a streamable HTTP one", "hint: connect with `sse http://127.0.0.1:"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			url, stop, err := tt.start(fixture.NewServer())
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(stop)
			start := time.Now()
			_, msg := connectFails(t, target.Target{Transport: tt.kind, URL: url}, client.Options{Timeout: time.Second})
			checkWords(t, msg, tt.want, append(libraryWords, "timeout waiting for endpoint", "is not allowed"))
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("failing took %s", d)
			}
		})
	}
}

// TestAccessRefused: a 401 or 403 mentions OAuth, keeps the -H advice, and
// carries the server's challenge as evidence.
func TestAccessRefused(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		kind      target.Transport
		status    int
		challenge string
		want      []string
	}{
		{"401", target.StreamableHTTP, http.StatusUnauthorized,
			`Bearer resource_metadata="https://auth.example/.well-known/oauth-protected-resource"`,
			[]string{"refused access (HTTP 401 Unauthorized)", "OAuth", "-H 'Authorization: Bearer <token>'"}},
		{"401 sse", target.SSE, http.StatusUnauthorized, `Bearer realm="mcp"`,
			[]string{"refused access (HTTP 401 Unauthorized)", "OAuth", "-H 'Authorization: Bearer <token>'"}},
		{"403", target.StreamableHTTP, http.StatusForbidden, `Bearer error="insufficient_scope", scope="tools:call"`,
			[]string{"refused access (HTTP 403 Forbidden)", "OAuth", "-H 'Authorization: Bearer <token>'"}},
		{"401 without challenge", target.Auto, http.StatusUnauthorized, "",
			[]string{"refused access (HTTP 401 Unauthorized)", "OAuth"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				if tt.challenge != "" {
					w.Header().Set("WWW-Authenticate", tt.challenge)
				}
				http.Error(w, "unauthorized", tt.status)
			}))
			t.Cleanup(srv.Close)
			ce, msg := connectFails(t, target.Target{Transport: tt.kind, URL: srv.URL + "/mcp"}, client.Options{})
			if got := client.EvidenceOf(ce).Challenge; got != tt.challenge {
				t.Errorf("Challenge = %q, want %q", got, tt.challenge)
			}
			checkWords(t, msg, tt.want, libraryWords)
		})
	}
}
