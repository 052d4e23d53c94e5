package discover

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/toolbench/toolbench/auth/step"
)

// The authorization server metadata well-known suffixes: RFC 8414
// section 3 and OpenID Connect Discovery 1.0 section 4.
const (
	oauthSuffix = "/.well-known/oauth-authorization-server"
	oidcSuffix  = "/.well-known/openid-configuration"
)

// Server fetches the metadata of the authorization server issuer, trying
// the URLs in the MCP discovery page's order: for an issuer with a path,
// RFC 8414 path-inserted, OpenID Connect path-inserted, then OpenID
// Connect path-appended; for one without, RFC 8414 then OpenID Connect.
// A URL answering other than 200 OK is passed over, and so is a document
// whose issuer is not exactly issuer (RFC 8414 section 3.3: no
// normalisation, and the document MUST NOT be used), reported as an Info
// event. The first usable document decides: it must list S256 in
// code_challenge_methods_supported, since MCP clients MUST refuse to
// proceed without PKCE, and its endpoints must be https. When no URL
// serves a document the *step.Error wraps ErrNotFound.
func (c *Client) Server(ctx context.Context, issuer string) (Server, error) {
	c.start(step.ServerMetadata, "for issuer "+issuer)
	urls, err := serverURLs(issuer)
	var s Server
	if err == nil {
		s, err = c.server(ctx, issuer, urls)
	}
	c.finish(step.ServerMetadata, serverSummary(s), err)
	return s, err
}

func serverSummary(s Server) string {
	if s.Fallback {
		return fmt.Sprintf("no metadata: the 2025-03-26 default endpoints %s, %s, %s", s.AuthorizationEndpoint, s.TokenEndpoint, s.RegistrationEndpoint)
	}
	return fmt.Sprintf("%s: issuer %q", s.URL, s.Issuer)
}

// serverURLs lists the metadata URLs of issuer, in order. RFC 8414
// section 3.1 and OpenID Connect Discovery section 4 both drop a
// terminating "/" of the path before building them.
func serverURLs(issuer string) ([]string, error) {
	u, err := url.Parse(issuer)
	hint := "the authorization server's issuer must be an https URL with no query or fragment (RFC 8414 section 2); the MCP server's metadata names a bad one"
	if err != nil {
		return nil, stepError(step.ServerMetadata, nil, hint, fmt.Errorf("issuer %q: %w", issuer, err))
	}
	if u.RawQuery != "" || u.Fragment != "" || u.Host == "" {
		return nil, stepError(step.ServerMetadata, nil, hint, fmt.Errorf("issuer %q is not a valid issuer identifier", issuer))
	}
	if err := CheckURL(issuer); err != nil {
		return nil, stepError(step.ServerMetadata, nil, fetchHint(err, "authorization server metadata"), err)
	}
	o := u.Scheme + "://" + u.Host
	p := strings.TrimSuffix(u.EscapedPath(), "/")
	if p == "" {
		return []string{o + oauthSuffix, o + oidcSuffix}, nil
	}
	return []string{o + oauthSuffix + p, o + oidcSuffix + p, o + p + oidcSuffix}, nil
}

// server does Server's work on the given URLs, without its events.
func (c *Client) server(ctx context.Context, issuer string, urls []string) (Server, error) {
	var rejected *step.Error
	var last *document
	for _, u := range urls {
		d, err := c.get(ctx, step.ServerMetadata, u)
		if err != nil {
			return Server{}, stepError(step.ServerMetadata, d, fetchHint(err, "authorization server metadata"), err)
		}
		last = d
		if d.status != http.StatusOK {
			continue
		}
		s, perr := parseServer(d, issuer)
		if perr != nil {
			c.note(step.ServerMetadata, d, "not used: "+perr.Err.Error())
			if rejected == nil {
				rejected = perr
			}
			continue
		}
		if err := checkServer(d, s); err != nil {
			return Server{}, err
		}
		return s, nil
	}
	if rejected != nil {
		return Server{}, rejected
	}
	return Server{}, stepError(step.ServerMetadata, last,
		fmt.Sprintf("the authorization server %q publishes no metadata at the URLs RFC 8414 and OpenID Connect Discovery define; check the issuer the MCP server names", issuer),
		fmt.Errorf("%w for issuer %q at %s", ErrNotFound, issuer, strings.Join(urls, ", ")))
}

// parseServer reads a metadata document and checks its issuer, the checks
// that decide whether it is the document of this issuer at all.
func parseServer(d *document, issuer string) (Server, *step.Error) {
	var s Server
	if err := json.Unmarshal(d.body, &s); err != nil {
		return Server{}, stepError(step.ServerMetadata, d,
			"authorization server metadata must be a JSON object (RFC 8414 section 3.2)",
			fmt.Errorf("%s is not a metadata document: %w", d.url, err))
	}
	if s.Issuer != issuer {
		return Server{}, stepError(step.ServerMetadata, d,
			fmt.Sprintf("the metadata at %s says its issuer is %q, not %q, the issuer it was fetched for; RFC 8414 section 3.3 forbids using it, so the authorization server is misconfigured or the document is not its own", d.url, s.Issuer, issuer),
			fmt.Errorf("%s is for issuer %q, not %q", d.url, s.Issuer, issuer))
	}
	s.URL = d.url
	s.Raw = append(json.RawMessage(nil), d.body...)
	return s, nil
}

// checkServer refuses an authorization server toolbench must not use:
// one without PKCE S256 (the MCP security page: refuse to proceed), with
// no token endpoint, or with an endpoint that is not https.
func checkServer(d *document, s Server) error {
	if !slices.Contains(s.CodeChallengeMethodsSupported, "S256") {
		what := "does not list code_challenge_methods_supported, so it does not support PKCE"
		if len(s.CodeChallengeMethodsSupported) > 0 {
			what = fmt.Sprintf("supports PKCE only as %q, not S256", s.CodeChallengeMethodsSupported)
		}
		return stepError(step.ServerMetadata, d,
			"MCP clients must refuse an authorization server without PKCE S256 (MCP security considerations, Authorization Code Protection); the authorization server must add \"S256\" to code_challenge_methods_supported",
			fmt.Errorf("authorization server %q %s", s.Issuer, what))
	}
	if s.TokenEndpoint == "" {
		return stepError(step.ServerMetadata, d,
			"authorization server metadata must name its token_endpoint (RFC 8414 section 2)",
			fmt.Errorf("authorization server %q names no token endpoint", s.Issuer))
	}
	for _, e := range []string{s.AuthorizationEndpoint, s.TokenEndpoint, s.RegistrationEndpoint, s.RevocationEndpoint} {
		if e == "" {
			continue
		}
		if err := CheckURL(e); err != nil {
			return stepError(step.ServerMetadata, d, fetchHint(err, "the authorization server's endpoints"), err)
		}
	}
	return nil
}
