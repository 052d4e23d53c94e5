package weburl

import (
	"errors"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	t.Parallel()
	tests := []struct {
		raw             string
		host, uni, user string
		refused         string
	}{
		{raw: "https://example.com/path?q=1", host: "example.com"},
		{raw: "HTTP://Example.COM.:8080/", host: "example.com:8080"},
		{raw: "https://good.com@evil.com/login", host: "evil.com", user: "good.com"},
		{raw: "https://user:pw@evil.com", host: "evil.com", user: "user:pw"},
		{raw: "https://bücher.de/", host: "xn--bcher-kva.de", uni: "bücher.de"},
		{raw: "https://g\u043e\u043egle.com/", host: "xn--ggle-55da.com", uni: "g\u043e\u043egle.com"},
		{raw: "https://ex%61mple.com/", refused: "does not parse"},
		{raw: "javascript:alert(1)", refused: `scheme is "javascript"`},
		{raw: "JavaScript:alert(1)//https://good.com", refused: `scheme is "javascript"`},
		{raw: "file:///etc/passwd", refused: `scheme is "file"`},
		{raw: "data:text/html,<script>x</script>", refused: `scheme is "data"`},
		{raw: "https:///nohost", refused: "no host"},
		{raw: "//example.com/x", refused: "no scheme"},
		{raw: "https://evil.com\\@good.com", refused: "does not parse"},
		{raw: "https://a b.com", refused: "does not parse"},
	}
	for _, tt := range tests {
		got, err := Check(tt.raw)
		if tt.refused != "" {
			if !errors.Is(err, ErrNotWeb) || !strings.Contains(err.Error(), tt.refused) {
				t.Errorf("Check(%q) = %+v, %v; want refused: %s", tt.raw, got, err, tt.refused)
			}
			continue
		}
		if err != nil || got.Host != tt.host || got.Unicode != tt.uni || got.Userinfo != tt.user {
			t.Errorf("Check(%q) = %+v, %v; want host %q, unicode %q, userinfo %q", tt.raw, got, err, tt.host, tt.uni, tt.user)
		}
	}
}

// RFC 3492's sample strings and well-known names.
func TestPunycode(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"bücher":    "bcher-kva",
		"münchen":   "mnchen-3ya",
		"例え":        "r8jz45g",
		"ü":         "tda",
		"他们为什么不说中文": "ihqwcrb4cv8a8dqg056pqjye",
	} {
		if got := punycode(in); got != want {
			t.Errorf("punycode(%q) = %q, want %q", in, got, want)
		}
	}
}
