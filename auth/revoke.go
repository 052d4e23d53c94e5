package auth

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/toolbench/toolbench/auth/discover"
	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/auth/store"
)

// revokeTimeout bounds each revocation request: a logout must not hang on
// an authorization server that is gone.
const revokeTimeout = 10 * time.Second

// revoke asks e's authorization server to revoke its tokens (RFC 7009),
// the refresh token first, which most servers take to revoke the access
// token too, the client authenticating as at the token endpoint. Each
// outcome is reported to o.Observe; none stops a logout.
func revoke(ctx context.Context, e store.Entry, o Options) {
	if e.RevocationEndpoint == "" {
		return
	}
	r := grant.Request{Server: discover.Server{Issuer: e.Issuer, TokenEndpoint: e.TokenEndpoint},
		Client: grant.Client{ID: e.ClientID, Secret: e.ClientSecret, Method: e.ClientMethod},
		HTTP:   &http.Client{Transport: o.base(), Timeout: revokeTimeout, CheckRedirect: o.redirects(step.Token, true).Check}}
	if o.ClientKeyFile != "" && o.ClientID == e.ClientID {
		// The key is never stored: a private_key_jwt client signs with
		// the one given now.
		if k, err := grant.LoadKey(o.ClientKeyFile); err == nil {
			r.Client.Key = k
		}
	}
	for _, t := range []struct{ value, hint, words string }{
		{e.RefreshToken, "refresh_token", "refresh token"},
		{e.AccessToken, "access_token", "access token"},
	} {
		if t.value == "" {
			continue
		}
		ev := step.Event{Step: step.Token, State: step.Done, Summary: "revoked the " + t.words}
		status, err := grant.Revoke(ctx, r, e.RevocationEndpoint, t.value, t.hint)
		switch {
		case err != nil:
			ev.State, ev.Summary, ev.Err = step.Failed, "could not revoke the "+t.words, err
		case status != http.StatusOK:
			ev.State, ev.Summary = step.Failed, fmt.Sprintf("the server refused to revoke the %s (HTTP %d)", t.words, status)
		}
		o.Observe.Emit(ev)
	}
}
