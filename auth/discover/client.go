package discover

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/redirect"
)

// MaxDocument bounds a metadata document: discovery reads at most this
// many bytes of an answer and fails on a longer one, so a hostile server
// cannot make it buffer without end. A deadline is the caller's, on ctx.
const MaxDocument = 1 << 20

// maxRedirects bounds the redirects one fetch follows.
const maxRedirects = 5

// ErrNotFound marks discovery that found no document at any of the URLs
// it tried (each answered something other than 200 OK). Discover falls
// back to the 2025-03-26 rules on it; callers branch on it with errors.Is.
var ErrNotFound = errors.New("no metadata found")

// Client fetches discovery documents. Its zero value is ready to use.
// Every request goes through a step.Recorder, so each URL tried is a
// step.Info event with its masked exchange, and each method also emits
// its step's Started event and then Done or Failed.
type Client struct {
	// Base carries the requests; nil means http.DefaultTransport.
	Base http.RoundTripper
	// Observe is told every event; nil ignores them.
	Observe step.Observer
	// FollowRedirects follows a redirect to another origin, without
	// credentials or Referer (--follow-redirects); without it such a
	// redirect fails the fetch with a *redirect.Error.
	FollowRedirects bool
}

// document is one answer to a GET.
type document struct {
	url      string
	status   int
	body     []byte
	exchange *step.Exchange
}

// get fetches rawURL as part of step n. A transport failure, a refused
// URL or an oversized body is an error; any status is not.
func (c *Client) get(ctx context.Context, n step.Name, rawURL string) (*document, error) {
	if err := CheckURL(rawURL); err != nil {
		return nil, err
	}
	policy := redirect.Policy{Follow: c.FollowRedirects, Report: func(h redirect.Hop) { c.note(n, nil, h.String()) }}
	hc := &http.Client{
		Transport: &step.Recorder{Base: c.Base, Observe: c.Observe},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= maxRedirects {
				return fmt.Errorf("more than %d redirects", maxRedirects)
			}
			if err := CheckURL(req.URL.String()); err != nil {
				return err
			}
			return policy.Check(req, via)
		},
	}
	req, err := http.NewRequestWithContext(step.In(ctx, n), http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, fmt.Errorf("request %s: %w", step.MaskURL(rawURL), err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		ex := step.ExchangeOf(nil, err)
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return &document{url: rawURL, exchange: ex}, fmt.Errorf("GET %s: %w", step.MaskURL(rawURL), err)
	}
	defer resp.Body.Close()
	d := &document{url: rawURL, status: resp.StatusCode, exchange: step.ExchangeOf(resp, nil)}
	d.body, err = io.ReadAll(io.LimitReader(resp.Body, MaxDocument+1))
	if err != nil {
		return d, fmt.Errorf("read %s: %w", step.MaskURL(rawURL), err)
	}
	if len(d.body) > MaxDocument {
		return d, fmt.Errorf("%s: the document is larger than %d bytes", step.MaskURL(rawURL), MaxDocument)
	}
	return d, nil
}

// stepError builds the *step.Error a failed step returns.
func stepError(n step.Name, d *document, hint string, err error) *step.Error {
	e := &step.Error{Step: n, Err: err, Hint: hint}
	if d != nil {
		e.Exchange = d.exchange
	}
	return e
}

// start, note and finish emit a step's events.
func (c *Client) start(n step.Name, summary string) {
	c.Observe.Emit(step.Event{Step: n, State: step.Started, Summary: summary})
}

func (c *Client) note(n step.Name, d *document, summary string) {
	e := step.Event{Step: n, State: step.Info, Summary: summary}
	if d != nil {
		e.Exchange = d.exchange
	}
	c.Observe.Emit(e)
}

func (c *Client) finish(n step.Name, summary string, err error) {
	if err != nil {
		var se *step.Error
		ev := step.Event{Step: n, State: step.Failed, Summary: err.Error(), Err: err}
		if errors.As(err, &se) {
			ev.Exchange = se.Exchange
		}
		c.Observe.Emit(ev)
		return
	}
	c.Observe.Emit(step.Event{Step: n, State: step.Done, Summary: summary})
}
