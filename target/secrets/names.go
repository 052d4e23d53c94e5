// Package secrets is toolbench's one policy for what is secret and how a
// secret is hidden. It decides which names (of headers, query parameters,
// JSON and form fields, environment variables and flags) mark their
// values as credentials; which values are secret, by where they came from
// (a Set holds those a run has learned); and how each is hidden: written
// as a "$NAME" reference in every file toolbench writes (history, presets,
// collections, snapshots, copied commands), shown masked on screen, in -v
// output and in logs. History, snapshots, presets, collections, the -v
// lines, copy-as-command and the auth screens all ask this package.
package secrets

import "strings"

// words are the parts of a name that mark its value as a credential. A
// name is split into parts at every character that is not a letter or a
// digit and where lower case turns to upper (X-Api-Key, api_key, apiKey
// and X_API_KEY all give the parts "api" and "key"), so "author",
// "monkey" or "passthrough" are not credentials while "X-Pass" is.
//
// DPoP and X-Signature are credentials: a DPoP proof is a signed token,
// and a request signature (X-Signature, X-Amz-Signature) proves that its
// sender holds a key. Both are bound to one request and live briefly, but
// within that time they can be replayed, and a masked one costs nobody
// anything, so everything that authenticates a request is hidden.
var words = map[string]bool{
	"token": true, "tokens": true, "key": true, "keys": true, "apikey": true,
	"secret": true, "secrets": true,
	"password": true, "passwd": true, "pass": true, "pwd": true, "passphrase": true, "pin": true,
	"auth": true, "authorization": true, "authentication": true,
	"credential": true, "credentials": true, "cred": true, "creds": true,
	"jwt": true, "pat": true, "bearer": true, "cookie": true, "session": true, "sessionid": true, "sid": true,
	"signature": true, "sig": true, "assertion": true, "dpop": true,
}

// prefixes are the words a credential word is run together with in one
// part (apikey, accesstoken, clientsecret, xapikey, authtoken).
var prefixes = []string{"", "x", "api", "access", "auth", "client", "refresh", "id", "private", "app", "user", "bearer", "session", "secret", "master", "service"}

// notSecret are names with a credential word that are known to carry
// none: a request's idempotency key or a WebSocket handshake's nonce.
var notSecret = map[string]bool{
	"idempotency-key": true, "sec-websocket-key": true, "x-idempotency-key": true,
	"key-id": true, "kid": true, "token-type": true, "token_type": true, "token_type_hint": true,
	"expires_in": true, "x-request-id": true,
}

// oauthFields are OAuth field names (RFC 6749, 7636, 8628) whose values
// are secrets although no credential word names them. They count as
// credentials where OAuth uses them: query parameters, form and JSON
// fields. "state" is absent: a person comparing a callback with its
// request needs to see it.
var oauthFields = map[string]bool{"code": true, "code_verifier": true, "device_code": true, "user_code": true}

// IsName reports whether a value named name (a header, a query
// parameter, a JSON or form field, an environment variable, a flag
// without its dashes) is a credential.
func IsName(name string) bool {
	if notSecret[strings.ToLower(name)] {
		return false
	}
	for _, p := range parts(name) {
		if isWord(p) {
			return true
		}
	}
	return false
}

// Field reports whether a query parameter, form field or JSON member
// named name holds a secret: a credential name, or one of OAuth's.
func Field(name string) bool {
	return oauthFields[strings.ToLower(name)] || IsName(name)
}

// Header reports whether a header named name carries a credential
// (Authorization, Proxy-Authorization, Cookie, Set-Cookie, DPoP,
// X-Api-Key, X-Signature, X-Amz-Credential...).
func Header(name string) bool { return IsName(name) }

// isWord reports whether one part of a name is a credential word, alone
// or run together with a prefix (apikey, accesstoken).
func isWord(p string) bool {
	for _, pre := range prefixes {
		if rest, ok := strings.CutPrefix(p, pre); ok && words[rest] {
			return true
		}
	}
	return false
}

// parts splits name into lower-case parts at separators and at each
// lower-to-upper case change; each separated chunk that case changes
// split comes whole too (DPoP).
func parts(name string) []string {
	out := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') })
	start := -1
	for i := 0; i < len(name); i++ {
		c := name[i]
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !alnum {
			if start >= 0 {
				out = append(out, strings.ToLower(name[start:i]))
				start = -1
			}
			continue
		}
		if start >= 0 && c >= 'A' && c <= 'Z' && name[i-1] >= 'a' && name[i-1] <= 'z' {
			out = append(out, strings.ToLower(name[start:i]))
			start = i
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, strings.ToLower(name[start:]))
	}
	return out
}

// VarName turns a name into the shell variable a secret of that name is
// written as: X-API-Key and api_key become X_API_KEY and API_KEY.
func VarName(name string) string {
	b := []byte(strings.ToUpper(name))
	for i, c := range b {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			b[i] = '_'
		}
	}
	if len(b) == 0 || b[0] >= '0' && b[0] <= '9' {
		b = append([]byte("P_"), b...)
	}
	return string(b)
}
