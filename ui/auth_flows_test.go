package ui

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/hostile"
)

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
	if h.m.authOnTop() {
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
	if h.m.authOnTop() {
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
	mustShow(t, h.view(), "authorization failed at callback:", "hint: a mix-up attack")
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
	if v, level := h.m.authHeader(); level != levelOK {
		t.Errorf("%q reads as level %d, want OK", v, level)
	}
	feedFlow(h, finish[4:])
	// Nothing left for the person to do: the screen gives way to the
	// workbench, and stays a key away.
	if h.m.authOnTop() {
		t.Fatalf("the screen stayed up after the login went through:\n%s", h.view())
	}
	mustShow(t, h.view(), "auth: authorized — alt+a shows the steps")
	h.key("alt+a")
	mustShow(t, h.view(), "flow 1 of 1 · authorized: the request went again")
	feedFlow(h, []step.Event{{Step: step.Refresh, State: step.Started, At: at(50)},
		{Step: step.Refresh, State: step.Done, Summary: "access token ••••b0b0", At: at(51)}})
	mustShow(t, h.view(), "flow 2 of 2 · refreshed the token", "✓ refresh")
}
