package grant

import (
	"context"
	"crypto/rand"
	"errors"
	"slices"
	"strings"

	"golang.org/x/oauth2"

	"github.com/toolbench/toolbench/auth/discover"
	"github.com/toolbench/toolbench/auth/step"
)

// The browser page's words after the flow has judged the callback.
const (
	pageDone   = "toolbench is authorized. You can close this tab and return to toolbench."
	pageFailed = "toolbench did not accept this authorization; it shows why in the terminal. You can close this tab."
)

// AuthorizationCode gets a token by the authorization code grant with
// PKCE (RFC 7636, S256): it sends the person to the authorization URL
// through agent, waits for the redirect at lb or a pasted one, checks
// state and iss, and redeems the code. It reports the Browser, Callback
// and Token steps.
func AuthorizationCode(ctx context.Context, r Request, lb *Loopback, agent Agent) (Token, error) {
	if lb == nil || agent == nil {
		return Token{}, fail(r.Observe, step.Browser, errors.New("authorization code grant: no loopback listener or agent"), nil)
	}
	if r.Server.AuthorizationEndpoint == "" {
		return Token{}, fail(r.Observe, step.Browser, errors.New("the authorization server's metadata names no authorization_endpoint"), nil)
	}
	if err := checkPKCE(r.Server); err != nil {
		return Token{}, fail(r.Observe, step.Browser, err, nil)
	}
	p, err := prepare(ctx, r)
	if err != nil {
		return Token{}, fail(r.Observe, step.Token, err, nil)
	}
	cfg := p.config(r, lb.RedirectURI())
	verifier := oauth2.GenerateVerifier()
	// The issuer is recorded with the verifier and state before the person
	// leaves: r.Server is the validated metadata checkIssuer compares to.
	state := rand.Text()
	authURL := cfg.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier),
		oauth2.SetAuthURLParam("resource", r.Resource))

	got, release := lb.wait()
	r.Observe.Emit(step.Event{Step: step.Browser, State: step.Started, URL: authURL,
		Summary: "open " + r.Server.AuthorizationEndpoint})
	visitCtx, stopVisit := context.WithCancel(ctx)
	visited, visitDone := make(chan error, 1), make(chan struct{})
	go func() {
		defer close(visitDone)
		visited <- agent.Visit(visitCtx, authURL)
	}()
	// The agent may still be following the URL (FetchAgent waits for the
	// page the loopback answers): the loopback stops waiting first, so
	// its page ends, then the agent is stopped and waited for.
	defer func() { release(); stopVisit(); <-visitDone }()

	resp, reply, err := await(ctx, r.Observe,
		sources{got: got, closed: lb.done, pasted: agent.Pasted(), visited: visited})
	if err != nil {
		return Token{}, err
	}
	tok, err := redeem(p, cfg, r, resp, state, verifier)
	words := pageDone
	if err != nil {
		words = pageFailed
	}
	if reply != nil {
		reply <- words
	}
	return tok, err
}

// PKCEError says the authorization server's metadata does not promise
// S256, so the MCP spec (security considerations, Authorization Code
// Protection) has the client refuse to proceed.
type PKCEError struct {
	// Supported is the metadata's code_challenge_methods_supported.
	Supported []string
}

// Error says what the metadata lists.
func (e *PKCEError) Error() string {
	if len(e.Supported) == 0 {
		return "the authorization server's metadata has no code_challenge_methods_supported, so it may not check PKCE"
	}
	return "the authorization server's code_challenge_methods_supported lists " + strings.Join(e.Supported, ", ") + " but not S256"
}

// checkPKCE refuses a server whose metadata does not list S256. A
// 2025-03-26 fallback server has no metadata to ask; that revision made
// PKCE mandatory for every client, so S256 is what it takes.
func checkPKCE(s discover.Server) error {
	if s.Fallback || slices.Contains(s.CodeChallengeMethodsSupported, "S256") {
		return nil
	}
	return &PKCEError{Supported: s.CodeChallengeMethodsSupported}
}

// sources are what the flow waits on for the authorization response.
type sources struct {
	got     <-chan delivery // the loopback's callback
	closed  <-chan struct{} // the loopback's Close
	pasted  <-chan string   // the agent's pastes
	visited <-chan error    // Visit's result
}

// await waits for the authorization response: the loopback's callback,
// a pasted redirect or code, or the end of ctx or of the loopback. A
// failed Visit ends it; a successful one is reported and waiting goes
// on. reply is where the browser's page words go, nil for a pasted
// response.
func await(ctx context.Context, o step.Observer, src sources) (response, chan<- string, error) {
	got, pasted, visited := src.got, src.pasted, src.visited
	// arrived closes the Browser step (unless Visit already did) and opens
	// the Callback step.
	arrived := func(how string) {
		if visited != nil {
			o.Emit(step.Event{Step: step.Browser, State: step.Done, Summary: "the person came back"})
		}
		o.Emit(step.Event{Step: step.Callback, State: step.Started, Summary: how})
	}
	for {
		select {
		case d := <-got:
			arrived("redirect received on the loopback")
			return response{query: d.query}, d.reply, nil
		case text, ok := <-pasted:
			if !ok {
				pasted = nil
				continue
			}
			if resp, ok := parsePasted(text); ok {
				arrived("redirect pasted")
				return resp, nil, nil
			}
			o.Emit(step.Event{Step: step.Callback, State: step.Info,
				Summary: "the pasted text is neither a redirect URL nor a code; paste the whole address the browser ended on"})
		case err := <-visited:
			if err != nil {
				return response{}, nil, fail(o, step.Browser, err, nil)
			}
			o.Emit(step.Event{Step: step.Browser, State: step.Done, Summary: "waiting for the redirect"})
			visited = nil
		case <-ctx.Done():
			return response{}, nil, fail(o, step.Callback, ctx.Err(), nil)
		case <-src.closed:
			return response{}, nil, fail(o, step.Callback, errors.New("the loopback listener closed before the redirect came"), nil)
		}
	}
}

// redeem checks the response at the Callback step and exchanges its code
// at the Token step, with the verifier and the redirect URI.
func redeem(p prepared, cfg *oauth2.Config, r Request, resp response, state, verifier string) (Token, error) {
	code, err := check(resp, state, r.Server)
	if err != nil {
		return Token{}, fail(r.Observe, step.Callback, err, nil)
	}
	summary := "code " + step.Mask(code)
	if resp.bare {
		summary += " (pasted alone: no state to check)"
	}
	r.Observe.Emit(step.Event{Step: step.Callback, State: step.Done, Summary: summary})
	r.Observe.Emit(step.Event{Step: step.Token, State: step.Started,
		Summary: "POST " + r.Server.TokenEndpoint + " (authorization_code)"})
	tok, err := cfg.Exchange(p.ctx, code, oauth2.VerifierOption(verifier))
	return finish(r, step.Token, p, tok, err)
}
