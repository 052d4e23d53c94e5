package discover

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/redirect"
)

// prmSuffix is the protected-resource well-known suffix (RFC 9728 section 3).
const prmSuffix = "/.well-known/oauth-protected-resource"

// Resource fetches the protected-resource metadata (RFC 9728) of the MCP
// server at serverURL, trying in the order the MCP discovery page gives:
// the challenge's resource_metadata URL when ch has one, then the
// path-based well-known URL, then the root one. A URL that answers other
// than 200 OK is passed over; a document that answers but cannot be used
// (not JSON, naming another resource, listing no authorization server) is
// reported as an Info event and passed over too, and its error is the
// one returned when no later URL serves a usable document. When no URL
// serves a document at all the *step.Error wraps ErrNotFound.
func (c *Client) Resource(ctx context.Context, serverURL string, ch *Challenge) (*Resource, error) {
	c.start(step.ResourceMetadata, "for "+Redact(serverURL))
	r, err := c.resource(ctx, serverURL, ch)
	c.finish(step.ResourceMetadata, resourceSummary(r), err)
	return r, err
}

func resourceSummary(r *Resource) string {
	if r == nil {
		return ""
	}
	return fmt.Sprintf("%s: resource %q, authorization servers %q", r.URL, r.Resource, r.AuthorizationServers)
}

// resource does Resource's work without its Started and end events, so
// Discover can tell a 2025-03-26 server (no metadata) from a failure.
func (c *Client) resource(ctx context.Context, serverURL string, ch *Challenge) (*Resource, error) {
	canon, err := CanonicalResource(serverURL)
	if err != nil {
		return nil, stepError(step.ResourceMetadata, nil, "give the MCP server's full http or https URL, such as https://mcp.example.com/mcp", err)
	}
	urls := resourceURLs(canon, ch)
	var rejected *step.Error
	var last *document
	for _, u := range urls {
		d, err := c.get(ctx, step.ResourceMetadata, u)
		if err != nil {
			return nil, stepError(step.ResourceMetadata, d, fetchHint(err, "protected-resource metadata"), err)
		}
		last = d
		if d.status != http.StatusOK {
			continue
		}
		r, perr := parseResource(d, canon)
		if perr != nil {
			c.note(step.ResourceMetadata, d, "not used: "+perr.Err.Error())
			if rejected == nil {
				rejected = perr
			}
			continue
		}
		return r, nil
	}
	if rejected != nil {
		return nil, rejected
	}
	return nil, stepError(step.ResourceMetadata, last,
		"the server publishes no OAuth protected-resource metadata (RFC 9728); a 2025-03-26 server needs none, a newer one must serve it at one of these URLs",
		fmt.Errorf("%w at %s", ErrNotFound, strings.Join(urls, ", ")))
}

// resourceURLs lists the metadata URLs to try for the canonical URI.
// The path-based URL drops a trailing slash of the path (RFC 9728
// section 3.1) and exists only when there is a path.
func resourceURLs(canon string, ch *Challenge) []string {
	var urls []string
	add := func(u string) {
		for _, have := range urls {
			if have == u {
				return
			}
		}
		urls = append(urls, u)
	}
	if ch != nil && ch.ResourceMetadata != "" {
		add(resolve(canon, ch.ResourceMetadata))
	}
	o := origin(canon)
	if p := strings.TrimSuffix(pathOf(canon), "/"); p != "" {
		add(o + prmSuffix + p)
	}
	add(o + prmSuffix)
	return urls
}

// resolve makes ref absolute against base; a ref that does not parse is
// returned as it is, for CheckURL to refuse with its reason.
func resolve(base, ref string) string {
	b, err := url.Parse(base)
	if err != nil {
		return ref
	}
	r, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	return b.ResolveReference(r).String()
}

// parseResource reads and checks a protected-resource metadata document.
func parseResource(d *document, canon string) (*Resource, *step.Error) {
	var r Resource
	if err := json.Unmarshal(d.body, &r); err != nil {
		return nil, stepError(step.ResourceMetadata, d,
			"the server's protected-resource metadata must be a JSON object (RFC 9728 section 3.2)",
			fmt.Errorf("%s is not a metadata document: %w", d.url, err))
	}
	if r.Resource == "" {
		return nil, stepError(step.ResourceMetadata, d,
			"the metadata must name its resource (RFC 9728 section 2); the server's metadata is incomplete",
			fmt.Errorf("%s names no resource", d.url))
	}
	if !resourceCovers(r.Resource, canon) {
		return nil, stepError(step.ResourceMetadata, d,
			fmt.Sprintf("the server's metadata names resource %q but toolbench connected to %q; a server must publish metadata for itself (RFC 9728 section 3.3), so either the server is misconfigured or the metadata is not its own", r.Resource, canon),
			fmt.Errorf("%s is for resource %q, not %s", d.url, r.Resource, canon))
	}
	if len(r.AuthorizationServers) == 0 {
		return nil, stepError(step.ResourceMetadata, d,
			"the MCP server's metadata must list at least one authorization server in authorization_servers; ask its operator to name one",
			fmt.Errorf("%s lists no authorization server", d.url))
	}
	r.URL = d.url
	r.Raw = append(json.RawMessage(nil), d.body...)
	return &r, nil
}

// fetchHint is the advice for a fetch that failed before any answer. A
// redirect refused has none here: the server did answer, and the
// surfaces' explainers say what to do about a *redirect.Error.
func fetchHint(err error, what string) string {
	var re *redirect.Error
	if errors.As(err, &re) {
		return ""
	}
	if errors.Is(err, ErrInsecure) {
		return "toolbench fetches " + what + " only over https (plain http only to this machine), as the MCP specification requires of authorization endpoints; the server must publish an https URL"
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return "the request did not finish in time; check the server is up, or give it longer with --timeout"
	}
	return "check that the server is reachable from here and its URL is right"
}
