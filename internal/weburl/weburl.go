// Package weburl judges a URL a server asks a person to open (a URL-mode
// elicitation): only a web page, http or https, is ever opened or
// accepted, and the host the browser will really reach is what the person
// is shown. The workbench's URL modal and the CLI's --elicit policy both
// ask it, so the two cannot disagree.
package weburl

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// ErrNotWeb is what Check's refusals wrap.
var ErrNotWeb = errors.New("not an http(s) URL")

// Target is the page a URL leads to, as the person must judge it.
type Target struct {
	// Host is where the browser goes, in ASCII: lower case, an
	// internationalised name in punycode (xn--…), so that a Cyrillic "о"
	// in "gооgle.com" shows. The port follows when the URL names one.
	Host string
	// Unicode is the host as written when that differs from Host (an
	// internationalised name); "" otherwise.
	Unicode string
	// Userinfo is what stands before an @ in the authority:
	// https://good.com@evil.com goes to evil.com, and a person reading
	// from the left sees good.com. "" when there is none.
	Userinfo string
}

// Check parses raw and returns where it leads, or an error wrapping
// ErrNotWeb that says why it must not be opened: another scheme
// (javascript:, file:, data: run code, read local files or carry a page of
// the server's own making), no host, or text that does not parse.
func Check(raw string) (Target, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return Target{}, fmt.Errorf("%w: it does not parse (%v)", ErrNotWeb, unwrapURLError(err))
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		if scheme == "" {
			return Target{}, fmt.Errorf("%w: it has no scheme", ErrNotWeb)
		}
		return Target{}, fmt.Errorf("%w: its scheme is %q", ErrNotWeb, scheme)
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if host == "" {
		return Target{}, fmt.Errorf("%w: it names no host", ErrNotWeb)
	}
	t := Target{Host: host}
	if ascii := toASCII(host); ascii != host {
		t.Host, t.Unicode = ascii, host
	}
	if p := u.Port(); p != "" {
		t.Host += ":" + p
	}
	if u.User != nil {
		t.Userinfo = u.User.String()
	}
	return t, nil
}

// unwrapURLError drops url.Error's repetition of the whole URL.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// toASCII spells each label of host that is not ASCII in punycode, with
// the xn-- prefix, as a browser resolves it. (It does not apply the full
// IDNA mapping: the point is to show which letters are not ASCII.)
func toASCII(host string) string {
	labels := strings.Split(host, ".")
	for i, l := range labels {
		if !isASCII(l) {
			labels[i] = "xn--" + punycode(l)
		}
	}
	return strings.Join(labels, ".")
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
