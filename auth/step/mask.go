package step

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/toolbench/toolbench/target/secrets"
)

// Mask shows a secret as a person may need to recognise it (see
// secrets.Mask, which decides it for every screen).
func Mask(secret string) string { return secrets.Mask(secret) }

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
		if !secrets.Field(name) {
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

// MaskURL masks the secrets of a URL (secrets.MaskURL): its userinfo,
// and the secret fields of its query and fragment (an implicit-style
// redirect carries access_token in the fragment).
func MaskURL(u string) string { return secrets.MaskURL(u) }

// looseJSON and looseForm find "name": "value" and name=value pairs in
// text that is not a document we can parse (a cut-off body, HTML, an
// error string); secrets.Field says which names hold secrets.
var (
	looseJSON = regexp.MustCompile(`"([^"\\]+)"\s*:\s*"((?:[^"\\]|\\.)*)"`)
	looseForm = regexp.MustCompile(`\b([A-Za-z0-9_.-]+)=([^&\s"'<>]+)`)
)

// MaskText masks what looks like a secret field in free text: "name":
// "value" pairs and name=value pairs. It is the fallback for bodies that
// are neither valid JSON nor a form.
func MaskText(s string) string {
	s = looseJSON.ReplaceAllStringFunc(s, func(m string) string {
		sub := looseJSON.FindStringSubmatch(m)
		if !secrets.Field(sub[1]) {
			return m
		}
		return `"` + sub[1] + `": "` + Mask(sub[2]) + `"`
	})
	return looseForm.ReplaceAllStringFunc(s, func(m string) string {
		sub := looseForm.FindStringSubmatch(m)
		if !secrets.Field(sub[1]) {
			return m
		}
		return sub[1] + "=" + Mask(sub[2])
	})
}
