package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// CodeURLElicitationRequired is the JSON-RPC error (2025-11-25) a server
// answers a request with when the person must first open a URL: its data
// lists URL-mode elicitations, and the request may be retried once they
// are complete.
const CodeURLElicitationRequired = -32042

// URLElicitation is one URL the person must open, from a -32042 error's
// data.elicitations.
type URLElicitation struct {
	// ElicitationID names it in notifications/elicitation/complete.
	ElicitationID string `json:"elicitationId"`
	// URL is what to open, as sent (untrusted).
	URL string `json:"url"`
	// Message says why, as sent (untrusted).
	Message string `json:"message"`
}

// URLRequiredError is a request refused with -32042. Unlike other JSON-RPC
// errors its data is the point: the URLs are kept whole, not cut.
type URLRequiredError struct {
	// Elicitations are the URLs to open, in the order sent.
	Elicitations []URLElicitation
	// Err is the JSON-RPC error as the server sent it.
	Err *RPCError
}

// Error names every URL and why it is asked for.
func (e *URLRequiredError) Error() string {
	parts := make([]string, 0, len(e.Elicitations))
	for _, el := range e.Elicitations {
		parts = append(parts, fmt.Sprintf("%s (%s)", el.URL, el.Message))
	}
	what := "no URL (its error data lists none)"
	if len(parts) > 0 {
		what = strings.Join(parts, ", ")
	}
	return fmt.Sprintf("%s: the server needs you to open %s first (JSON-RPC error %d)", e.Err.Method, what, e.Err.Code)
}

// Unwrap returns the JSON-RPC error.
func (e *URLRequiredError) Unwrap() error { return e.Err }

func (e *URLRequiredError) hint() string {
	return "answer it with --elicit accept-defaults (open the URL, then the call is retried) or --elicit decline"
}

func (e *URLRequiredError) evidence() Evidence { return Evidence{} }

// urlRequired turns a -32042 into a *URLRequiredError; any other error, or
// one whose data lists no URL-mode elicitation, is returned as it is.
func urlRequired(e *RPCError) error {
	if e.Code != CodeURLElicitationRequired {
		return e
	}
	var d struct {
		Elicitations []struct {
			Mode string `json:"mode"`
			URLElicitation
		} `json:"elicitations"`
	}
	if json.Unmarshal(e.Data, &d) != nil {
		return e
	}
	out := &URLRequiredError{Err: e}
	for _, el := range d.Elicitations {
		if el.Mode == "url" || el.Mode == "" && el.URL != "" {
			out.Elicitations = append(out.Elicitations, el.URLElicitation)
		}
	}
	if len(out.Elicitations) == 0 {
		return e
	}
	return out
}

// URLRequiredOf finds a *URLRequiredError in err's chain.
func URLRequiredOf(err error) (*URLRequiredError, bool) {
	var u *URLRequiredError
	ok := errors.As(err, &u)
	return u, ok
}

// AcceptedURLs tells the session the person accepted the URL elicitations
// of a -32042, so that their notifications/elicitation/complete are
// reported (as ElicitationCompleteEvent) instead of ignored as unknown
// ids, which the specification has a client do with ids it never saw.
func (s *Session) AcceptedURLs(els []URLElicitation) {
	s.calls.mu.Lock()
	defer s.calls.mu.Unlock()
	for _, el := range els {
		if el.ElicitationID == "" {
			continue
		}
		if s.calls.urls == nil || len(s.calls.urls) >= maxOpenURLs {
			s.calls.urls = map[string]bool{}
		}
		s.calls.urls[el.ElicitationID] = true
	}
}
