package auth

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/auth/store"
)

// revokeTimeout bounds each revocation request: a logout must not hang on
// an authorization server that is gone.
const revokeTimeout = 10 * time.Second

// revoke asks e's authorization server to revoke its tokens (RFC 7009),
// the refresh token first, which most servers take to revoke the access
// token too. Each outcome is reported to o.Observe; none stops a logout.
func revoke(ctx context.Context, e store.Entry, o Options) {
	if e.RevocationEndpoint == "" {
		return
	}
	hc := &http.Client{Transport: o.base(), Timeout: revokeTimeout}
	for _, t := range []struct{ value, hint, words string }{
		{e.RefreshToken, "refresh_token", "refresh token"},
		{e.AccessToken, "access_token", "access token"},
	} {
		if t.value == "" {
			continue
		}
		ev := step.Event{Step: step.Token, State: step.Done, Summary: "revoked the " + t.words}
		status, err := revokeOne(ctx, hc, e, t.value, t.hint)
		switch {
		case err != nil:
			ev.State, ev.Summary, ev.Err = step.Failed, "could not revoke the "+t.words, err
		case status != http.StatusOK:
			ev.State, ev.Summary = step.Failed, fmt.Sprintf("the server refused to revoke the %s (HTTP %d)", t.words, status)
		}
		o.Observe.Emit(ev)
	}
}

// revokeOne sends one revocation request and returns the answer's status.
// The client authenticates as at the token endpoint where it can without
// a key: private_key_jwt clients send only their id.
func revokeOne(ctx context.Context, hc *http.Client, e store.Entry, token, hint string) (int, error) {
	form := url.Values{"token": {token}, "token_type_hint": {hint}}
	basic := e.ClientSecret != "" && e.ClientMethod != grant.MethodPost
	if !basic {
		form.Set("client_id", e.ClientID)
		if e.ClientSecret != "" {
			form.Set("client_secret", e.ClientSecret)
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.RevocationEndpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if basic {
		// RFC 6749 section 2.3.1: both parts form-encoded first.
		req.SetBasicAuth(url.QueryEscape(e.ClientID), url.QueryEscape(e.ClientSecret))
	}
	resp, err := hc.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}
