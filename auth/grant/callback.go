package grant

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/toolbench/toolbench/auth/discover"
)

// CallbackError is an authorization response toolbench did not accept:
// a state or iss that does not match, or the server's error answer.
type CallbackError struct {
	// Problem says what was wrong, in toolbench's words.
	Problem string
	// Code, Description and URI are the server's error, error_description
	// and error_uri, set only once state and iss checked out (RFC 9207
	// section 2.4 forbids acting on them otherwise). They are the
	// server's words: show them only through termsafe.
	Code        string
	Description string
	URI         string
	// Hint says what to do.
	Hint string
}

// Error is the problem, with the error code when there is one.
func (e *CallbackError) Error() string {
	if e.Code != "" {
		return fmt.Sprintf("%s: %q", e.Problem, e.Code)
	}
	return e.Problem
}

// response is an authorization response as it reached toolbench.
type response struct {
	query url.Values
	// bare says a person pasted only the code, so there is no state or
	// iss to check.
	bare bool
}

// parsePasted reads what a person pasted: a whole redirect URL (or its
// query), or a bare code. ok is false for text that is neither.
func parsePasted(text string) (response, bool) {
	text = strings.TrimSpace(text)
	if text == "" {
		return response{}, false
	}
	i := strings.IndexByte(text, '?')
	if q, err := url.ParseQuery(text[i+1:]); err == nil && (q.Get("code") != "" || q.Get("error") != "") {
		return response{query: q}, true
	}
	if i >= 0 {
		return response{}, false
	}
	if strings.ContainsAny(text, " \t\r\n&#/") {
		return response{}, false
	}
	return response{query: url.Values{"code": {text}}, bare: true}, true
}

// check validates an authorization response in the order that keeps the
// server's words out of sight until the response is known to be ours:
// state, then iss (the table of the MCP authorization spec, RFC 9207
// section 2.4), then an error answer. It returns the code.
func check(resp response, state string, s discover.Server) (string, error) {
	q := resp.query
	// A bare code has no state: the person copied it from the
	// authorization server's own page and typed it into toolbench, so
	// no third party's redirect could have put it there, which is what
	// state guards against (RFC 6749 section 10.12).
	if !resp.bare && q.Get("state") != state {
		return "", &CallbackError{
			Problem: "the redirect's state does not match the one toolbench sent",
			Hint:    "the redirect belongs to another login; start the login again from toolbench",
		}
	}
	if err := checkIssuer(q, resp.bare, s); err != nil {
		return "", err
	}
	if code := q.Get("error"); code != "" {
		return "", &CallbackError{
			Problem:     "the authorization server refused the authorization",
			Code:        code,
			Description: q.Get("error_description"),
			URI:         q.Get("error_uri"),
			Hint:        hintForAuthError(code),
		}
	}
	code := q.Get("code")
	if code == "" {
		return "", &CallbackError{Problem: "the redirect carries neither a code nor an error",
			Hint: "start the login again; if it repeats, the authorization server is at fault"}
	}
	return code, nil
}

// checkIssuer applies the spec's iss table: a present iss must equal the
// recorded issuer by simple string comparison, with no normalisation of
// case, port, slash or escapes; an absent one is refused only when the
// server advertised authorization_response_iss_parameter_supported.
func checkIssuer(q url.Values, bare bool, s discover.Server) error {
	iss, present := q["iss"]
	if !present {
		if !s.ISSParameterSupported {
			return nil
		}
		if bare {
			return &CallbackError{
				Problem: "a bare code cannot be checked: the authorization server sends iss with its redirects",
				Hint:    "paste the whole redirect URL from the browser's address bar, not only the code",
			}
		}
		return &CallbackError{
			Problem: "the redirect has no iss though the authorization server says it sends one",
			Hint:    "the redirect may come from another server (a mix-up attack); start the login again",
		}
	}
	if len(iss) != 1 || iss[0] != s.Issuer {
		return &CallbackError{
			Problem: "the redirect's iss is not the issuer " + s.Issuer + " toolbench sent the person to",
			Hint:    "the redirect comes from another authorization server (a mix-up attack?); start the login again",
		}
	}
	return nil
}

func hintForAuthError(code string) string {
	switch code {
	case "access_denied":
		return "the person (or the server's policy) declined; log in again and approve"
	case "invalid_scope":
		return "ask for other scopes (--scope)"
	case "unauthorized_client", "invalid_client":
		return "the client may not use this grant here; register it again or use another client id"
	}
	return "see the authorization server's description of the error"
}
