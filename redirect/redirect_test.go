package redirect_test

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/redirect"
)

// hop builds the request net/http would send next after first answered
// with status and Location to, with the headers it copies.
func hop(t *testing.T, first, to string, status int, header http.Header) (*http.Request, []*http.Request) {
	t.Helper()
	ireq, err := http.NewRequest(http.MethodGet, first, nil)
	if err != nil {
		t.Fatal(err)
	}
	u, err := ireq.URL.Parse(to)
	if err != nil {
		t.Fatal(err)
	}
	next := &http.Request{Method: http.MethodGet, URL: u, Header: header.Clone(),
		Response: &http.Response{StatusCode: status}}
	return next, []*http.Request{ireq}
}

func TestSameOrigin(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"http://127.0.0.1:8080/mcp", "http://127.0.0.1:8080/other?x=1", true},
		{"http://127.0.0.1/mcp", "http://127.0.0.1:80/mcp", true},
		{"https://LOCALHOST/mcp", "https://localhost:443/", true},
		{"http://127.0.0.1:8080/mcp", "http://127.0.0.1:8081/mcp", false},
		{"http://127.0.0.1/mcp", "https://127.0.0.1/mcp", false},
		{"http://127.0.0.1:443/mcp", "https://127.0.0.1/mcp", false},
		{"http://127.0.0.1:8080/mcp", "http://localhost:8080/mcp", false},
	} {
		a, _ := url.Parse(tc.a)
		b, _ := url.Parse(tc.b)
		if got := redirect.SameOrigin(a, b); got != tc.same {
			t.Errorf("SameOrigin(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.same)
		}
	}
}

// Another scheme, host or port is refused, and the error names both URLs
// with their secrets masked.
func TestCheckRefusesAnotherOrigin(t *testing.T) {
	t.Parallel()
	for _, to := range []string{
		"http://127.0.0.1:9000/mcp?api_key=s3cret-value",
		"https://127.0.0.1:8080/mcp?api_key=s3cret-value",
		"http://localhost:8080/mcp?api_key=s3cret-value",
	} {
		req, via := hop(t, "http://127.0.0.1:8080/mcp?api_key=s3cret-value", to, http.StatusTemporaryRedirect, nil)
		err := redirect.Policy{}.Check(req, via)
		var re *redirect.Error
		if !errors.As(err, &re) {
			t.Fatalf("redirect to %s: got %v, want a *redirect.Error", to, err)
		}
		wantTo := strings.Replace(to, "s3cret-value", "***", 1)
		if re.From != "http://127.0.0.1:8080/mcp?api_key=***" || re.To != wantTo || re.Status != 307 || !re.Final() {
			t.Errorf("redirect to %s: error %+v", to, re)
		}
		if strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), wantTo) {
			t.Errorf("error %q: want both URLs, masked", err)
		}
	}
}

// Followed to another origin, a hop carries no credential: not the
// person's headers, not Authorization, Cookie or Referer, no userinfo and
// no query parameter holding a secret of theirs; what the server chose
// for the new origin stays.
func TestCheckStripsCredentials(t *testing.T) {
	t.Parallel()
	header := http.Header{"Authorization": {"Bearer tok"}, "Cookie": {"a=b"}, "Proxy-Authorization": {"Basic x"},
		"X-Api-Key": {"k"}, "Referer": {"http://127.0.0.1:8080/mcp?api_key=s3cret-value"},
		"Accept": {"application/json"}, "Mcp-Protocol-Version": {"2025-11-25"}}
	req, via := hop(t, "http://127.0.0.1:8080/mcp", "http://user:pw@127.0.0.1:9000/mcp?api_key=s3cret-value&sessionId=abc",
		http.StatusPermanentRedirect, header)
	var hops []redirect.Hop
	p := redirect.Policy{Follow: true, Headers: []string{"X-Api-Key"}, Secrets: []string{"s3cret-value"},
		Report: func(h redirect.Hop) { hops = append(hops, h) }}
	if err := p.Check(req, via); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Authorization", "Cookie", "Proxy-Authorization", "X-Api-Key", "Referer"} {
		if v := req.Header.Get(name); v != "" {
			t.Errorf("%s: %s went to another origin", name, v)
		}
	}
	if req.Header.Get("Accept") == "" || req.Header.Get("Mcp-Protocol-Version") == "" {
		t.Errorf("protocol headers were dropped: %v", req.Header)
	}
	if got := req.URL.String(); got != "http://127.0.0.1:9000/mcp?sessionId=abc" {
		t.Errorf("hop URL = %s, want no userinfo and no api_key", got)
	}
	if len(hops) != 1 || !hops[0].CrossOrigin || !strings.HasPrefix(hops[0].String(), "redirected to another origin, without credentials: http://127.0.0.1:8080/mcp -> ") {
		t.Errorf("reported %v", hops)
	}
}

// Within the origin, a hop keeps the person's headers and is reported;
// net/http's Referer is dropped, the person's own -H Referer kept.
func TestCheckSameOrigin(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name        string
		personal    []string
		wantReferer string
	}{
		{"net/http's referer", nil, ""},
		{"the person's referer", []string{"Referer"}, "http://127.0.0.1:8080/from"},
	} {
		header := http.Header{"X-Api-Key": {"k"}, "Referer": {"http://127.0.0.1:8080/from"}}
		req, via := hop(t, "http://127.0.0.1:8080/old?token=s3cret-value", "/mcp?token=s3cret-value", http.StatusTemporaryRedirect, header)
		var hops []redirect.Hop
		p := redirect.Policy{Headers: append([]string{"X-Api-Key"}, tc.personal...), Report: func(h redirect.Hop) { hops = append(hops, h) }}
		if err := p.Check(req, via); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if req.Header.Get("X-Api-Key") != "k" || req.Header.Get("Referer") != tc.wantReferer {
			t.Errorf("%s: headers %v", tc.name, req.Header)
		}
		want := "redirected: http://127.0.0.1:8080/old?token=*** -> http://127.0.0.1:8080/mcp?token=*** (307)"
		if len(hops) != 1 || hops[0].String() != want {
			t.Errorf("%s: reported %v, want %q", tc.name, hops, want)
		}
	}
}

// A request whose body is a credential never goes to another origin,
// --follow-redirects or not.
func TestCheckBodyCredentials(t *testing.T) {
	t.Parallel()
	req, via := hop(t, "http://127.0.0.1:8080/token", "http://127.0.0.1:9000/token", http.StatusTemporaryRedirect, nil)
	var re *redirect.Error
	if err := (redirect.Policy{Follow: true, BodyCredentials: true}).Check(req, via); !errors.As(err, &re) || !re.BodyCredentials {
		t.Fatalf("got %v, want a *redirect.Error with BodyCredentials", err)
	}
	req, via = hop(t, "http://127.0.0.1:8080/token", "/token2", http.StatusTemporaryRedirect, nil)
	if err := (redirect.Policy{BodyCredentials: true}).Check(req, via); err != nil {
		t.Fatalf("same origin: %v", err)
	}
}

func TestCheckBoundsHops(t *testing.T) {
	t.Parallel()
	req, via := hop(t, "http://127.0.0.1:8080/a", "/b", http.StatusFound, nil)
	for len(via) < redirect.MaxHops {
		via = append(via, via[0])
	}
	if err := (redirect.Policy{}).Check(req, via); err == nil {
		t.Fatalf("hop %d was followed", len(via)+1)
	}
}
