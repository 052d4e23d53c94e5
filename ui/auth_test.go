package ui

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/hostile"
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
		h.m.auth.bridge.Observe(e)
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
	if !h.m.auth.shown {
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
	if h.m.auth.pasting {
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
	if !h.m.auth.pasting || h.m.auth.input.Value() != "c0de-2" {
		t.Fatalf("a bracketed paste did not go into the field: pasting %t, %q", h.m.auth.pasting, h.m.auth.input.Value())
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
		"✗ the callback step failed", `cause: the redirect's iss "https://evil.example.net" is not the issuer "https://auth.example.com"`,
		"hint: a mix-up attack", "auth: failed at the callback step")
	h.key("esc")
	if h.m.auth.shown {
		t.Fatal("esc did not close the auth screen")
	}
	mustShow(t, h.view(), "auth: failed at the callback step")
	h.key("alt+a")
	mustShow(t, h.view(), "✗ the callback step failed")
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
	if h.m.auth.shown {
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
	if !h.m.auth.shown {
		t.Fatalf("the step-up did not open the screen:\n%s", h.view())
	}
	mustShow(t, h.view(), "flow 2 of 2", "403 insufficient_scope: needs files:write", "… browser")
	if strings.Contains(h.view(), "✓ token") {
		t.Errorf("the step-up shows the first flow's steps:\n%s", h.view())
	}
}

// TestAuthWaitsForModal: a flow that starts while the server's question
// is on screen does not take the screen from it.
func TestAuthWaitsForModal(t *testing.T) {
	t.Parallel()
	bridge := NewAuthBridge("none")
	s := newFakeSession(t, fixtureTools)
	connect := func(_ context.Context, _ func(client.Event), a client.Answerer) (Session, error) {
		s.mu.Lock()
		s.answer = a
		s.mu.Unlock()
		return s, nil
	}
	h := startHarness(t, connect, Options{Target: testMCP, Styles: plainStyles(), Browser: &fakeBrowser{}, Auth: bridge}, 120, 40)
	got := h.callAsking(s, urlAsk("https://example.com/x", "id"))
	feedFlow(h, loginUpToBrowser())
	if h.m.auth.shown {
		t.Error("the auth screen opened over the server's question")
	}
	mustShow(t, h.view(), "Sign in to the payment provider.", "auth: waiting for the browser's redirect")
	h.key("ctrl+x")
	<-got
	h.finishCall()
}

// TestAuthNoBridge: alt+a on a server without auth says why there is none.
func TestAuthNoBridge(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.key("alt+a")
	mustShow(t, h.view(), "No authorization here: the server is not reached over HTTP, or --auth is off.")
	h.key("alt+a")
	if h.m.auth.shown {
		t.Error("alt+a did not close the auth screen")
	}
}

// TestConnectFailureNamesTheAuthStep: a connection that failed on an auth
// step says which step, why and what to do in the disconnect report.
func TestConnectFailureNamesTheAuthStep(t *testing.T) {
	t.Parallel()
	connect := func(context.Context, func(client.Event), client.Answerer) (Session, error) {
		se := issMismatch()[1].Err
		return nil, &client.ConnectError{Err: se}
	}
	h := startHarness(t, connect, Options{Target: testMCP, Styles: plainStyles()}, 120, 40)
	mustShow(t, h.view(), "✗ the callback step failed", "hint: a mix-up attack")
}

// TestAuthHostileScreen: what the servers sent (the challenge, a metadata
// body and its headers, a summary, the authorization URL, the error)
// carrying each hostile payload reaches the auth screen escaped: in the
// default theme, nothing but toolbench's own SGR styling, no row past the
// width, and the payload shown as escaped text.
func TestAuthHostileScreen(t *testing.T) {
	t.Parallel()
	for _, p := range hostile.Payloads() {
		t.Run(p.ID, func(t *testing.T) {
			if p.ID == "long" && fixture.RaceDetector {
				t.Skip("the 100,000-character payload runs without -race")
			}
			t.Parallel()
			for _, w := range []int{80, 120} {
				bridge := NewAuthBridge("none")
				s := newFakeSession(t, fixtureTools)
				connect := func(context.Context, func(client.Event), client.Answerer) (Session, error) { return s, nil }
				h := startHarness(t, connect, Options{Target: testMCP, Browser: &fakeBrowser{}, Auth: bridge}, w, 40)
				x := &step.Exchange{Method: "GET", URL: "https://as.example/" + p.Text, Status: 200,
					ResponseHeader: http.Header{"X-Note": {p.Text}},
					ResponseBody:   p.Text}
				feedFlow(h, []step.Event{
					{Step: step.Challenge, State: step.Done, Summary: p.Text},
					{Step: step.ServerMetadata, State: step.Started},
					{Step: step.ServerMetadata, State: step.Failed, Summary: p.Text, Exchange: x,
						Err: &step.Error{Step: step.ServerMetadata, Err: errors.New(p.Text), Exchange: x, Hint: p.Text}},
				})
				look := func(label string) {
					content := h.m.View().Content
					for _, leak := range hostile.ScreenLeaks(content, true) {
						t.Errorf("%d columns, %s: %s", w, label, leak)
					}
					for i, l := range strings.Split(content, "\n") {
						if hostile.ScreenWidth(l) > w {
							t.Errorf("%d columns, %s: line %d is too wide", w, label, i)
						}
					}
					if !strings.Contains(ansi.Strip(content), p.Shown) {
						t.Errorf("%d columns, %s: the payload does not show as %q", w, label, p.Shown)
					}
				}
				look("the failed step")
				h.key("up")
				look("the challenge")
				feedFlow(h, []step.Event{{Step: step.Challenge, State: step.Started},
					{Step: step.Browser, State: step.Started, URL: "https://as.example/authorize?x=" + p.Text}})
				look("the authorization URL")
			}
		})
	}
}

// TestAuthBadPasteIsANote: the flow's note that a paste was no redirect
// (reported before the Callback step begins) shows as a row of its own;
// the flow still waits for the person, and the real redirect then starts
// the Callback step.
func TestAuthBadPasteIsANote(t *testing.T) {
	t.Parallel()
	h := authHarness(t, NewAuthBridge("none"), &fakeBrowser{})
	feedFlow(h, append(loginUpToBrowser(), step.Event{Step: step.Callback, State: step.Info,
		Summary: "the pasted text is neither a redirect URL nor a code; paste the whole address the browser ended on", At: at(12)}))
	mustShow(t, h.view(), "· callback", "the pasted text is neither a redirect URL nor a code",
		"flow 1 of 1 · waiting for the browser's redirect", "p pastes the redirect URL")
	feedFlow(h, loginFinish()[:1])
	mustShow(t, h.view(), "· callback", "… callback", "redirect received on the loopback")
}

// TestAuthViewOnlyDraws: on the auth screen (a step's detail scrolled,
// the paste field open, a failed flow) View only draws, at 80 and 120
// columns.
func TestAuthViewOnlyDraws(t *testing.T) {
	t.Parallel()
	for _, w := range []int{80, 120} {
		h := authHarness(t, NewAuthBridge("none"), &fakeBrowser{})
		h.resize(w, 24)
		feedFlow(h, loginUpToBrowser())
		assertPureView(t, h, "waiting at the browser")
		h.key("up", "up", "pgdown", "pgdown", "pgdown")
		assertPureView(t, h, "metadata, scrolled to the end")
		h.key("p")
		h.typeText("c0de")
		assertPureView(t, h, "pasting")
		h.key("esc")
		feedFlow(h, issMismatch())
		assertPureView(t, h, "failed")
	}
}

// TestAuthLoginEndsAtToken: a login (toolbench auth login, or the first
// half of a 401) ends at its token, which reads as success; a refresh
// after it is a flow of its own, and a retry after a token belongs to the
// flow that got it.
func TestAuthLoginEndsAtToken(t *testing.T) {
	t.Parallel()
	h := authHarness(t, NewAuthBridge("none"), &fakeBrowser{})
	finish := loginFinish()
	feedFlow(h, append(loginUpToBrowser(), finish[:4]...))
	mustShow(t, h.view(), "flow 1 of 1 · got a token", "← 200 in <1ms", "auth: got a token")
	if v, level := flowVerdict(h.m.auth.current()); level != levelOK {
		t.Errorf("%q reads as level %d, want OK", v, level)
	}
	feedFlow(h, finish[4:])
	// Nothing left for the person to do: the screen gives way to the
	// workbench, and stays a key away.
	if h.m.auth.shown {
		t.Fatalf("the screen stayed up after the login went through:\n%s", h.view())
	}
	mustShow(t, h.view(), "auth: authorized — alt+a shows the steps")
	h.key("alt+a")
	mustShow(t, h.view(), "flow 1 of 1 · authorized: the request went again")
	feedFlow(h, []step.Event{{Step: step.Refresh, State: step.Started, At: at(50)},
		{Step: step.Refresh, State: step.Done, Summary: "access token ••••b0b0", At: at(51)}})
	mustShow(t, h.view(), "flow 2 of 2 · refreshed the token", "✓ refresh")
}
