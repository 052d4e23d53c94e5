package secrets

import (
	"encoding/base64"
	"net/http"
	"strings"
	"unicode/utf8"
)

// Redacted stands in for a secret in a URL shown in a message.
const Redacted = "***"

// Mask shows a secret on screen, in -v output and in logs as a person may
// need to recognise it: "••••" and its last four characters, or only
// "••••" when it is too short for those four to leave most of it hidden.
func Mask(secret string) string {
	const dots = "••••"
	if utf8.RuneCountInString(secret) < 12 {
		return dots
	}
	r := []rune(secret)
	return dots + string(r[len(r)-4:])
}

// MaskHeader returns a copy of h with its credentials masked: the
// credentials of Authorization (keeping the scheme; for Basic, the
// client id and the masked secret), the values of cookies, the secrets of
// Location and Referer URLs, and every header Header names.
func MaskHeader(h http.Header) http.Header {
	out := make(http.Header, len(h))
	for name, vals := range h {
		canon := http.CanonicalHeaderKey(name)
		masked := make([]string, len(vals))
		for i, v := range vals {
			masked[i] = MaskHeaderValue(canon, v)
		}
		out[name] = masked
	}
	return out
}

// MaskHeaderValue is the value v of the header name as MaskHeader shows
// it.
func MaskHeaderValue(name, v string) string {
	switch canon := http.CanonicalHeaderKey(name); {
	case canon == "Authorization" || canon == "Proxy-Authorization":
		return maskCredentials(v)
	case canon == "Cookie":
		return maskCookies(v)
	case canon == "Set-Cookie":
		// Only the first pair is the cookie; the rest are attributes.
		if first, attrs, ok := strings.Cut(v, ";"); ok {
			return maskCookies(first) + ";" + attrs
		}
		return maskCookies(v)
	case canon == "Location" || canon == "Content-Location" || canon == "Referer":
		// A redirect back to the client carries the code in its query.
		return MaskURL(v)
	case Header(name):
		return Mask(v)
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

func maskCookies(v string) string {
	parts := strings.Split(v, ";")
	for i, p := range parts {
		if k, val, ok := strings.Cut(p, "="); ok {
			parts[i] = k + "=" + Mask(val)
		}
	}
	return strings.Join(parts, ";")
}
