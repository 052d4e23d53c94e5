package secrets

import (
	"net/url"
	"strings"
)

// The variables a URL's userinfo is written as.
const (
	UserVar     = "MCP_USER"
	PasswordVar = "MCP_PASSWORD"
)

// RewriteURL returns raw with each secret it holds replaced by what
// replace returns for the secret's variable name and value (decoded as the
// server receives it). A URL's secrets are its userinfo (user and
// password), the values of credential query parameters and fragment
// fields (Field: api_key, access_token, sig, code...), and a path segment
// that follows a segment naming a key or token (/key/XYZ, /token/abc123;
// see pathSecret). The URL is edited as text, not re-encoded, so what is
// not secret stays byte for byte as typed, and text that does not parse
// as a URL is still rewritten. Text without secrets is returned as it is.
func RewriteURL(raw string, replace func(name, value string) string) string {
	rest, fragment, hasFragment := strings.Cut(raw, "#")
	base, query, hasQuery := strings.Cut(rest, "?")
	out := base
	if scheme, after, ok := strings.Cut(base, "://"); ok {
		authority, path := after, ""
		if i := strings.IndexByte(after, '/'); i >= 0 {
			authority, path = after[:i], after[i:]
		}
		out = scheme + "://" + rewriteUserinfo(authority, replace) + rewritePath(path, replace)
	}
	if hasQuery {
		out += "?" + rewriteForm(query, replace)
	}
	if hasFragment {
		out += "#" + rewriteForm(fragment, replace)
	}
	return out
}

// rewriteUserinfo replaces the user and password of user:password@host.
func rewriteUserinfo(authority string, replace func(name, value string) string) string {
	at := strings.LastIndex(authority, "@")
	if at < 0 {
		return authority
	}
	user, pass, hasPass := strings.Cut(authority[:at], ":")
	out := replace(UserVar, unescape(user, url.PathUnescape))
	if hasPass {
		out += ":" + replace(PasswordVar, unescape(pass, url.PathUnescape))
	}
	return out + authority[at:]
}

// rewriteForm replaces the secret values of name=value&... pairs.
func rewriteForm(form string, replace func(name, value string) string) string {
	pairs := strings.Split(form, "&")
	for i, p := range pairs {
		name, value, hasValue := strings.Cut(p, "=")
		decoded := unescape(name, url.QueryUnescape)
		if hasValue && value != "" && Field(decoded) {
			pairs[i] = name + "=" + replace(VarName(decoded), unescape(value, url.QueryUnescape))
		}
	}
	return strings.Join(pairs, "&")
}

// rewritePath replaces each path segment pathSecret says is a secret.
func rewritePath(path string, replace func(name, value string) string) string {
	if path == "" {
		return path
	}
	segs := strings.Split(path, "/")
	changed := false
	for i := 1; i < len(segs); i++ {
		prev := unescape(segs[i-1], url.PathUnescape)
		value := unescape(segs[i], url.PathUnescape)
		if pathSecret(prev, value) {
			segs[i] = replace(VarName(prev), value)
			changed = true
		}
	}
	if !changed {
		return path
	}
	return strings.Join(segs, "/")
}

// pathKeys are the path segments after which a key sits in services that
// put keys in the path (https://host/key/XYZ/mcp, /token/abc/sse). Words
// that name a route rather than a key (auth, session, oauth) are not here:
// /auth/v1 is a route.
var pathKeys = map[string]bool{
	"key": true, "keys": true, "apikey": true, "api-key": true, "api_key": true, "token": true, "tokens": true,
	"access-token": true, "access_token": true, "secret": true, "password": true, "pass": true, "pwd": true,
	"passwd": true, "jwt": true, "credential": true, "credentials": true, "sig": true, "signature": true,
}

// pathSecret reports whether the path segment value, after the segment
// prev, is a secret: prev is one of pathKeys, and value reads as a key,
// not as another route word (it holds something besides lower-case
// letters: a digit, a capital, punctuation), so /token/refresh stays.
func pathSecret(prev, value string) bool {
	if !pathKeys[strings.ToLower(prev)] || value == "" {
		return false
	}
	return strings.IndexFunc(value, func(r rune) bool { return r < 'a' || r > 'z' }) >= 0
}

func unescape(s string, f func(string) (string, error)) string {
	if d, err := f(s); err == nil {
		return d
	}
	return s
}

// RedactURL returns raw with every secret replaced by Redacted, for a
// message or an error.
func RedactURL(raw string) string {
	return RewriteURL(raw, func(string, string) string { return Redacted })
}

// MaskURL returns raw with every secret shown as Mask shows it, for the
// screen and -v lines, where a person may need to tell two keys apart.
func MaskURL(raw string) string {
	return RewriteURL(raw, func(_, value string) string { return Mask(value) })
}

// PlaceholderURL returns raw with each secret replaced by a reference to
// a shell variable (${API_KEY} for ?api_key=, ${MCP_USER} and
// ${MCP_PASSWORD} for userinfo), and the names of those variables in
// order, so a copied command line carries no secret and says what the
// person must fill in. It returns raw and no names when raw holds none.
func PlaceholderURL(raw string) (string, []string) {
	var names []string
	out := RewriteURL(raw, func(name, _ string) string {
		names = append(names, name)
		return "${" + name + "}"
	})
	return out, names
}

// AddURL adds the secrets of the URL raw to s, by the names RewriteURL
// gives them.
func (s *Set) AddURL(raw string) {
	RewriteURL(raw, func(name, value string) string {
		s.Add(name, value)
		return ""
	})
}
