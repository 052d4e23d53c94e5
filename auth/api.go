package auth

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/toolbench/toolbench/auth/discover"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/auth/store"
)

// challengeProbe is the request Login sends to learn the server's
// challenge: a JSON-RPC ping, which a protected server refuses before
// reading and an open one answers without starting anything.
const challengeProbe = `{"jsonrpc":"2.0","id":"toolbench-auth-login","method":"ping"}`

// Login authorizes at the MCP server at serverURL now, whatever is stored:
// it asks the server for its challenge, runs the whole flow and stores the
// token. It is `toolbench auth login`; o.Mode is not consulted.
func Login(ctx context.Context, serverURL string, o Options) (Status, error) {
	o.Mode = Auto
	s := newSession(serverURL, o)
	if s.keyErr != nil {
		return Status{}, s.keyErr
	}
	ch, err := askChallenge(ctx, serverURL, o)
	if err != nil {
		return Status{}, err
	}
	s.login.Lock()
	defer s.login.Unlock()
	s.emitChallenge(ch, false)
	if _, err := s.authorize(ctx, ch, nil, "a login was asked for"); err != nil {
		return Status{}, err
	}
	return statusOf(*s.current()), nil
}

// askChallenge sends the server an unauthenticated request and returns
// its Bearer challenge, or nil when it sent none (discovery then tries the
// well-known URLs).
func askChallenge(ctx context.Context, serverURL string, o Options) (*discover.Challenge, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, serverURL, strings.NewReader(challengeProbe))
	if err != nil {
		return nil, fmt.Errorf("auth: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := o.base().RoundTrip(req)
	if err != nil {
		return nil, &step.Error{Step: step.Challenge, Err: fmt.Errorf("ask the server for its challenge: %w", err),
			Hint: "is the server running at that URL?"}
	}
	_, _ = io.CopyN(io.Discard, resp.Body, 4096)
	resp.Body.Close()
	if ch, ok := discover.Bearer(resp.Header); ok {
		return &ch, nil
	}
	return nil, nil
}

// Status is what is stored for one MCP server at one authorization
// server, with no secret in it.
type Status struct {
	// Resource is the MCP server's canonical URI; Issuer its
	// authorization server.
	Resource string `json:"resource"`
	Issuer   string `json:"issuer"`
	// ClientID and ClientSource are the client and where it came from.
	ClientID     string `json:"client_id,omitempty"`
	ClientSource string `json:"client_source,omitempty"`
	// AccessToken is the access token masked (step.Mask), "" when none.
	AccessToken string `json:"access_token,omitempty"`
	// Expiry is when it expires; zero when unknown.
	Expiry time.Time `json:"expiry,omitzero"`
	// Refreshable says a refresh token is held.
	Refreshable bool `json:"refreshable"`
	// Scopes are the scopes granted.
	Scopes []string `json:"scopes,omitempty"`
	// Saved is when the entry was last written.
	Saved time.Time `json:"saved"`
}

func statusOf(e store.Entry) Status {
	st := Status{Resource: e.Resource, Issuer: e.Issuer, ClientID: e.ClientID, ClientSource: e.ClientSource,
		Expiry: e.Expiry, Refreshable: e.RefreshToken != "", Scopes: e.Scopes, Saved: e.Saved}
	if e.AccessToken != "" {
		st.AccessToken = step.Mask(e.AccessToken)
	}
	return st
}

// StatusOf lists what st holds for the MCP server at serverURL, or for
// every server when serverURL is "".
func StatusOf(st *store.Store, serverURL string) ([]Status, error) {
	entries, err := entriesFor(st, serverURL)
	if err != nil {
		return nil, err
	}
	out := make([]Status, 0, len(entries))
	for _, e := range entries {
		out = append(out, statusOf(e))
	}
	return out, nil
}

// entriesFor is what st holds for serverURL, or everything for "".
func entriesFor(st *store.Store, serverURL string) ([]store.Entry, error) {
	all, err := st.List()
	if err != nil || serverURL == "" {
		return all, err
	}
	key, err := discover.CanonicalResource(serverURL)
	if err != nil {
		return nil, err
	}
	var out []store.Entry
	for _, e := range all {
		if e.Resource == key {
			out = append(out, e)
		}
	}
	return out, nil
}

// Logout forgets what st holds for the MCP server at serverURL, revoking
// the tokens first where the authorization server offers revocation
// (RFC 7009; a failed revocation is reported to o.Observe and does not
// stop the logout), and says how many entries it removed.
func Logout(ctx context.Context, st *store.Store, serverURL string, o Options) (int, error) {
	entries, err := entriesFor(st, serverURL)
	if err != nil {
		return 0, err
	}
	for _, e := range entries {
		revoke(ctx, e, o)
	}
	key, err := discover.CanonicalResource(serverURL)
	if err != nil {
		return 0, err
	}
	return st.Delete(key)
}

// LoginRequiredError says the server wants a login that toolbench may not
// start here: nobody can answer a browser (no terminal, --auth
// stored-only), or a stored token was refused and cannot be refreshed.
type LoginRequiredError struct {
	// Resource is the MCP server's canonical URI.
	Resource string
	// Command is what to run to log in ("toolbench auth login …").
	Command string
	// Reason says why no login was started.
	Reason string
}

// Error reads as the reason and the command.
func (e *LoginRequiredError) Error() string {
	if e.Command == "" {
		return "the server needs a login (" + e.Reason + ")"
	}
	return "the server needs a login (" + e.Reason + "): run " + e.Command
}

// Final reports that the request cannot succeed by being sent again
// another way (the client's client.FinalError).
func (e *LoginRequiredError) Final() bool { return true }
