package grant

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/toolbench/toolbench/auth/step"
)

// TestMain checks that no test leaves a goroutine behind: the loopback's
// server, its handlers and Visit's goroutine all end.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// events records a flow's events for a test to read afterwards.
type events struct {
	mu  sync.Mutex
	all []step.Event
}

func (e *events) observe(ev step.Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.all = append(e.all, ev)
}

func (e *events) list() []step.Event {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]step.Event(nil), e.all...)
}

// dump is every event written out, for a test to grep for secrets.
func (e *events) dump() string {
	var b strings.Builder
	for _, ev := range e.list() {
		fmt.Fprintf(&b, "%+v\n", ev)
		if ev.Exchange != nil {
			fmt.Fprintf(&b, "%+v\n", *ev.Exchange)
		}
	}
	return b.String()
}

// request is a grant request against as for its client.
func request(as *testAS, ev *events, key *Key) Request {
	return Request{
		Server:   as.server(),
		Client:   Client{ID: as.clientID, Secret: as.secret, Key: key},
		Resource: testResource,
		HTTP:     as.srv.Client(),
		Observe:  ev.observe,
	}
}

// withKey gives as a fresh key pair for alg and returns the private half.
func withKey(t *testing.T, as *testAS, alg string) *Key {
	t.Helper()
	var signer crypto.Signer
	var err error
	switch alg {
	case "RS256":
		signer, err = rsa.GenerateKey(rand.Reader, 2048)
	case "ES256":
		signer, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case "ES384":
		signer, err = ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	case "EdDSA":
		_, signer, err = ed25519.GenerateKey(rand.Reader)
	default:
		t.Fatalf("no key for %s", alg)
	}
	if err != nil {
		t.Fatal(err)
	}
	as.pub, as.alg = signer.Public(), alg
	return &Key{Signer: signer, Alg: alg, ID: "kid-" + alg}
}

// login runs the authorization code grant against as through agent.
func login(t *testing.T, r Request, agent Agent) (Token, error) {
	t.Helper()
	lb, err := Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := lb.Close(); err != nil {
			t.Error(err)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return AuthorizationCode(ctx, r, lb, agent)
}

// pasteAgent plays a person who reads the redirect off the address bar
// and pastes it (or only its code) instead of letting it reach the
// loopback.
type pasteAgent struct {
	hc    *http.Client
	bare  bool
	first string // pasted before the real thing, when set
	ch    chan string
}

func newPasteAgent(hc *http.Client, bare bool, first string) *pasteAgent {
	c := *hc
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &pasteAgent{hc: &c, bare: bare, first: first, ch: make(chan string, 2)}
}

func (a *pasteAgent) Visit(ctx context.Context, authURL string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, authURL, nil)
	if err != nil {
		return err
	}
	resp, err := a.hc.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	if a.first != "" {
		a.ch <- a.first
	}
	if a.bare {
		u, err := url.Parse(loc)
		if err != nil {
			return err
		}
		loc = u.Query().Get("code")
	}
	a.ch <- loc
	return nil
}

func (a *pasteAgent) Pasted() <-chan string { return a.ch }
