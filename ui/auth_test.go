package ui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/auth/step"
)

// TestAuthScreenWalksTheSteps: steps reported before the program runs
// are kept; the screen opens by itself as the login goes past the
// challenge, lists every step with its mark, follows the newest, and
// shows the URL to authorize at with its host picked out.
func TestAuthScreenWalksTheSteps(t *testing.T) {
	t.Parallel()
	bridge := NewAuthBridge("none")
	events := loginUpToBrowser()
	bridge.Observe(events[0])
	bridge.Observe(events[1])
	h := authHarness(t, bridge, &fakeBrowser{})
	feedFlow(h, events[2:])
	if !h.m.authOnTop() {
		t.Fatalf("the auth screen did not open:\n%s", h.view())
	}
	mustShow(t, h.view(), "flow 1 of 1 · waiting for the browser's redirect",
		"✓ challenge", "✓ resource metadata", "✓ authorization server metadata", "– registration", "✓ browser",
		"Host auth.example.com", "not opened (--browser none): open it yourself", "p pastes the redirect URL",
		"── browser: done in 10ms", "auth: waiting for the browser's redirect")
	h.key("up", "up")
	mustShow(t, h.view(), "── authorization server metadata: done in 20ms", "· GET https://auth.example.com/.well-known/oauth-authorization-server/mcp: 404",
		"→ GET https://auth.example.com/.well-known/oauth-authorization-server", "Accept: application/json", "← 200 in 9ms",
		`"token_endpoint": "https://auth.example.com/token"`)
	// The person moved: a new step leaves the selection where it is.
	feedFlow(h, loginFinish()[:2])
	mustShow(t, h.view(), "── authorization server metadata", "✓ callback")
	feedFlow(h, loginFinish()[2:])
	mustShow(t, h.view(), "flow 1 of 1 · authorized: the request went again", "✓ token", "✓ retry")
	if strings.Contains(h.view(), "Authorize in the browser") {
		t.Errorf("the finished flow still asks the person to authorize:\n%s", h.view())
	}
}

// TestAuthPasteReachesTheFlow: with the browser "none", p opens the paste
// field, enter sends what was typed to the agent's Pasted channel, and a
// bracketed paste opens the field by itself.
func TestAuthPasteReachesTheFlow(t *testing.T) {
	t.Parallel()
	bridge := NewAuthBridge("none")
	h := authHarness(t, bridge, &fakeBrowser{})
	agent := bridge.Agent()
	feedFlow(h, loginUpToBrowser())
	if err := agent.Visit(context.Background(), testAuthURL); err != nil {
		t.Fatal(err)
	}
	h.settle()
	// Only a paste opens the field: the terminal's focus report (or a
	// blink) before p must not, or p would be typed into it.
	h.update(tea.FocusMsg{})
	if h.m.authScreen().Typing() {
		t.Fatal("a message that is no paste opened the paste field")
	}
	const redirect = "http://127.0.0.1:53682/callback?code=c0de&state=st4te"
	h.key("p")
	h.typeText(redirect)
	mustShow(t, h.view(), "paste: "+redirect, "enter sends it to the flow")
	h.key("enter")
	select {
	case got := <-agent.Pasted():
		if got != redirect {
			t.Errorf("the flow got %q, want %q", got, redirect)
		}
	default:
		t.Fatalf("enter sent nothing to the flow:\n%s", h.view())
	}
	h.update(tea.PasteMsg{Content: "c0de-2"})
	if !h.m.authScreen().Typing() || !strings.Contains(h.view(), "paste: c0de-2") {
		t.Fatalf("a bracketed paste did not go into the field:\n%s", h.view())
	}
	h.key("enter")
	if got := <-agent.Pasted(); got != "c0de-2" {
		t.Errorf("the flow got %q", got)
	}
}

// TestAuthOpensTheBrowser: with the browser "open", Visit shows the URL
// and the screen opens it; when the browser fails the person is offered
// the paste field instead.
func TestAuthOpensTheBrowser(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		browser Browser
		want    string
	}{
		{"opens", &fakeBrowser{}, "opened it with fake-open"},
		{"fails", noBrowser{}, "not opened: could not open it: no browser"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			bridge := NewAuthBridge("open")
			h := authHarness(t, bridge, tt.browser)
			feedFlow(h, loginUpToBrowser()[:9])
			if err := bridge.Agent().Visit(context.Background(), testAuthURL); err != nil {
				t.Fatal(err)
			}
			h.settle()
			mustShow(t, h.view(), tt.want, "p pastes the redirect URL")
			if b, ok := tt.browser.(*fakeBrowser); ok {
				if got := b.urls(); len(got) != 1 || got[0] != testAuthURL {
					t.Errorf("the browser opened %q", got)
				}
			}
		})
	}
}

// TestAuthFetchFollowsItself: with the browser "fetch" the agent is
// grant.FetchAgent behind the screen: nobody pastes, and the screen says
// toolbench follows the URL.
func TestAuthFetchFollowsItself(t *testing.T) {
	t.Parallel()
	bridge := NewAuthBridge("fetch")
	h := authHarness(t, bridge, &fakeBrowser{})
	agent := bridge.Agent()
	if agent.Pasted() != nil {
		t.Error("the fetch agent offers a paste channel")
	}
	feedFlow(h, loginUpToBrowser())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// FetchAgent cannot reach an authorization server on a cancelled
	// context; what matters here is that the URL reached the screen.
	_ = agent.Visit(ctx, "http://127.0.0.1:1/authorize")
	h.settle()
	mustShow(t, h.view(), "toolbench follows it itself (--browser fetch)", "Host 127.0.0.1:1")
	if strings.Contains(h.view(), "pastes") {
		t.Errorf("the fetch flow offers a paste:\n%s", h.view())
	}
}

// TestAuthFailedFlowVerdict: a failed step is selected, its verdict says
// which step broke, why and what to do, the header and the status line
// say so, and esc closes the screen while the verdict stays in the header.
func TestAuthFailedFlowVerdict(t *testing.T) {
	t.Parallel()
	h := authHarness(t, NewAuthBridge("none"), &fakeBrowser{})
	feedFlow(h, append(loginUpToBrowser(), issMismatch()...))
	mustShow(t, h.view(), "flow 1 of 1 · failed at the callback step", "✗ callback", "── callback: failed in 100ms",
		"✗ authorization failed at callback:", `the redirect's iss "https://evil.example.net"`,
		"hint: a mix-up attack", "auth: failed at the callback step")
	h.key("esc")
	if h.m.authOnTop() {
		t.Fatal("esc did not close the auth screen")
	}
	mustShow(t, h.view(), "auth: failed at the callback step")
	h.key("alt+a")
	mustShow(t, h.view(), "✗ authorization failed at callback:")
}

// TestAuthEscLetsTheFlowGoOn: esc closes the screen mid-flow; the header
// keeps saying where the flow stands, later steps are still recorded, and
// the screen does not open by itself again for the same flow.
func TestAuthEscLetsTheFlowGoOn(t *testing.T) {
	t.Parallel()
	h := authHarness(t, NewAuthBridge("none"), &fakeBrowser{})
	feedFlow(h, loginUpToBrowser())
	h.key("esc")
	mustShow(t, h.view(), "auth goes on (waiting for the browser's redirect); alt+a shows it", "auth: waiting for the browser's redirect")
	feedFlow(h, loginFinish())
	if h.m.authOnTop() {
		t.Fatal("the screen opened again for the same flow")
	}
	mustShow(t, h.view(), "auth: authorized: the request went again")
}

// TestAuthStepUpIsANewFlow: a later challenge (a step-up) is a flow of its
// own; the newest is shown, numbered among the session's.
func TestAuthStepUpIsANewFlow(t *testing.T) {
	t.Parallel()
	h := authHarness(t, NewAuthBridge("none"), &fakeBrowser{})
	feedFlow(h, append(loginUpToBrowser(), loginFinish()...))
	h.key("esc")
	stepUp := []step.Event{
		{Step: step.Challenge, State: step.Started, At: at(40)},
		{Step: step.Challenge, State: step.Done, Summary: "403 insufficient_scope: needs files:write", At: at(41)},
		{Step: step.Browser, State: step.Started, URL: testAuthURL + "&scope=files%3Awrite", At: at(42)},
	}
	feedFlow(h, stepUp)
	if !h.m.authOnTop() {
		t.Fatalf("the step-up did not open the screen:\n%s", h.view())
	}
	mustShow(t, h.view(), "flow 2 of 2", "403 insufficient_scope: needs files:write", "… browser")
	if strings.Contains(h.view(), "✓ token") {
		t.Errorf("the step-up shows the first flow's steps:\n%s", h.view())
	}
}
