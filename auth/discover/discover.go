package discover

import (
	"context"
	"errors"

	"github.com/toolbench/toolbench/auth/step"
)

// Discover finds how to authorize at the MCP server at serverURL, from
// the challenge of its 401 when there is one (ch may be nil):
//
//  1. the protected-resource metadata, as Resource finds it;
//  2. the metadata of its first authorization server, as Server finds it.
//
// A server with no protected-resource metadata anywhere is taken for a
// 2025-03-26 server, whose authorization server lives at its own origin:
// the RFC 8414 metadata at <origin>/.well-known/oauth-authorization-server
// (the only form that revision named), and failing that the default
// endpoints <origin>/authorize, /token and /register, with Server.Fallback
// set and Server.Issuer the origin. Metadata that exists but cannot be
// used is an error, never a reason to fall back.
//
// It emits the ResourceMetadata and ServerMetadata steps' events (the
// first Skipped for a 2025-03-26 server); every failure is a *step.Error.
func (c *Client) Discover(ctx context.Context, serverURL string, ch *Challenge) (Result, error) {
	c.start(step.ResourceMetadata, "for "+Redact(serverURL))
	md, err := c.resource(ctx, serverURL, ch)
	if err != nil && !errors.Is(err, ErrNotFound) {
		c.finish(step.ResourceMetadata, "", err)
		return Result{Challenge: ch}, err
	}
	// resource succeeded or found nothing, so the URL is canonicalisable.
	canon, _ := CanonicalResource(serverURL)
	res := Result{Resource: canon, Metadata: md, Challenge: ch}
	if md == nil {
		c.Observe.Emit(step.Event{Step: step.ResourceMetadata, State: step.Skipped,
			Summary: "no protected-resource metadata: a 2025-03-26 server, whose authorization server is at its own origin"})
		c.start(step.ServerMetadata, "at the MCP server's origin "+origin(canon))
		res.Server, err = c.legacyServer(ctx, canon)
		c.finish(step.ServerMetadata, serverSummary(res.Server), err)
		return res, err
	}
	c.finish(step.ResourceMetadata, resourceSummary(md), nil)
	res.Resource = md.Resource
	// RFC 9728 section 7.6 leaves the choice among several authorization
	// servers to the client. The first is the one the resource lists
	// first, so the choice is the same on every run and the one its
	// operator put forward; a later one is not tried when the first fails,
	// because credentials and tokens are bound to one authorization server
	// and a silent switch would hide the failure a person must see.
	res.Server, err = c.Server(ctx, md.AuthorizationServers[0])
	return res, err
}

// legacyServer finds the authorization server of a 2025-03-26 MCP server
// whose canonical URI is canon.
func (c *Client) legacyServer(ctx context.Context, canon string) (Server, error) {
	issuer := origin(canon)
	s, err := c.server(ctx, issuer, []string{issuer + oauthSuffix})
	if !errors.Is(err, ErrNotFound) {
		return s, err
	}
	return Server{
		Issuer:                issuer,
		AuthorizationEndpoint: issuer + "/authorize",
		TokenEndpoint:         issuer + "/token",
		RegistrationEndpoint:  issuer + "/register",
		Fallback:              true,
	}, nil
}
