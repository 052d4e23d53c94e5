package grant

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Revoke asks the authorization server to revoke token (RFC 7009) at its
// revocation endpoint; hint is "refresh_token" or "access_token". The
// client authenticates as it does at the token endpoint (section 2.1),
// an assertion and all for private_key_jwt. It returns the answer's
// status: 200 means revoked, or never valid (section 2.2).
func Revoke(ctx context.Context, r Request, endpoint, token, hint string) (int, error) {
	method := r.Client.Method
	if method == "" {
		m, err := ChooseMethod(r.Server, r.Client)
		if err != nil {
			return 0, err
		}
		method = m
	}
	form := url.Values{"token": {token}, "token_type_hint": {hint}}
	if method != MethodBasic {
		form.Set("client_id", r.Client.ID)
	}
	if method == MethodPost {
		form.Set("client_secret", r.Client.Secret)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return 0, fmt.Errorf("revoke: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if method == MethodBasic {
		// RFC 6749 section 2.3.1: both parts form-encoded first.
		req.SetBasicAuth(url.QueryEscape(r.Client.ID), url.QueryEscape(r.Client.Secret))
	}
	// No resource: revocation names the token, not what it is for.
	tt := &tokenTransport{server: r.Server, client: r.Client, method: method}
	resp, err := tokenHTTP(r.HTTP, tt).Do(req)
	if err != nil {
		return 0, fmt.Errorf("revoke: %w", err)
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}
