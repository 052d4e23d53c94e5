package render

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/toolbench/toolbench/ui/theme"
)

const authURL = "https://auth.example.com/authorize?response_type=code&client_id=tb-cli-7f3a&redirect_uri=http%3A%2F%2F127.0.0.1%3A53682%2Fcallback" +
	"&state=••••9c1e&code_challenge=••••Qw8s&code_challenge_method=S256&resource=https%3A%2F%2Fmcp.example.com%2Fmcp"

// authSteps are a login's first steps as the workbench lists them.
func authStepRows(upTo int) []AuthStepRow {
	rows := []AuthStepRow{
		{Name: "challenge", State: "done", Summary: "POST https://mcp.example.com/mcp: 401, resource_metadata given", Took: 41 * time.Millisecond},
		{Name: "resource metadata", State: "done", Summary: "GET https://mcp.example.com/.well-known/oauth-protected-resource/mcp: 200", Took: 18 * time.Millisecond},
		{Name: "authorization server metadata", State: "done", Summary: "GET https://auth.example.com/.well-known/oauth-authorization-server: 200", Took: 22 * time.Millisecond},
		{Name: "registration", State: "done", Summary: "dynamic client registration: client tb-cli-7f3a", Took: 95 * time.Millisecond},
		{Name: "browser", State: "done", Summary: "waiting for the redirect", Took: 3 * time.Millisecond},
		{Name: "callback", State: "info", Summary: "the pasted text is neither a redirect URL nor a code; paste the whole address the browser ended on"},
	}
	return rows[:upTo]
}

func metadataExchange() AuthExchange {
	return AuthExchange{Method: "GET", URL: "https://auth.example.com/.well-known/oauth-authorization-server",
		RequestHeader: [][2]string{{"Accept", "application/json"}}, Status: 200,
		ResponseHeader: [][2]string{{"Content-Type", "application/json"}},
		ResponseBody:   `{"issuer":"https://auth.example.com","authorization_endpoint":"https://auth.example.com/authorize","token_endpoint":"https://auth.example.com/token","code_challenge_methods_supported":["S256"]}`,
		Took:           22 * time.Millisecond}
}

// authCases are the auth screen at its moments, for golden files.
func authCases() map[string]func(st *theme.Styles, width int) []string {
	action := &AuthAction{URL: authURL, Browser: "opened it with xdg-open: approve there, and the browser comes back to toolbench",
		Keys:  "o opens it in the browser · c copies it · p pastes the redirect URL (from the address bar once you approved) or the code",
		Paste: true}
	return map[string]func(*theme.Styles, int) []string{
		"browser": func(st *theme.Styles, w int) []string {
			rows := authStepRows(6)
			return AuthScreen(st, AuthView{Server: "https://mcp.example.com/mcp", Flow: 1, Flows: 1,
				Verdict: "waiting for the browser's redirect", Level: LevelWarn, Steps: rows, Cursor: 2, Action: action,
				Detail: AuthDetail{Row: rows[2], Notes: []string{"GET https://auth.example.com/.well-known/oauth-authorization-server/mcp: 404"},
					Exchanges: []AuthExchange{metadataExchange()}}}, w, 40)
		},
		"finished": func(st *theme.Styles, w int) []string {
			rows := append(authStepRows(5), AuthStepRow{Name: "callback", State: "done", Summary: "code received; state and iss match", Took: 8200 * time.Millisecond},
				AuthStepRow{Name: "token", State: "done", Summary: "POST https://auth.example.com/token: 200, access token ••••a91f, expires in 1h", Took: 64 * time.Millisecond},
				AuthStepRow{Name: "retry", State: "done", Summary: "POST https://mcp.example.com/mcp: 200", Took: 30 * time.Millisecond})
			tok := AuthExchange{Method: "POST", URL: "https://auth.example.com/token",
				RequestHeader: [][2]string{{"Authorization", "Basic ••••NzNh"}, {"Content-Type", "application/x-www-form-urlencoded"}},
				RequestBody:   "grant_type=authorization_code&code=••••x7Qe&code_verifier=••••3kLm&redirect_uri=http%3A%2F%2F127.0.0.1%3A53682%2Fcallback&resource=https%3A%2F%2Fmcp.example.com%2Fmcp",
				Status:        200, ResponseHeader: [][2]string{{"Cache-Control", "no-store"}, {"Content-Type", "application/json"}},
				ResponseBody: `{"access_token":"••••a91f","token_type":"Bearer","expires_in":3600,"refresh_token":"••••r2d2","scope":"mcp:tools"}`,
				Took:         64 * time.Millisecond}
			return AuthScreen(st, AuthView{Server: "https://mcp.example.com/mcp", Flow: 2, Flows: 2,
				Verdict: "authorized: the request went again", Level: LevelOK, Steps: rows, Cursor: 6,
				Detail: AuthDetail{Row: rows[6], Exchanges: []AuthExchange{tok}}}, w, 40)
		},
		"failed": func(st *theme.Styles, w int) []string {
			rows := append(authStepRows(5), AuthStepRow{Name: "callback", State: "failed",
				Summary: "the redirect's iss is not the authorization server's issuer", Took: 7100 * time.Millisecond})
			return AuthScreen(st, AuthView{Server: "https://mcp.example.com/mcp", Flow: 1, Flows: 1,
				Verdict: "failed at the callback step", Level: LevelError, Steps: rows, Cursor: 5,
				Detail: AuthDetail{Row: rows[5], Verdict: []string{"✗ the callback step failed",
					`cause: the redirect's iss "https://evil.example.net" is not the issuer "https://auth.example.com" (RFC 9207): the code was not redeemed`,
					"hint: a mix-up attack, or a misconfigured authorization server: check which server the browser was sent to"}}}, w, 40)
		},
		"paste": func(st *theme.Styles, w int) []string {
			rows := authStepRows(6)
			paste := *action
			paste.Browser = "not opened (--browser none): open it yourself"
			paste.Editing, paste.Input = true, "paste: http://127.0.0.1:53682/callback?code=••••x7Qe&state=••••9c1e&iss=https%3A%2F%2Fauth.example.com"
			paste.Keys = "enter sends it to the flow · esc stops pasting"
			return AuthScreen(st, AuthView{Server: "https://mcp.example.com/mcp", Flow: 1, Flows: 1,
				Verdict: "waiting for the browser's redirect", Level: LevelWarn, Steps: rows, Cursor: 5, Action: &paste,
				Detail: AuthDetail{Row: rows[5]}}, w, 40)
		},
		"empty": func(st *theme.Styles, w int) []string {
			return AuthScreen(st, AuthView{Server: "https://mcp.example.com/mcp",
				Empty: "No authorization flow yet: one starts when the server answers 401 (or 403 insufficient_scope)."}, w, 40)
		},
	}
}

// TestAuthGolden pins the auth screen at 80 and 120 columns: a flow
// waiting at the browser, a finished one, one that failed on a wrong iss,
// and the paste field. Regenerate with -update and read the diff.
func TestAuthGolden(t *testing.T) {
	t.Parallel()
	for name, draw := range authCases() {
		for _, width := range []int{80, 120} {
			t.Run(fmt.Sprintf("%s/%d", name, width), func(t *testing.T) {
				t.Parallel()
				lines := draw(theme.Plain(), width)
				assertFits(t, lines, width)
				// The host's bold stays even in the plain theme; the
				// golden files are read as text.
				golden.RequireEqual(t, ansi.Strip(strings.Join(lines, "\n"))+"\n")
			})
		}
	}
}

// TestAuthStyled draws each auth screen in colour: only SGR codes, and
// the same width.
func TestAuthStyled(t *testing.T) {
	t.Parallel()
	st := theme.New(theme.DefaultPalette(true))
	for name, draw := range authCases() {
		lines := draw(st, 80)
		assertFits(t, lines, 80)
		for _, l := range lines {
			assertOnlySGR(t, l)
		}
		if len(lines) < 2 {
			t.Errorf("%s drew %d lines", name, len(lines))
		}
	}
}

// TestAuthHostileExchange: what the servers sent (a metadata body, a
// header, a summary, a URL) with escape sequences and control characters
// reaches the screen escaped, in both themes, at any width.
func TestAuthHostileExchange(t *testing.T) {
	t.Parallel()
	const evil = "\x1b]52;c;aGk=\x07\x1b[2J\x1b[31mred\r\x08\x9b6n"
	x := AuthExchange{Method: "GET", URL: "https://as.example/x" + evil, Status: 200,
		RequestHeader:  [][2]string{{"Accept" + evil, "application/json" + evil}},
		ResponseHeader: [][2]string{{"X-Evil", evil}},
		ResponseBody:   `{"issuer":"` + strings.ReplaceAll(evil, "\x1b", `\u001b`) + `","raw":1}` + evil,
		RequestBody:    "a=" + evil}
	row := AuthStepRow{Name: "authorization server metadata", State: "failed", Summary: "metadata " + evil}
	v := AuthView{Server: "srv" + evil, Flow: 1, Flows: 1, Verdict: "failed" + evil, Level: LevelError, Steps: []AuthStepRow{row},
		Action: &AuthAction{URL: "https://as.example/authorize?x=" + evil, Browser: "opened" + evil, Keys: "o opens"},
		Detail: AuthDetail{Row: row, Notes: []string{"tried " + evil}, URL: "https://h" + evil + ".example/", Verdict: []string{"cause: " + evil},
			Exchanges: []AuthExchange{x, {Method: "POST", URL: "https://as.example/token", Err: "dial: " + evil}}}}
	for _, st := range []*theme.Styles{theme.Plain(), theme.New(theme.DefaultPalette(true))} {
		for _, w := range []int{20, 80, 120} {
			lines := AuthScreen(st, v, w, 200)
			assertFits(t, lines, w)
			screen := strings.Join(lines, "\n")
			for _, l := range lines {
				assertOnlySGR(t, l)
			}
			for _, bad := range []string{"\x07", "\r", "\x08", "\u009b", "\x1b]", "\x1b[2J"} {
				if strings.Contains(screen, bad) {
					t.Errorf("width %d: %q reached the screen", w, bad)
				}
			}
		}
	}
}
