package main

import (
	"errors"
	"net/url"

	"github.com/toolbench/toolbench/redirect"
)

// redirectHint says what to do about a redirect toolbench would not
// follow to another origin, or returns "" when err holds none. It takes
// the place of any other hint: the request never reached the new origin,
// so nothing else is known about it.
func redirectHint(err error) string {
	var re *redirect.Error
	if !errors.As(err, &re) {
		return ""
	}
	if re.BodyCredentials {
		return "a token request's body is a credential, so toolbench never follows its redirect to another origin, " +
			"--follow-redirects or not; the authorization server's metadata must name the endpoint where it answers"
	}
	return "toolbench sends nothing to another origin than the one you named; if you trust " + originOf(re.To) +
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
