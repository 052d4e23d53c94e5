package register

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"unicode/utf8"

	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/target/secrets"
)

// maxShownBody bounds a body kept in a step.Exchange.
const maxShownBody = 4 << 10

// secretFields are the registration answer's fields that must never be
// shown whole (RFC 7591 sections 3.2.1 and RFC 7592 section 3).
var secretFields = []string{"client_secret", "registration_access_token"}

// maskBody is a registration answer with its secrets masked, cut short.
// An answer that is not a JSON object is shown cut, unless it names a
// secret field: then nothing shows where the secret ends, so it is
// withheld whole.
func maskBody(b []byte) string {
	var obj map[string]json.RawMessage
	if json.Unmarshal(b, &obj) != nil {
		for _, k := range secretFields {
			if bytes.Contains(b, []byte(k)) {
				return fmt.Sprintf("(%d bytes withheld: not a JSON object, and it names %s)", len(b), k)
			}
		}
		return cut(string(b))
	}
	masked := false
	for _, k := range secretFields {
		raw, ok := obj[k]
		if !ok {
			continue
		}
		var s string
		_ = json.Unmarshal(raw, &s) // a secret that is not a string is masked as empty
		q, _ := json.Marshal(step.Mask(s))
		obj[k], masked = q, true
	}
	if !masked {
		return cut(string(b))
	}
	out, err := json.Marshal(obj)
	if err != nil {
		return "(unprintable answer)"
	}
	return cut(string(out))
}

// cut keeps the first maxShownBody bytes of s, whole runes only.
func cut(s string) string {
	if len(s) <= maxShownBody {
		return s
	}
	n := maxShownBody
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// maskHeader is h with the headers that carry credentials masked, as
// every exchange shows them (secrets.MaskHeader).
func maskHeader(h http.Header) http.Header { return secrets.MaskHeader(h) }

// maskURL is raw with its query values masked: an endpoint URL may carry
// a token in its query, and nothing shows which parameters do.
func maskURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.RawQuery == "" {
		return raw
	}
	q := u.Query()
	for k, vs := range q {
		for i, v := range vs {
			q[k][i] = step.Mask(v)
		}
	}
	u.RawQuery = q.Encode()
	return u.String()
}
