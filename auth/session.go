package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/toolbench/toolbench/auth/discover"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/auth/store"
)

// refreshAhead is how long before its expiry a token is refreshed: a
// request sent with a token about to expire would only meet a 401.
const refreshAhead = 30 * time.Second

// errGiveUp means a 403 insufficient_scope cannot be cured by another
// authorization: the answer goes back to the caller as it is.
var errGiveUp = errors.New("no new authorization can help")

// session is the authorization state of one MCP server for one
// transport: the entry in use, and the lock that lets one flow run at a
// time.
type session struct {
	o         Options
	serverURL string

	// key is the canonical server URI the store keys the entry by, or
	// keyErr why serverURL has none.
	key    string
	keyErr error

	mu     sync.Mutex
	entry  *store.Entry
	loaded bool
	// asked holds every scope an authorization of this session asked for.
	asked []string
	// refused is the last refresh token the server refused, not tried
	// again.
	refused string

	// login serialises refreshes and logins: the requests that meet a
	// 401 while one runs wait for it and use its token.
	login sync.Mutex
}

func newSession(serverURL string, o Options) *session {
	key, err := discover.CanonicalResource(serverURL)
	o.Secrets.Add("CLIENT_SECRET", o.ClientSecret)
	return &session{o: o, serverURL: serverURL, key: key, keyErr: err}
}

// learn tells o.Secrets the secrets of e, as the session comes to hold
// them.
func (s *session) learn(e *store.Entry) {
	if e == nil {
		return
	}
	s.o.Secrets.Add("ACCESS_TOKEN", e.AccessToken)
	s.o.Secrets.Add("REFRESH_TOKEN", e.RefreshToken)
	s.o.Secrets.Add("CLIENT_SECRET", e.ClientSecret)
}

// current is the entry in use, loaded from the store the first time.
func (s *session) current() *store.Entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.loaded && s.o.Store != nil && s.keyErr == nil {
		s.loaded = true
		if e, ok, err := s.o.Store.Latest(s.key); err == nil && ok {
			s.entry = &e
			s.learn(s.entry)
		} else if err != nil {
			s.o.Observe.Emit(step.Event{Step: step.Token, State: step.Info,
				Summary: "the token store could not be read, so no stored token is used: " + err.Error()})
		}
	}
	return s.entry
}

// keep makes e the entry in use and stores it.
func (s *session) keep(e store.Entry) error {
	e.Resource, e.Saved = s.key, time.Now()
	s.learn(&e)
	s.mu.Lock()
	s.entry, s.loaded = &e, true
	s.mu.Unlock()
	if s.o.Store == nil {
		return nil
	}
	if err := s.o.Store.Put(e); err != nil {
		return fmt.Errorf("auth: keep the token: %w", err)
	}
	return nil
}

// stored is what the store holds for this server at issuer.
func (s *session) stored(issuer string) *store.Entry {
	if s.o.Store == nil {
		if e := s.current(); e != nil && e.Issuer == issuer {
			return e
		}
		return nil
	}
	e, ok, err := s.o.Store.Get(s.key, issuer)
	if err != nil || !ok {
		return nil
	}
	s.learn(&e)
	return &e
}

// token is the access token to send, refreshed first when it is about to
// expire; "" when none is held, so the server's 401 starts the flow.
func (s *session) token(ctx context.Context) (string, error) {
	if s.keyErr != nil {
		return "", s.keyErr
	}
	e := s.current()
	if e == nil || e.AccessToken == "" {
		return "", nil
	}
	if e.Expiry.IsZero() || time.Until(e.Expiry) > refreshAhead || e.RefreshToken == "" {
		return e.AccessToken, nil
	}
	defer s.lockLogin(ctx)()
	if cur := s.current(); cur.AccessToken != e.AccessToken {
		return cur.AccessToken, nil
	}
	if tok, err := s.refresh(ctx, *e); err == nil {
		return tok, nil
	}
	// The refresh failed: the token may still pass, and its 401 will say
	// what to do next.
	return e.AccessToken, nil
}

// recover answers a 401 to a request sent with used ("" for none): a token
// another request got meanwhile, a refreshed one when mayRefresh, or a
// new login. viaRefresh says the token is not a new login's, so a 401 to
// it may still call for one.
func (s *session) recover(ctx context.Context, used string, ch *discover.Challenge, mayRefresh bool) (tok string, viaRefresh bool, err error) {
	defer s.lockLogin(ctx)()
	cur := s.current()
	if cur != nil && cur.AccessToken != "" && cur.AccessToken != used {
		return cur.AccessToken, true, nil
	}
	s.emitChallenge(ch, used != "")
	if mayRefresh && cur != nil && cur.RefreshToken != "" && cur.RefreshToken != s.refusedToken() {
		if tok, err := s.refresh(ctx, *cur); err == nil {
			return tok, true, nil
		}
	}
	why := "the server answered 401"
	if used != "" {
		why = "the server refused the token"
	}
	tok, err = s.authorize(ctx, ch, nil, why)
	return tok, false, err
}

// stepUp answers a 403 insufficient_scope: a new authorization for the
// scopes held and those the challenge asks for. When the token already
// has every scope asked for, no authorization can help.
func (s *session) stepUp(ctx context.Context, used string, ch *discover.Challenge) (string, error) {
	defer s.lockLogin(ctx)()
	cur := s.current()
	if cur != nil && cur.AccessToken != used {
		return cur.AccessToken, nil
	}
	var held []string
	if cur != nil {
		held = cur.Scopes
	}
	s.emitChallenge(ch, true)
	s.mu.Lock()
	asked := s.asked
	s.mu.Unlock()
	if len(ch.Scope) == 0 || covers(held, ch.Scope) || covers(asked, ch.Scope) {
		// Asking again for what was asked and not granted (or granted and
		// still refused) only loops: the spec bounds step-up attempts.
		s.o.Observe.Emit(step.Event{Step: step.Challenge, State: step.Failed,
			Summary: "the server wants scope " + strings.Join(ch.Scope, " ") + ", which was already asked for",
			Err:     errGiveUp})
		return "", errGiveUp
	}
	return s.authorize(ctx, ch, union(held, ch.Scope), "the server asked for more scope")
}

// emitChallenge reports the challenge the flow starts from.
func (s *session) emitChallenge(ch *discover.Challenge, withToken bool) {
	sum := "the server answered without a WWW-Authenticate challenge"
	if ch != nil && ch.Raw != "" {
		sum = "WWW-Authenticate: " + ch.Raw
	}
	if withToken {
		sum = "the token was refused; " + sum
	}
	s.o.Observe.Emit(step.Event{Step: step.Challenge, State: step.Done, Summary: sum})
}

// emitRetried reports how the request sent again with a new token went.
func (s *session) emitRetried(resp *http.Response, err error) {
	switch {
	case err != nil:
		s.o.Observe.Emit(step.Event{Step: step.Retry, State: step.Failed, Summary: "the request failed: " + err.Error(), Err: err})
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
		s.o.Observe.Emit(step.Event{Step: step.Retry, State: step.Failed,
			Summary: fmt.Sprintf("the server still refused it (HTTP %d)", resp.StatusCode)})
	default:
		s.o.Observe.Emit(step.Event{Step: step.Retry, State: step.Done,
			Summary: fmt.Sprintf("the server accepted the token (HTTP %d)", resp.StatusCode)})
	}
}

// refusedToken is the refresh token last refused.
func (s *session) refusedToken() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refused
}

// lockLogin takes the login lock for the request of ctx, with its timeout
// held while it waits and while it holds the lock: the login it waits for
// may be a person's at a browser. It returns the unlock.
func (s *session) lockLogin(ctx context.Context) (unlock func()) {
	release := s.o.hold(ctx)
	s.login.Lock()
	return func() {
		s.login.Unlock()
		release()
	}
}
