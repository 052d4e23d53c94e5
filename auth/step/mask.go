package step

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Mask shows a secret as a person may need to recognise it: "••••" and
// its last four characters, or only "••••" when it is too short for
// those four to leave most of it hidden.
func Mask(secret string) string {
	const dots = "••••"
	if utf8.RuneCountInString(secret) < 12 {
		return dots
	}
	r := []rune(secret)
	return dots + string(r[len(r)-4:])
}

// secretFields are the form, query and JSON field names whose values are
// secrets in OAuth (RFC 6749, 7521, 7591, 7636, 7009, 8693) wherever they
// appear. "token" is the revocation request's (RFC 7009) parameter.
// state is deliberately absent: it is not a secret, and a person
// comparing a callback with its request needs to see it.
var secretFields = map[string]bool{
	"access_token":              true,
	"refresh_token":             true,
	"id_token":                  true,
	"client_secret":             true,
	"code":                      true,
	"code_verifier":             true,
	"client_assertion":          true,
	"registration_access_token": true,
	"assertion":                 true,
	"password":                  true,
	"token":                     true,
	"subject_token":             true,
	"actor_token":               true,
	"device_code":               true,
}

// IsSecretField says whether a form, query or JSON field of that name
// holds a secret (compared without regard to case).
func IsSecretField(name string) bool { return secretFields[strings.ToLower(name)] }

// MaskForm masks the secret values of an application/x-www-form-urlencoded
// body (or a URL query), keeping every other pair and the order as sent.
// A masked value is shown decoded, as step.Mask of the decoded secret.
func MaskForm(body string) string {
	pairs := strings.Split(body, "&")
	for i, p := range pairs {
		k, v, ok := strings.Cut(p, "=")
		if !ok {
			continue
		}
		name, err := url.QueryUnescape(k)
		if err != nil {
			name = k
		}
		if !IsSecretField(name) {
			continue
		}
		dec, err := url.QueryUnescape(v)
		if err != nil {
			dec = v
		}
		pairs[i] = k + "=" + Mask(dec)
	}
	return strings.Join(pairs, "&")
}

// MaskURL masks the secrets of a URL: the password of its userinfo and
// the secret fields of its query and fragment (an implicit-style redirect
// carries access_token in the fragment). It works on the text as given,
// so a URL that does not parse is still masked.
func MaskURL(u string) string {
	rest, frag, hasFrag := strings.Cut(u, "#")
	base, query, hasQuery := strings.Cut(rest, "?")
	out := maskUserinfo(base)
	if hasQuery {
		out += "?" + MaskForm(query)
	}
	if hasFrag {
		out += "#" + MaskForm(frag)
	}
	return out
}

// maskUserinfo masks the password in scheme://user:password@host.
func maskUserinfo(u string) string {
	scheme, after, ok := strings.Cut(u, "://")
	if !ok {
		return u
	}
	authority, path, hasPath := strings.Cut(after, "/")
	at := strings.LastIndex(authority, "@")
	if at < 0 {
		return u
	}
	user, pass, hasPass := strings.Cut(authority[:at], ":")
	if !hasPass {
		return u
	}
	out := scheme + "://" + user + ":" + Mask(pass) + authority[at:]
	if hasPath {
		out += "/" + path
	}
	return out
}

// secretHeaders are the headers whose whole value is a credential.
var secretHeaders = map[string]bool{
	"Authorization":       true,
	"Proxy-Authorization": true,
	"Dpop":                true,
}

// secretHeaderWords mark custom headers that carry credentials
// (X-Api-Key, X-Auth-Token, ...).
var secretHeaderWords = []string{"token", "secret", "api-key", "apikey", "password", "session"}

// MaskHeader returns a copy of h with its credentials masked: the
// credentials of Authorization (keeping the scheme; for Basic, the
// client id and the masked secret), the values of cookies, DPoP proofs,
// the secret query fields of Location and Referer URLs, and any header
// whose name says it holds a token, key or secret.
func MaskHeader(h http.Header) http.Header {
	out := make(http.Header, len(h))
	for name, vals := range h {
		canon := http.CanonicalHeaderKey(name)
		masked := make([]string, len(vals))
		for i, v := range vals {
			masked[i] = maskHeaderValue(canon, v)
		}
		out[name] = masked
	}
	return out
}

func maskHeaderValue(name, v string) string {
	switch {
	case name == "Authorization" || name == "Proxy-Authorization":
		return maskCredentials(v)
	case name == "Cookie":
		return maskCookies(v, ";")
	case name == "Set-Cookie":
		// Only the first pair is the cookie; the rest are attributes.
		first, attrs, ok := strings.Cut(v, ";")
		if ok {
			return maskCookies(first, ";") + ";" + attrs
		}
		return maskCookies(first, ";")
	case name == "Location" || name == "Content-Location" || name == "Referer":
		// A redirect back to the client carries the code in its query.
		return MaskURL(v)
	case secretHeaders[name]:
		return Mask(v)
	}
	lower := strings.ToLower(name)
	for _, w := range secretHeaderWords {
		if strings.Contains(lower, w) {
			return Mask(v)
		}
	}
	return v
}

// maskCredentials masks "Scheme credentials". Basic credentials are
// decoded so the client id (not a secret) shows beside the masked secret;
// masking the base64 text instead would leave its last characters, which
// encode the secret's last bytes.
func maskCredentials(v string) string {
	scheme, cred, ok := strings.Cut(strings.TrimSpace(v), " ")
	if !ok {
		return Mask(v)
	}
	cred = strings.TrimSpace(cred)
	if strings.EqualFold(scheme, "Basic") {
		if dec, err := base64.StdEncoding.DecodeString(cred); err == nil {
			if id, secret, ok := strings.Cut(string(dec), ":"); ok {
				return scheme + " " + id + ":" + Mask(secret)
			}
		}
		return scheme + " ••••"
	}
	return scheme + " " + Mask(cred)
}

func maskCookies(v, sep string) string {
	parts := strings.Split(v, sep)
	for i, p := range parts {
		if k, val, ok := strings.Cut(p, "="); ok {
			parts[i] = k + "=" + Mask(val)
		}
	}
	return strings.Join(parts, sep)
}

// looseJSON and looseForm find secret fields in text that is not a
// document we can parse (a cut-off body, HTML, an error string).
var (
	looseJSON = regexp.MustCompile(`(?i)"(` + fieldAlternation() + `)"\s*:\s*"((?:[^"\\]|\\.)*)"`)
	looseForm = regexp.MustCompile(`(?i)\b(` + fieldAlternation() + `)=([^&\s"'<>]+)`)
)

func fieldAlternation() string {
	names := make([]string, 0, len(secretFields))
	for n := range secretFields {
		names = append(names, regexp.QuoteMeta(n))
	}
	return strings.Join(names, "|")
}

// MaskText masks what looks like a secret field in free text: "name":
// "value" pairs and name=value pairs. It is the fallback for bodies that
// are neither valid JSON nor a form.
func MaskText(s string) string {
	s = looseJSON.ReplaceAllStringFunc(s, func(m string) string {
		sub := looseJSON.FindStringSubmatch(m)
		return `"` + sub[1] + `": "` + Mask(sub[2]) + `"`
	})
	return looseForm.ReplaceAllStringFunc(s, func(m string) string {
		sub := looseForm.FindStringSubmatch(m)
		return sub[1] + "=" + Mask(sub[2])
	})
}
