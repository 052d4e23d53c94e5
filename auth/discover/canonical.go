package discover

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
)

// ErrInsecure marks a URL discovery refuses to fetch: plain http to a
// host that is not this machine.
var ErrInsecure = errors.New("not https")

// CanonicalResource returns the canonical URI of the MCP server at
// serverURL (RFC 8707 section 2, the MCP authorization page's
// "Canonical Server URI"): the value of every resource parameter sent.
//
//   - The scheme and host are lowercased and a default port (:443 for
//     https, :80 for http) dropped, the normalisation RFC 3986 section
//     6.2.3 allows, so the same server always gets the same value.
//   - The fragment is dropped: RFC 8707 says it MUST NOT be there.
//   - The query is dropped: RFC 8707 says it SHOULD NOT be there, and an
//     MCP URL's query is where people put API keys and session ids, which
//     must not reach an authorization server (or its logs).
//   - Userinfo is dropped for the same reason.
//   - The path is kept as written (escaped form). A path of only "/"
//     becomes "", as the MCP page says to use the form without the
//     trailing slash; a trailing slash after a longer path is kept,
//     because there it may name a different resource.
func CanonicalResource(serverURL string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(serverURL))
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return "", fmt.Errorf("server URL %q: %w", Redact(serverURL), err)
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "https" && scheme != "http" {
		return "", fmt.Errorf("server URL %q: want an http or https URL", Redact(serverURL))
	}
	if u.Host == "" {
		return "", fmt.Errorf("server URL %q: no host", Redact(serverURL))
	}
	host := strings.ToLower(u.Hostname())
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port := u.Port(); port != "" && !(scheme == "https" && port == "443") && !(scheme == "http" && port == "80") {
		host += ":" + port
	}
	path := u.EscapedPath()
	if path == "/" {
		path = ""
	}
	return scheme + "://" + host + path, nil
}

// Redact returns a URL as it may be shown: without its userinfo, query
// and fragment, where people put keys, passwords and session ids. It
// works on the text, so even a URL that does not parse is redacted.
func Redact(rawURL string) string {
	s, _, _ := strings.Cut(rawURL, "#")
	s, _, _ = strings.Cut(s, "?")
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok {
		return s
	}
	authority, path, hasPath := strings.Cut(rest, "/")
	if at := strings.LastIndex(authority, "@"); at >= 0 {
		authority = authority[at+1:]
	}
	if hasPath {
		return scheme + "://" + authority + "/" + path
	}
	return scheme + "://" + authority
}

// origin returns scheme://host[:port] of a canonical URI.
func origin(canonical string) string {
	scheme, rest, _ := strings.Cut(canonical, "://")
	host, _, _ := strings.Cut(rest, "/")
	return scheme + "://" + host
}

// pathOf returns the path of a canonical URI ("" for none).
func pathOf(canonical string) string {
	_, rest, _ := strings.Cut(canonical, "://")
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		return rest[i:]
	}
	return ""
}

// resourceCovers says whether protected-resource metadata naming
// resource may be used for the MCP server whose canonical URI is server.
//
// RFC 9728 section 3.3 wants the resource identical to the URL the
// well-known suffix was inserted into (the MCP URL for the path form,
// the origin for the root form) or, for a WWW-Authenticate URL, to the
// URL requested. Both cases are the resource being the MCP URL or a
// parent of it, so that is the rule here, whichever URL served the
// document: same origin (compared canonically, as the MCP page asks
// clients to accept upper-case scheme and host), and the resource's path
// equal to the server's or a whole-segment prefix of it ("/a" covers
// "/a/mcp", not "/ab"). It also accepts the common case of one document
// served at both well-known forms. What it refuses is the attack RFC 9728
// section 7.3 describes: metadata claiming another origin's resource
// (the conformance suite's resource-mismatch scenario) or a sibling path.
func resourceCovers(resource, server string) bool {
	r, err := CanonicalResource(resource)
	if err != nil || origin(r) != origin(server) {
		return false
	}
	rp, sp := strings.TrimSuffix(pathOf(r), "/"), pathOf(server)
	return rp == "" || sp == rp || strings.HasPrefix(sp, rp+"/")
}

// CheckURL says whether discovery (and the authorization server's
// endpoints) may be fetched at rawURL: it must be absolute and https,
// except that plain http is allowed to this machine (127.0.0.0/8, ::1,
// localhost), where test servers and local development live. The MCP
// security page requires every authorization server endpoint to be
// HTTPS; a token or code sent over plain http to another host could be
// read by anyone on the path.
func CheckURL(rawURL string) error {
	u, err := url.Parse(rawURL)
	if err != nil {
		return fmt.Errorf("URL %q: %w", rawURL, err)
	}
	if u.Host == "" {
		return fmt.Errorf("URL %q is not absolute", rawURL)
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return nil
	case "http":
		if IsLoopback(u.Hostname()) {
			return nil
		}
		return fmt.Errorf("URL %q: %w (plain http is allowed only to this machine)", rawURL, ErrInsecure)
	}
	return fmt.Errorf("URL %q: scheme %q is not https", rawURL, u.Scheme)
}

// IsLoopback says whether host names this machine: "localhost" or a
// loopback IP address.
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
