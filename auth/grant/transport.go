package grant

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/toolbench/toolbench/auth/discover"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/target/secrets"
)

// tokenTransport adds to every token request what x/oauth2 has no hook
// for: the resource parameter (RFC 8707), which its refresh cannot carry,
// and for private_key_jwt a client assertion signed for that very
// request. It also keeps the last exchange's outline as evidence.
type tokenTransport struct {
	base     http.RoundTripper
	server   discover.Server
	client   Client
	method   string
	resource string
	last     *step.Exchange
	// learn is told each client assertion signed; nil ignores them.
	learn *secrets.Set
}

// RoundTrip implements http.RoundTripper on a copy of req, as the
// interface requires.
func (t *tokenTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	form, err := readForm(req)
	if err != nil {
		return nil, err
	}
	if t.resource != "" {
		form.Set("resource", t.resource)
	}
	if t.method == MethodPrivateJWT {
		a, err := signAssertion(t.server, t.client, time.Now())
		if err != nil {
			return nil, err
		}
		t.learn.Add("CLIENT_ASSERTION", a)
		form.Set("client_assertion_type", AssertionType)
		form.Set("client_assertion", a)
	}
	body := form.Encode()
	out := req.Clone(req.Context())
	out.Body = io.NopCloser(strings.NewReader(body))
	out.ContentLength = int64(len(body))
	out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(body)), nil }
	t.last = &step.Exchange{Method: out.Method, URL: out.URL.String(), RequestBody: maskForm(form)}
	start := time.Now()
	resp, err := t.base.RoundTrip(out)
	t.last.Took = time.Since(start)
	if err != nil {
		t.last.Err = err.Error()
		return nil, err
	}
	t.last.Status = resp.StatusCode
	t.last.ResponseHeader = resp.Header.Clone()
	return resp, nil
}

func readForm(req *http.Request) (url.Values, error) {
	if req.Body == nil {
		return url.Values{}, nil
	}
	defer req.Body.Close()
	raw, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, fmt.Errorf("read token request: %w", err)
	}
	form, err := url.ParseQuery(string(bytes.TrimSpace(raw)))
	if err != nil {
		return nil, fmt.Errorf("parse token request: %w", err)
	}
	return form, nil
}

// maskForm writes the form as sent, sorted, with every secret masked
// (left unescaped so a person reads "••••" and not its percent-encoding).
func maskForm(form url.Values) string {
	keys := slices.Sorted(maps.Keys(form))
	var b strings.Builder
	for _, k := range keys {
		for _, v := range form[k] {
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(url.QueryEscape(k) + "=")
			if secrets.Field(k) {
				b.WriteString(step.Mask(v))
			} else {
				b.WriteString(url.QueryEscape(v))
			}
		}
	}
	return b.String()
}

// tokenHTTP returns a client like hc whose transport is t over hc's.
func tokenHTTP(hc *http.Client, t *tokenTransport) *http.Client {
	if hc == nil {
		hc = http.DefaultClient
	}
	t.base = hc.Transport
	if t.base == nil {
		t.base = http.DefaultTransport
	}
	c := *hc
	c.Transport = t
	return &c
}
