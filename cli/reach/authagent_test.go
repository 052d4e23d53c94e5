package reach

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/internal/testkit"
)

// TestCLIAgentVisit: the agent prints the authorization URL made safe for
// the terminal and hands the exact URL to the browser as its one
// argument; without a browser, or when it fails, it says to open the URL
// by hand; a URL that is not http(s) is neither printed raw nor opened.
func TestCLIAgentVisit(t *testing.T) {
	t.Parallel()
	const authURL = "https://as.example/authorize?client_id=app&state=s1"
	tests := []struct {
		name    string
		url     string
		openErr error
		noOpen  bool
		wantErr string
		err     []string
		opened  bool
	}{
		{"opens", authURL, nil, false, "", []string{"toolbench: open this URL to authorize: " + authURL + "\n"}, true},
		{"no browser", authURL, nil, true, "", []string{"open this URL to authorize: " + authURL, "no browser to open it with (xdg-open or open); open it yourself"}, false},
		{"browser fails", authURL, errors.New("exec: boom"), false, "", []string{"could not start a browser (exec: boom); open the URL yourself"}, true},
		{"bidi control", "https://as.example/a?x=\u202eevil", nil, false, "", []string{`open this URL to authorize: https://as.example/a?x=\u202eevil`}, true},
		{"escape sequences", "https://as.example/a?x=\x1b]52;c;evil\x07", nil, false, `"https://as.example/a?x=\\e]52;c;evil\\x07" is not an http(s) URL`, nil, false},
		{"not http", "javascript:alert(1)", nil, false, "is not an http(s) URL; toolbench does not open it", nil, false},
		{"file", "file:///etc/passwd", nil, false, "is not an http(s) URL", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var errOut testkit.Buffer
			var opened []string
			open := func(u string) error { opened = append(opened, u); return tt.openErr }
			if tt.noOpen {
				open = nil
			}
			a := newCLIAgent(&iostreams.Streams{In: strings.NewReader(""), Err: &errOut}, browserOpen, open)
			err := a.Visit(context.Background(), tt.url)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || strings.ContainsRune(err.Error(), '\x1b') || len(opened) > 0 || errOut.String() != "" {
					t.Errorf("got %v, opened %q, stderr %q", err, opened, errOut.String())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.err {
				if !strings.Contains(errOut.String(), w) {
					t.Errorf("stderr %q lacks %q", errOut.String(), w)
				}
			}
			if strings.ContainsAny(errOut.String(), "\x1b\u202e") || (len(opened) == 1) != tt.opened || tt.opened && opened[0] != tt.url {
				t.Errorf("stderr %q, opened %q", errOut.String(), opened)
			}
			if a.Pasted() != nil {
				t.Error("--browser open offers no paste")
			}
		})
	}
}

// TestCLIAgentPaste: with --browser none the agent opens nothing, asks for
// the redirect, and delivers the first line of stdin through Pasted.
func TestCLIAgentPaste(t *testing.T) {
	t.Parallel()
	var errOut testkit.Buffer
	opened := false
	a := newCLIAgent(&iostreams.Streams{In: strings.NewReader("  http://127.0.0.1:9/callback?code=c1&state=s1 \nmore\n"), Err: &errOut}, browserNone,
		func(string) error { opened = true; return nil })
	if err := a.Visit(context.Background(), "https://as.example/authorize"); err != nil {
		t.Fatal(err)
	}
	select {
	case got := <-a.Pasted():
		if got != "http://127.0.0.1:9/callback?code=c1&state=s1" {
			t.Errorf("pasted %q", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("nothing pasted")
	}
	if opened || !strings.Contains(errOut.String(), "paste here the URL your browser is sent to at the end (or the code it shows)") {
		t.Errorf("opened %v, stderr %q", opened, errOut.String())
	}
}

// TestAuthObserver: with -v every event is one line; without it only
// failures, and the URL to open when the agent does not print it itself;
// a line just like the one before is not repeated.
func TestAuthObserver(t *testing.T) {
	t.Parallel()
	events := []step.Event{
		{Step: step.ResourceMetadata, State: step.Done, Summary: "GET https://h.example/.well-known/oauth-protected-resource: 200"},
		{Step: step.Registration, State: step.Skipped},
		{Step: step.Browser, State: step.Started, Summary: "open https://as.example/authorize", URL: "https://as.example/authorize?x=1"},
		{Step: step.Token, State: step.Failed, Summary: "POST https://as.example/token: 400", Err: errors.New("invalid_grant\x1b[2J")},
		{Step: step.Token, State: step.Failed, Summary: "POST https://as.example/token: 400", Err: errors.New("invalid_grant\x1b[2J")},
		{Step: step.Refresh, State: step.Failed, Err: &step.Error{Step: step.Refresh, Err: errors.New("invalid_grant")}},
	}
	tests := []struct {
		name             string
		verbose, agentIt bool
		want             []string
	}{
		{"verbose", true, true, []string{
			"toolbench: auth: resource metadata: GET https://h.example/.well-known/oauth-protected-resource: 200",
			"toolbench: auth: registration skipped",
			"toolbench: auth: browser: open https://as.example/authorize?x=1",
			`toolbench: auth: token failed: POST https://as.example/token: 400: invalid_grant\e[2J`,
			"toolbench: auth: refresh failed: invalid_grant"}},
		{"quiet, the agent prints the URL", false, true, []string{`toolbench: auth: token failed: POST https://as.example/token: 400: invalid_grant\e[2J`,
			"toolbench: auth: refresh failed: invalid_grant"}},
		{"quiet, nobody shows the URL", false, false, []string{
			"toolbench: auth: browser: open https://as.example/authorize?x=1",
			`toolbench: auth: token failed: POST https://as.example/token: 400: invalid_grant\e[2J`,
			"toolbench: auth: refresh failed: invalid_grant"}},
	}
	for _, tt := range tests {
		var out testkit.Buffer
		obs := AuthObserver(&out, tt.verbose, tt.agentIt)
		for _, e := range events {
			obs.Emit(e)
		}
		if got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"); strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s:\n%s\nwant\n%s", tt.name, out.String(), strings.Join(tt.want, "\n"))
		}
	}
}
