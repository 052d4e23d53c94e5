package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/theme"
)

// The host line names where the browser really goes: after the userinfo,
// and in punycode when letters are not ASCII.
func TestURLLinesRealHost(t *testing.T) {
	t.Parallel()
	st := theme.Plain()
	tests := []struct {
		url  string
		want []string
	}{
		{"https://good.com@evil.com/login", []string{"Host evil.com", `"good.com@" before it is not the host`}},
		{"https://good.co@good.com/", []string{"Host good.com", `"good.co@" before it is not the host`}},
		{"https://g\u043e\u043egle.com/", []string{"Host xn--ggle-55da.com", "written g\u043e\u043egle.com: not all of it is ASCII"}},
	}
	for _, tt := range tests {
		out := ansi.Strip(strings.Join(URLLines(st, URLAsk{Message: "m", URL: tt.url, Question: "q"}, 80), "\n"))
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("URLLines(%q) lacks %q:\n%s", tt.url, w, out)
			}
		}
	}
	_, before, _, _ := splitHost("https://good.co@good.com/")
	if before != "https://good.co@" {
		t.Errorf("splitHost picked the userinfo's text as the host: before = %q", before)
	}
}
