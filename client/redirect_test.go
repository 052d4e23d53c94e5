package client_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/redirect"
	"github.com/toolbench/toolbench/target"
)

// The person's credentials, as a test sends them; none may reach another
// origin, in a header, the URL or a Referer.
const (
	headerSecret = "hdr-secret-4711"
	keySecret    = "key-secret-4711"
	cookieSecret = "cookie-secret-4711"
	querySecret  = "query-secret-4711"
)

// leaks lists what of the person's credentials the requests l recorded
// carried: headers, and the query secret in a URL.
func leaks(l *testkit.RequestLog) []string {
	out := l.Leaks("Authorization", "X-Api-Key", "Cookie", "Referer", "Proxy-Authorization")
	for _, r := range l.List() {
		if strings.Contains(r.URI, querySecret) {
			out = append(out, r.Method+" "+r.URI+": the query secret")
		}
	}
	return out
}

// twoOrigins is origin A, where the test connects, and origin B, another
// port of 127.0.0.1 that records what reaches it. Both serve one MCP
// server over streamable HTTP (/mcp) and SSE (/sse, messages at
// /message); on A, /hop/X answers with a redirect to /X on A, and
// /away/X with one to /X on B, query and all.
type twoOrigins struct {
	a, b string
	bLog *testkit.RequestLog
}

// startTwoOrigins starts both origins; messages names the path the SSE
// endpoint event gives for posting messages.
func startTwoOrigins(t *testing.T, status int, messages string) twoOrigins {
	t.Helper()
	srv := fixture.NewServer()
	sse := server.NewSSEServer(srv, server.WithMessageEndpoint(messages))
	lbA, err := fixture.ListenLoopback()
	if err != nil {
		t.Fatal(err)
	}
	lbB, err := fixture.ListenLoopback()
	if err != nil {
		t.Fatal(err)
	}
	o := twoOrigins{a: lbA.URL, b: lbB.URL, bLog: &testkit.RequestLog{}}
	mux := func(lb *fixture.Loopback) (*http.ServeMux, *server.StreamableHTTPServer) {
		streamable := fixture.NewStreamable(srv, lb)
		m := http.NewServeMux()
		m.Handle("/mcp", streamable)
		m.Handle("/sse", sse.SSEHandler())
		m.Handle("/message", sse.MessageHandler())
		return m, streamable
	}
	muxA, streamableA := mux(lbA)
	muxA.HandleFunc("/hop/", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, strings.TrimPrefix(r.URL.RequestURI(), "/hop"), status)
	})
	muxA.HandleFunc("/away/", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, o.b+strings.TrimPrefix(r.URL.RequestURI(), "/away"), status)
	})
	muxB, streamableB := mux(lbB)
	lbA.Server.Handler, lbB.Server.Handler = muxA, o.bLog.Wrap(muxB)
	stopB := lbB.Serve(streamableB.Shutdown)
	stopA := lbA.Serve(func(ctx context.Context) error {
		// The SSE sessions are shared by both origins: end them first.
		_ = sse.Shutdown(ctx)
		return streamableA.Shutdown(ctx)
	})
	t.Cleanup(func() { stopA(); stopB() })
	return o
}

// redirectCase is one way a connection meets a redirect: the transport,
// the path on A to connect to, and the SSE message endpoint.
type redirectCase struct {
	name      string
	kind      target.Transport
	path      string
	messages  string
	crossPath string // the path on B the redirect points to
}

// crossCases redirect streamable HTTP's POST and GET, SSE's GET, and
// SSE's POST (the endpoint event names a URL that redirects) to B.
var crossCases = []redirectCase{
	{name: "streamable", kind: target.StreamableHTTP, path: "/away/mcp", messages: "/message", crossPath: "/mcp"},
	{name: "sse-get", kind: target.SSE, path: "/away/sse", messages: "/message", crossPath: "/sse"},
	{name: "sse-post", kind: target.SSE, path: "/sse", messages: "/away/message", crossPath: "/message"},
}

// credentialed is a target at url carrying every kind of credential.
func credentialed(kind target.Transport, url string, follow bool) target.Target {
	return target.Target{Transport: kind, URL: url + "?api_key=" + querySecret, FollowRedirects: follow,
		Header: http.Header{
			"Authorization": {"Bearer " + headerSecret},
			"X-Api-Key":     {keySecret},
			"Cookie":        {"session=" + cookieSecret},
		}}
}

// A redirect to another origin (here another port of the same host,
// which net/http treats as the same domain) is refused with an error that
// names both URLs, masked; the other origin receives nothing.
func TestRedirectToAnotherOriginRefused(t *testing.T) {
	t.Parallel()
	for _, status := range []int{http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		for _, tc := range crossCases {
			t.Run(tc.name+"-"+http.StatusText(status), func(t *testing.T) {
				t.Parallel()
				o := startTwoOrigins(t, status, tc.messages)
				s, err := client.Connect(context.Background(), credentialed(tc.kind, o.a+tc.path, false), client.Options{Timeout: 10 * time.Second})
				if err == nil {
					s.Close()
					t.Fatalf("connected through a redirect to another origin; B received %d requests", len(o.bLog.List()))
				}
				var re *redirect.Error
				if !errors.As(err, &re) {
					t.Fatalf("error %v (%T) is no *redirect.Error", err, err)
				}
				if !strings.HasPrefix(re.From, o.a) || !strings.HasPrefix(re.To, o.b+tc.crossPath) || re.Status != status {
					t.Errorf("refusal names %s -> %s (%d); want %s... -> %s%s... (%d)", re.From, re.To, re.Status, o.a, o.b, tc.crossPath, status)
				}
				for _, want := range []string{o.a, o.b + tc.crossPath} {
					if !strings.Contains(err.Error(), want) {
						t.Errorf("error %q does not name %s", err, want)
					}
				}
				if strings.Contains(err.Error(), querySecret) {
					t.Errorf("error %q carries the query secret", err)
				}
				// The workbench words a connect failure by client.HintOf.
				if hint := client.HintOf(err); !strings.Contains(hint, "--follow-redirects") {
					t.Errorf("hint %q does not say what to do", hint)
				}
				if got := o.bLog.List(); len(got) > 0 {
					t.Errorf("B received %d requests, the first %s %s", len(got), got[0].Method, got[0].URI)
				}
			})
		}
	}
}

// With --follow-redirects the session works through the redirect, and
// the other origin receives no credential: no Authorization, X-Api-Key or
// Cookie, no Referer, no query secret.
func TestRedirectFollowedWithoutCredentials(t *testing.T) {
	t.Parallel()
	for _, tc := range crossCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			o := startTwoOrigins(t, http.StatusTemporaryRedirect, tc.messages)
			var log testkit.Buffer
			opts := client.Options{Timeout: 10 * time.Second, Logf: logTo(&log)}
			s, err := client.Connect(context.Background(), credentialed(tc.kind, o.a+tc.path, true), opts)
			if err != nil {
				t.Fatalf("connect: %v", err)
			}
			defer s.Close()
			if _, err := s.ListTools(context.Background()); err != nil {
				t.Fatalf("list tools: %v", err)
			}
			if len(o.bLog.List()) == 0 {
				t.Fatal("B received nothing: the redirect was not followed")
			}
			if leaks := leaks(o.bLog); len(leaks) > 0 {
				t.Errorf("B received credentials:\n%s", strings.Join(leaks, "\n"))
			}
			if !strings.Contains(log.String(), "redirected to another origin, without credentials: "+o.a) {
				t.Errorf("-v does not report the redirect to another origin:\n%s", log.String())
			}
		})
	}
}

// A redirect within the origin is followed, and -v says where it went,
// the URLs' secrets masked.
func TestRedirectSameOriginReported(t *testing.T) {
	t.Parallel()
	for _, tc := range []redirectCase{
		{name: "streamable", kind: target.StreamableHTTP, path: "/hop/mcp", messages: "/message"},
		{name: "sse-get", kind: target.SSE, path: "/hop/sse", messages: "/message"},
		{name: "sse-post", kind: target.SSE, path: "/sse", messages: "/hop/message"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			o := startTwoOrigins(t, http.StatusTemporaryRedirect, tc.messages)
			var log testkit.Buffer
			ev := &events{}
			opts := client.Options{Timeout: 10 * time.Second, Logf: logTo(&log), OnEvent: ev.on}
			s, err := client.Connect(context.Background(), credentialed(tc.kind, o.a+tc.path, false), opts)
			if err != nil {
				t.Fatalf("connect: %v", err)
			}
			defer s.Close()
			if _, err := s.ListTools(context.Background()); err != nil {
				t.Fatalf("list tools: %v", err)
			}
			from := o.a + tc.path
			if !strings.HasPrefix(tc.path, "/hop/") {
				from = o.a + tc.messages
			}
			if !strings.Contains(log.String(), "redirected: "+from) || !strings.Contains(log.String(), "(307)") {
				t.Errorf("-v does not say the redirect from %s went where:\n%s", from, log.String())
			}
			if strings.Contains(log.String(), querySecret) {
				t.Errorf("-v shows the query secret:\n%s", log.String())
			}
			// The workbench, which has no -v, shows it in its log.
			if lines := ev.lines(diagnosticOf); !anyContains(lines, "INFO redirected: "+from) {
				t.Errorf("no diagnostic event says where the redirect went: %q", lines)
			}
		})
	}
}

// logTo is an Options.Logf writing lines to b.
func logTo(b *testkit.Buffer) func(string, ...any) {
	return func(format string, a ...any) {
		_, _ = b.Write([]byte(strings.TrimSpace(fmt.Sprintf(format, a...)) + "\n"))
	}
}

// A bare URL whose streamable HTTP endpoint redirects to another origin
// is not tried over SSE: that would meet the same redirect.
func TestRedirectRefusalIsFinal(t *testing.T) {
	t.Parallel()
	o := startTwoOrigins(t, http.StatusTemporaryRedirect, "/message")
	_, err := client.Connect(context.Background(), credentialed(target.Auto, o.a+"/away/mcp", false), client.Options{Timeout: 10 * time.Second})
	var re *redirect.Error
	var ce *client.ConnectError
	if !errors.As(err, &re) || !errors.As(err, &ce) || ce.Also != nil {
		t.Fatalf("got %v; want a *redirect.Error and no second attempt over SSE", err)
	}
	if got := o.bLog.List(); len(got) > 0 {
		t.Errorf("B received %d requests", len(got))
	}
}
