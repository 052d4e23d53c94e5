package auth

import (
	"slices"

	"github.com/toolbench/toolbench/auth/discover"
	"github.com/toolbench/toolbench/auth/grant"
)

// offlineAccess is the scope that asks for a refresh token (OpenID
// Connect Core section 11), which MCP clients may add when the
// authorization server lists it.
const offlineAccess = "offline_access"

// chooseScopes picks the scopes of a first authorization as the spec's
// scope selection strategy orders them: the person's --scope, else the
// challenge's scope, else the protected resource's scopes_supported, else
// none (the scope parameter is then left out). offline_access is added
// when the authorization server lists it and a refresh token is wanted.
func chooseScopes(o Options, g Grant, ch *discover.Challenge, res discover.Result) []string {
	var scopes []string
	switch {
	case len(o.Scopes) > 0:
		scopes = slices.Clone(o.Scopes)
	case ch != nil && len(ch.Scope) > 0:
		scopes = slices.Clone(ch.Scope)
	case res.Metadata != nil && len(res.Metadata.ScopesSupported) > 0:
		scopes = slices.Clone(res.Metadata.ScopesSupported)
	}
	return withOffline(o, g, scopes, res.Server)
}

// withOffline adds offline_access to scopes when the authorization server
// lists it, the grant can use a refresh token and one is wanted.
func withOffline(o Options, g Grant, scopes []string, s discover.Server) []string {
	if o.NoRefreshToken || g != AuthorizationCode || !slices.Contains(s.ScopesSupported, offlineAccess) {
		return scopes
	}
	return union(scopes, []string{offlineAccess})
}

// union is a then every scope of b that a lacks, in order.
func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, s := range b {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// covers says held includes every scope of want.
func covers(held, want []string) bool {
	for _, s := range want {
		if !slices.Contains(held, s) {
			return false
		}
	}
	return true
}

// chooseGrant is the grant a flow uses: the one asked for, else client
// credentials when the server offers that grant and not the
// authorization code one and static can authenticate, else the
// authorization code grant.
func chooseGrant(o Options, s discover.Server, static *grant.Client) Grant {
	if o.Grant != "" {
		return o.Grant
	}
	gs := s.GrantTypesSupported
	if static != nil && (static.Secret != "" || static.Key != nil) &&
		slices.Contains(gs, "client_credentials") && !slices.Contains(gs, "authorization_code") {
		return ClientCredentials
	}
	return AuthorizationCode
}
