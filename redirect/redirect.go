// Package redirect is toolbench's one policy for HTTP redirects, used by
// every http.Client it builds: the MCP transports, OAuth discovery,
// registration, and the token and revocation endpoints. A redirect within
// the request's origin is followed and reported. One to another origin
// (scheme, host or port) is refused with an *Error, unless the person
// trusts it (--follow-redirects); even then no credential goes with it: no
// Authorization, Cookie or Proxy-Authorization, none of the person's -H
// headers, no URL userinfo, no query parameter holding one of the
// person's secrets, and the OAuth token is not added (its round tripper checks the origin itself,
// with SameOrigin). Referer is never sent.
//
// net/http alone is not enough: it keeps Authorization and Cookie for
// another port of the same host (it compares domains, not origins), keeps
// every custom header (X-Api-Key) everywhere, and adds a Referer that can
// carry ?api_key=.
package redirect

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/toolbench/toolbench/target"
)

// MaxHops bounds the redirects one request follows, as net/http's default
// policy does.
const MaxHops = 10

// credentialHeaders never go to another origin, whoever set them.
var credentialHeaders = []string{"Authorization", "Proxy-Authorization", "Cookie", "Cookie2"}

// Policy is how one http.Client follows redirects; its Check is the
// client's CheckRedirect. The zero value refuses every redirect to another
// origin and reports nothing.
type Policy struct {
	// Follow follows redirects to another origin (--follow-redirects),
	// without credentials.
	Follow bool
	// Headers names the headers the person added (-H): they go to the
	// request's own origin only.
	Headers []string
	// Secrets are the person's secret values (target.Target.Secrets): a
	// query parameter holding one goes to the request's own origin only.
	Secrets []string
	// BodyCredentials marks requests whose body is a credential (a token
	// request's client secret, code or refresh token): no redirect to
	// another origin is followed, whatever Follow says, since the body
	// would go with it.
	BodyCredentials bool
	// Report is told each redirect followed; nil tells nobody.
	Report func(Hop)
}

// Hop is one redirect followed.
type Hop struct {
	// From is the URL that answered with the redirect, To where it
	// pointed; both with their secrets masked (target.Redact).
	From, To string
	// Status is the redirect's HTTP status.
	Status int
	// CrossOrigin says To is another origin than the request's first
	// URL, so it went there without credentials.
	CrossOrigin bool
}

// String is the hop as -v reports it: "redirected: FROM -> TO (307)".
func (h Hop) String() string {
	if h.CrossOrigin {
		return fmt.Sprintf("redirected to another origin, without credentials: %s -> %s (%d)", h.From, h.To, h.Status)
	}
	return fmt.Sprintf("redirected: %s -> %s (%d)", h.From, h.To, h.Status)
}

// Error is a redirect to another origin that was not followed. Its fields
// are the evidence; the surfaces' explainers say what to do about it.
type Error struct {
	// From is the URL that answered with the redirect, To where it
	// pointed; both with their secrets masked.
	From, To string
	// Status is the redirect's HTTP status.
	Status int
	// BodyCredentials says the request's body was a credential, so
	// --follow-redirects could not have let it go.
	BodyCredentials bool
}

// Error names both URLs and the status.
func (e *Error) Error() string {
	return fmt.Sprintf("%s redirected (HTTP %d) to %s, which is another origin: not followed", e.From, e.Status, e.To)
}

// Hint says what the person can do about the refusal, in the words every
// surface shows (the CLI's explainer and the workbench's status).
func (e *Error) Hint() string {
	if e.BodyCredentials {
		return "a token request's body is a credential, so toolbench never follows its redirect to another origin, " +
			"--follow-redirects or not; the authorization server's metadata must name the endpoint where it answers"
	}
	return "toolbench sends nothing to another origin than the one you named; if you trust " + originOf(e.To) +
		", pass --follow-redirects (it then goes there without your credentials: no -H headers, cookies, OAuth token or URL secrets)"
}

// originOf is the scheme and host of a URL, or the URL when it does not
// parse.
func originOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return raw
	}
	return u.Scheme + "://" + u.Host
}

// Final reports that sending the request again another way (SSE after
// streamable HTTP, initialize after server/discover) meets the same
// redirect (client.FinalError).
func (e *Error) Final() bool { return true }

// Check is the policy as an http.Client's CheckRedirect: req is the next
// hop, via the requests made so far, the first of them the one the caller
// sent.
func (p Policy) Check(req *http.Request, via []*http.Request) error {
	if len(via) >= MaxHops {
		return fmt.Errorf("stopped after %d redirects", MaxHops)
	}
	first, prev := via[0], via[len(via)-1]
	hop := Hop{From: target.Redact(prev.URL.String()), To: target.Redact(req.URL.String()),
		CrossOrigin: !SameOrigin(first.URL, req.URL)}
	if req.Response != nil {
		hop.Status = req.Response.StatusCode
	}
	if !hop.CrossOrigin {
		// The person's own -H Referer may stay at its origin; net/http's
		// (the previous URL, query and all) may not.
		if !p.personal("Referer") {
			req.Header.Del("Referer")
		}
	} else {
		if !p.Follow || p.BodyCredentials {
			return &Error{From: hop.From, To: hop.To, Status: hop.Status, BodyCredentials: p.BodyCredentials}
		}
		p.strip(req)
	}
	if p.Report != nil {
		p.Report(hop)
	}
	return nil
}

// personal reports whether the person added the header name with -H.
func (p Policy) personal(name string) bool {
	for _, h := range p.Headers {
		if strings.EqualFold(h, name) {
			return true
		}
	}
	return false
}

// strip takes every credential off a hop to another origin. net/http
// copies the first request's headers onto each hop anew, so every hop
// away from the first origin is stripped again.
func (p Policy) strip(req *http.Request) {
	req.Header.Del("Referer")
	for _, h := range credentialHeaders {
		req.Header.Del(h)
	}
	for _, h := range p.Headers {
		req.Header.Del(h)
	}
	// net/http turns userinfo into an Authorization header when it sends.
	req.URL.User = nil
	p.dropSecretParams(req.URL)
}

// dropSecretParams removes the query parameters whose values are the
// person's secrets (the ?api_key= of the URL they gave, carried on by the
// server's Location), keeping the rest as sent: those the server chose for
// the new origin (an SSE session id) are its business.
func (p Policy) dropSecretParams(u *url.URL) {
	if u.RawQuery == "" || len(p.Secrets) == 0 {
		return
	}
	params := strings.Split(u.RawQuery, "&")
	kept := params[:0]
	for _, param := range params {
		_, value, _ := strings.Cut(param, "=")
		if decoded, err := url.QueryUnescape(value); err == nil {
			value = decoded
		}
		if value != "" && slices.Contains(p.Secrets, value) {
			continue
		}
		kept = append(kept, param)
	}
	u.RawQuery = strings.Join(kept, "&")
}

// SameOrigin reports whether a and b have one origin: the same scheme,
// host and port, a missing port being the scheme's default.
func SameOrigin(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Hostname(), b.Hostname()) &&
		port(a) == port(b)
}

// port is u's port, or its scheme's default.
func port(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return "443"
	case "http":
		return "80"
	}
	return ""
}
