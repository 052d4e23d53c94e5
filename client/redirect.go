package client

import (
	"net/http"
	"time"

	"github.com/toolbench/toolbench/redirect"
)

// redirectPolicy is how the session's HTTP requests follow redirects
// (package redirect): the person's -H headers and secrets stay at the
// origin they were given for, a redirect elsewhere is refused unless the
// target says --follow-redirects, and each one followed is reported on the
// -v channel and as a diagnostic event, its URLs masked.
func (s *Session) redirectPolicy() redirect.Policy {
	p := redirect.Policy{Follow: s.target.FollowRedirects, Report: func(h redirect.Hop) {
		s.logf("%s", h)
		// The workbench has no -v: its log shows the diagnostic.
		s.emit(DiagnosticEvent{At: time.Now(), Level: "INFO", Message: h.String()})
	}}
	for name := range s.target.Header {
		p.Headers = append(p.Headers, name)
	}
	for _, secret := range s.target.Secrets().All() {
		p.Secrets = append(p.Secrets, secret.Value)
	}
	return p
}

// client is an http.Client over rt that follows redirects by the probe's
// policy; a zero timeout leaves the requests to their contexts.
func (p *httpProbe) client(rt http.RoundTripper, timeout time.Duration) *http.Client {
	return &http.Client{Transport: rt, Timeout: timeout, CheckRedirect: p.redirects.Check}
}
