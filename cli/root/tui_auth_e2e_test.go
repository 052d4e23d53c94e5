package root

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/fixture/oauth"
)

// A person connects the workbench to a protected server and nobody's
// browser opens (--browser none): the auth screen shows the URL, they
// approve it elsewhere (here an HTTP client stands in for their browser)
// and paste the redirect, and the workbench connects and lists the tools.
func TestTUIAuthPastedRedirect(t *testing.T) {
	t.Parallel()
	srv := oauth.Start(t)
	s := startTmux(t, 120, 36, toolbenchBinary(t), "connect", "--browser", "none", srv.URL())
	scr := s.waitFor(e2eWait, "Authorize in the browser", "Host ")
	redirect := approve(t, authURLOn(t, scr))
	s.keys("p")
	s.waitFor(e2eWait, "esc stops pasting")
	s.text(redirect)
	s.keys("Enter")
	// Nothing is left for the person to do: the workbench comes back.
	s.waitFor(e2eWait, "● ready", "whoami", "auth: authorized")
}

// With --browser fetch the workbench logs in by itself, and its auth
// screen, a key away, shows every step of the flow done.
func TestTUIAuthFetched(t *testing.T) {
	t.Parallel()
	srv := oauth.Start(t)
	s := startTmux(t, 120, 36, toolbenchBinary(t), "connect", "--browser", "fetch", srv.URL())
	s.waitFor(e2eWait, "● ready", "whoami")
	s.keys("M-a")
	s.waitFor(e2eWait, "✓ challenge", "✓ resource metadata", "✓ authorization server metadata", "✓ registration",
		"✓ callback", "✓ token", "✓ retry")
}

// authURLOn reads the authorization URL off the auth screen, where it is
// wrapped across the lines between its heading and its host.
func authURLOn(t *testing.T, screen string) string {
	t.Helper()
	_, after, ok := strings.Cut(screen, "Authorize in the browser\n")
	url, _, found := strings.Cut(after, "\nHost ")
	if !ok || !found {
		t.Fatalf("no authorization URL on the screen:\n%s", screen)
	}
	return strings.ReplaceAll(url, "\n", "")
}

// approve does what a person's browser does at an authorization server
// that approves at once: it follows authURL and returns the redirect it is
// sent to, without going there.
func approve(t *testing.T, authURL string) string {
	t.Helper()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusFound || loc == "" {
		t.Fatal(errors.New("the authorization server did not redirect: HTTP " + resp.Status + " for " + authURL))
	}
	return loc
}
