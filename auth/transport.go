package auth

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/toolbench/toolbench/auth/discover"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/redirect"
	"github.com/toolbench/toolbench/target"
)

// transport is the round tripper NewTransport returns.
type transport struct {
	base http.RoundTripper
	s    *session
	// home is the MCP server's URL: the token goes to its origin only.
	home *url.URL
}

// NewTransport returns the round tripper for the requests to the MCP
// server at serverURL: it adds the stored token, refreshes it before it
// expires and on a 401, logs in on a 401 when o allows (else the request
// fails with *LoginRequiredError), steps up on a 403 insufficient_scope at
// most o.MaxStepUps times, and sends the request again. One login runs at
// a time; the requests that meet a 401 meanwhile wait for it. A request
// that already carries an Authorization header (the person's -H) is sent
// as it is: their credentials win. So is a request to another origin
// than serverURL's (a redirect followed with --follow-redirects): the
// token is the MCP server's alone, and another origin's 401 is not its
// to answer.
func NewTransport(serverURL string, base http.RoundTripper, o Options) http.RoundTripper {
	if o.mode() == Off {
		return base
	}
	home, _ := url.Parse(serverURL)
	return &transport{base: base, s: newSession(serverURL, o), home: home}
}

// RoundTrip implements http.RoundTripper.
func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Header.Get("Authorization") != "" || t.home != nil && !redirect.SameOrigin(t.home, req.URL) {
		return t.base.RoundTrip(req)
	}
	if err := replayable(req); err != nil {
		return nil, err
	}
	ctx := req.Context()
	tok, err := t.s.token(ctx)
	if err != nil {
		return nil, err
	}
	resp, err := t.send(req, tok)
	// A 401 is answered by a refresh or a login; a 401 to the token a
	// refresh gave (an authorization server the resource has left, say)
	// by a login.
	stepUps, logins, refreshed := 0, 0, false
	for err == nil {
		ch, _ := discover.Bearer(resp.Header)
		var next string
		var ferr error
		switch {
		case resp.StatusCode == http.StatusUnauthorized && !oauthChallenge(resp.Header):
			// Basic, Digest, a proxy's own scheme: not OAuth's to answer,
			// and the 401 explains itself.
			return resp, nil
		case resp.StatusCode == http.StatusUnauthorized && logins == 0 && (!refreshed || tok != ""):
			var viaRefresh bool
			next, viaRefresh, ferr = t.s.recover(ctx, tok, &ch, !refreshed)
			if viaRefresh {
				refreshed = true
			} else {
				logins++
			}
		case resp.StatusCode == http.StatusForbidden && ch.Error == "insufficient_scope" && stepUps < t.s.o.maxStepUps():
			stepUps++
			next, ferr = t.s.stepUp(ctx, tok, &ch)
		default:
			return resp, nil
		}
		if errors.Is(ferr, errGiveUp) {
			return resp, nil
		}
		drain(resp)
		if ferr != nil {
			return nil, ferr
		}
		tok = next
		t.s.o.Observe.Emit(step.Event{Step: step.Retry, State: step.Started,
			Summary: fmt.Sprintf("%s %s again with the new token", req.Method, target.Redact(req.URL.String()))})
		resp, err = t.send(req, tok)
		t.s.emitRetried(resp, err)
	}
	return resp, err
}

// send sends a copy of req with tok, if any, as its bearer token.
func (t *transport) send(req *http.Request, tok string) (*http.Response, error) {
	out := req.Clone(req.Context())
	if req.GetBody != nil {
		body, err := req.GetBody()
		if err != nil {
			return nil, fmt.Errorf("auth: send the request again: %w", err)
		}
		out.Body = body
	}
	if tok != "" {
		out.Header.Set("Authorization", "Bearer "+tok)
	}
	return t.base.RoundTrip(out)
}

// replayable makes req's body readable again for a retry: mcp-go's
// requests have GetBody already, and any other body is small JSON.
func replayable(req *http.Request) error {
	if req.Body == nil || req.Body == http.NoBody || req.GetBody != nil {
		return nil
	}
	b, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return fmt.Errorf("auth: read the request body: %w", err)
	}
	req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
	req.Body, _ = req.GetBody()
	return nil
}

// drain ends an answer that is being replaced by a retry, reading a
// little of it so the connection can be reused.
func drain(resp *http.Response) {
	_, _ = io.CopyN(io.Discard, resp.Body, 4096)
	resp.Body.Close()
}

// oauthChallenge reports a 401 OAuth may answer: one with a Bearer
// challenge, or with none at all (a server from before RFC 9728 that
// leaves the client to look for metadata).
func oauthChallenge(h http.Header) bool {
	values := h.Values("WWW-Authenticate")
	if len(values) == 0 {
		return true
	}
	_, ok := discover.Bearer(h)
	return ok
}
