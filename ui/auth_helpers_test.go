package ui

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/client"
)

const (
	testAuthURL = "https://auth.example.com/authorize?response_type=code&client_id=tb-7f3a&state=••••9c1e&code_challenge=••••Qw8s"
	testMCP     = "https://mcp.example.com/mcp"
)

// at is the flow's clock: event i happens i×10ms after the start.
func at(i int) time.Time { return fixedClock().Add(time.Duration(i) * 10 * time.Millisecond) }

// loginUpToBrowser is a login as the flow reports it, up to the person
// being sent to the browser: every exchange masked, as the flow masks it.
func loginUpToBrowser() []step.Event {
	meta := &step.Exchange{Method: "GET", URL: "https://auth.example.com/.well-known/oauth-authorization-server",
		RequestHeader: http.Header{"Accept": {"application/json"}}, Status: 200,
		ResponseHeader: http.Header{"Content-Type": {"application/json"}},
		ResponseBody:   `{"issuer":"https://auth.example.com","authorization_endpoint":"https://auth.example.com/authorize","token_endpoint":"https://auth.example.com/token"}`,
		Took:           9 * time.Millisecond}
	challenge := &step.Exchange{Method: "POST", URL: testMCP, RequestHeader: http.Header{"Authorization": {"Bearer ••••"}}, Status: 401,
		ResponseHeader: http.Header{"Www-Authenticate": {`Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"`}}}
	return []step.Event{
		{Step: step.Challenge, State: step.Started, At: at(0)},
		{Step: step.Challenge, State: step.Done, Summary: "POST " + testMCP + ": 401, resource_metadata given", Exchange: challenge, At: at(1)},
		{Step: step.ResourceMetadata, State: step.Started, At: at(2)},
		{Step: step.ResourceMetadata, State: step.Done, Summary: "resource " + testMCP + ", server https://auth.example.com", At: at(3)},
		{Step: step.ServerMetadata, State: step.Started, At: at(4)},
		{Step: step.ServerMetadata, State: step.Info, Summary: "GET https://auth.example.com/.well-known/oauth-authorization-server/mcp: 404", At: at(5)},
		{Step: step.ServerMetadata, State: step.Done, Summary: "GET https://auth.example.com/.well-known/oauth-authorization-server: 200", Exchange: meta, At: at(6)},
		{Step: step.Registration, State: step.Skipped, Summary: "pre-registered client tb-7f3a", At: at(7)},
		{Step: step.Browser, State: step.Started, Summary: "open https://auth.example.com/authorize", URL: testAuthURL, At: at(8)},
		{Step: step.Browser, State: step.Done, Summary: "waiting for the redirect", At: at(9)},
	}
}

// loginFinish is the rest of that login: the redirect, the token, the
// request sent again.
func loginFinish() []step.Event {
	tok := &step.Exchange{Method: "POST", URL: "https://auth.example.com/token",
		RequestBody: "grant_type=authorization_code&code=••••x7Qe&code_verifier=••••3kLm", Status: 200,
		ResponseBody: `{"access_token":"••••a91f","token_type":"Bearer","expires_in":3600}`, Took: 300 * time.Microsecond}
	return []step.Event{
		{Step: step.Callback, State: step.Started, Summary: "redirect received on the loopback", At: at(19)},
		{Step: step.Callback, State: step.Done, Summary: "code ••••x7Qe", At: at(20)},
		{Step: step.Token, State: step.Started, At: at(21)},
		{Step: step.Token, State: step.Done, Summary: "access token ••••a91f, expires in 1h", Exchange: tok, At: at(23)},
		{Step: step.Retry, State: step.Started, At: at(24)},
		{Step: step.Retry, State: step.Done, Summary: "POST " + testMCP + ": 200", At: at(25)},
	}
}

// issMismatch is the pasted redirect failing its RFC 9207 check.
func issMismatch() []step.Event {
	err := &step.Error{Step: step.Callback,
		Err:  errors.New(`the redirect's iss "https://evil.example.net" is not the issuer "https://auth.example.com"`),
		Hint: "a mix-up attack, or a misconfigured authorization server: check which server the browser was sent to"}
	return []step.Event{{Step: step.Callback, State: step.Started, Summary: "redirect pasted", At: at(10)},
		{Step: step.Callback, State: step.Failed, Summary: "iss does not match", Err: err, At: at(20)}}
}

// feedFlow reports events through the bridge, as the flow's goroutine
// would, and waits until the workbench took them.
func feedFlow(h *harness, events []step.Event) {
	h.t.Helper()
	for _, e := range events {
		h.m.bridge.Observe(e)
	}
	h.settle()
}

// authHarness is a workbench whose auth bridge opens URLs with b.
func authHarness(t *testing.T, bridge *AuthBridge, b Browser) *harness {
	t.Helper()
	s := newFakeSession(t, fixtureTools)
	connect := func(context.Context, func(client.Event), client.Answerer) (Session, error) { return s, nil }
	h := startHarness(t, connect, Options{Target: testMCP, Styles: plainStyles(), Browser: b, Auth: bridge}, 120, 40)
	return h
}

func mustShow(t *testing.T, view string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(view, w) {
			t.Errorf("the screen does not show %q:\n%s", w, view)
		}
	}
}
