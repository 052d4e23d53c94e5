package grant

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
)

// maxFetchRedirects bounds the redirects FetchAgent follows, as a browser
// bounds them.
const maxFetchRedirects = 10

// FetchAgent follows the authorization URL itself, redirects and all,
// until the authorization server sends it to the loopback redirect: for
// test authorization servers that approve without a person
// (`--browser fetch`). Nobody can paste.
type FetchAgent struct {
	// HTTP makes the requests; nil means http.DefaultClient's transport.
	HTTP *http.Client
}

// Visit implements Agent. It returns once the loopback has answered the
// redirect, or with an error naming where the chain stopped instead.
func (a FetchAgent) Visit(ctx context.Context, authURL string) error {
	u, err := url.Parse(authURL)
	if err != nil {
		return fmt.Errorf("fetch the authorization URL: %w", err)
	}
	redirect, err := url.Parse(u.Query().Get("redirect_uri"))
	if err != nil || redirect.Host == "" {
		return errors.New("fetch the authorization URL: it has no redirect_uri to reach")
	}
	hc := http.Client{Transport: http.DefaultTransport, CheckRedirect: checkRedirect}
	if a.HTTP != nil {
		hc.Transport, hc.Jar = a.HTTP.Transport, a.HTTP.Jar
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, authURL, nil)
	if err != nil {
		return fmt.Errorf("fetch the authorization URL: %w", err)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return fmt.Errorf("fetch the authorization URL: %w", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	end := resp.Request.URL
	if end.Scheme != redirect.Scheme || end.Host != redirect.Host || end.Path != redirect.Path {
		return &FetchError{Status: resp.StatusCode, URL: end.Redacted()}
	}
	return nil
}

// Pasted implements Agent: nothing is ever pasted.
func (a FetchAgent) Pasted() <-chan string { return nil }

// FetchError says FetchAgent's chain of redirects ended somewhere other
// than the loopback redirect: the server wants a person (a login page),
// or failed.
type FetchError struct {
	// Status is the last answer's status; URL is where it came from.
	Status int
	URL    string
}

// Error names where the chain stopped.
func (e *FetchError) Error() string {
	return fmt.Sprintf("the authorization server answered HTTP %d at %s instead of redirecting to the loopback (--browser fetch works only with servers that approve without a person)", e.Status, e.URL)
}

func checkRedirect(_ *http.Request, via []*http.Request) error {
	if len(via) >= maxFetchRedirects {
		return fmt.Errorf("stopped after %d redirects", maxFetchRedirects)
	}
	return nil
}
