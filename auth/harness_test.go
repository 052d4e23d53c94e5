package auth_test

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/discover"
	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/auth/store"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/oauth"
	"github.com/toolbench/toolbench/target"
)

// testTimeout bounds each request of a test session.
const testTimeout = 20 * time.Second

// events collects what a flow reported.
type events struct {
	mu  sync.Mutex
	all []step.Event
}

func (e *events) observe(ev step.Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.all = append(e.all, ev)
}

// list returns the events so far.
func (e *events) list() []step.Event {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]step.Event(nil), e.all...)
}

// bench is one test's toolbench side: the options every session of the
// test shares (one token store), and what their flows reported.
type bench struct {
	t     *testing.T
	srv   *oauth.Server
	opts  auth.Options
	ev    *events
	store *store.Store
	// kind is the transport to connect over; "" picks it from the URL.
	kind target.Transport
	// session holds the client options beyond the timeout and the wrap.
	session client.Options
}

// newBench returns a bench for srv whose flows follow the authorization URL
// themselves (--browser fetch) and keep tokens in a store of the test's.
func newBench(t *testing.T, srv *oauth.Server) *bench {
	t.Helper()
	ev := &events{}
	st := store.At(filepath.Join(t.TempDir(), "tokens.json"))
	return &bench{t: t, srv: srv, ev: ev, store: st, opts: auth.Options{
		Agent: grant.FetchAgent{}, Store: st, Observe: ev.observe, Hold: client.HoldTimeout,
		LoginCommand: "toolbench auth login " + srv.URL(),
	}}
}

// connect opens a session with the fixture's MCP server through the auth
// transport with b's options.
func (b *bench) connect() (*client.Session, error) {
	b.t.Helper()
	kind := b.kind
	switch {
	case kind != "":
	case strings.HasSuffix(b.srv.URL(), "/sse"):
		kind = target.SSE
	default:
		kind = target.StreamableHTTP
	}
	o := b.opts
	opts := b.session
	opts.Timeout = testTimeout
	opts.HTTPWrap = func(rt http.RoundTripper) http.RoundTripper {
		return auth.NewTransport(b.srv.URL(), rt, o)
	}
	s, err := client.Connect(context.Background(), target.Target{Transport: kind, URL: b.srv.URL()}, opts)
	if err == nil {
		b.t.Cleanup(func() { _ = s.Close() })
	}
	return s, err
}

// mustConnect is connect failing the test on an error.
func (b *bench) mustConnect() *client.Session {
	b.t.Helper()
	s, err := b.connect()
	if err != nil {
		b.t.Fatalf("connect: %v", err)
	}
	return s
}

// call calls tool with no arguments and returns the result's text.
func (b *bench) call(s *client.Session, tool string) (string, error) {
	b.t.Helper()
	res, err := s.CallTool(context.Background(), tool, []byte(`{}`), nil)
	if err != nil {
		return "", err
	}
	if res.IsError {
		return "", fmt.Errorf("%s answered isError: %+v", tool, res.Content)
	}
	var text []string
	for _, c := range res.Content {
		text = append(text, c.Text)
	}
	return strings.Join(text, "\n"), nil
}

// count is how many requests the fixture saw to path of server ("as",
// "mcp").
func count(srv *oauth.Server, server, path string) int {
	n := 0
	for _, r := range srv.Requests() {
		if r.Server == server && strings.HasSuffix(r.Path, path) {
			n++
		}
	}
	return n
}

// mustCanonical is the canonical URI the store keys serverURL by.
func mustCanonical(t *testing.T, serverURL string) string {
	t.Helper()
	c, err := discover.CanonicalResource(serverURL)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
