package register_test

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"go.uber.org/goleak"

	"github.com/toolbench/toolbench/auth/discover"
	"github.com/toolbench/toolbench/auth/step"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// secret is a long, distinctive value a later test can grep files for.
func secret(t *testing.T, prefix string) string {
	t.Helper()
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return prefix + hex.EncodeToString(b)
}

// authServer is a registration endpoint on 127.0.0.1 that records each
// request and answers with status and body.
type authServer struct {
	srv    *httptest.Server
	status int
	body   string

	mu       sync.Mutex
	requests []map[string]any
	headers  []http.Header
}

// newAuthServer starts one; it closes when the test ends.
func newAuthServer(t *testing.T, status int, body string) *authServer {
	t.Helper()
	a := &authServer{status: status, body: body}
	a.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Errorf("registration request is not JSON: %v: %s", err, b)
		}
		a.mu.Lock()
		a.requests = append(a.requests, m)
		a.headers = append(a.headers, r.Header.Clone())
		a.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(a.status)
		_, _ = io.WriteString(w, a.body)
	}))
	t.Cleanup(a.srv.Close)
	return a
}

// server is the metadata of an authorization server at a, with a
// registration endpoint.
func (a *authServer) server() discover.Server {
	return discover.Server{Issuer: a.srv.URL, RegistrationEndpoint: a.srv.URL + "/register", TokenEndpoint: a.srv.URL + "/token"}
}

// posts is how many registration requests came.
func (a *authServer) posts() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.requests)
}

// last is the last registration request's body.
func (a *authServer) last(t *testing.T) map[string]any {
	t.Helper()
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.requests) == 0 {
		t.Fatal("no registration request came")
	}
	return a.requests[len(a.requests)-1]
}

// events collects what an Observer is told.
type events struct {
	mu   sync.Mutex
	list []step.Event
}

func (e *events) observe(ev step.Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.list = append(e.list, ev)
}

// states are the events' states in order.
func (e *events) states(t *testing.T) []step.State {
	t.Helper()
	e.mu.Lock()
	defer e.mu.Unlock()
	var s []step.State
	for _, ev := range e.list {
		if ev.Step != step.Registration {
			t.Errorf("event at step %s, want %s", ev.Step, step.Registration)
		}
		s = append(s, ev.State)
	}
	return s
}
