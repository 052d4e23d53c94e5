// Package step is the vocabulary of an OAuth flow as a person watches it:
// the named steps, the HTTP exchanges each made (secrets masked), and the
// error a failed step leaves. Every other auth package reports through it,
// and the surfaces (the CLI's -v lines, the workbench's auth screen) draw
// from it, so neither needs to know how a step is done.
package step

import (
	"net/http"
	"time"
)

// Name names one step of the flow, in the order they usually happen.
type Name string

// The steps of the flow.
const (
	// Challenge is the 401 or 403 and its WWW-Authenticate header.
	Challenge Name = "challenge"
	// ResourceMetadata is fetching the protected-resource metadata (RFC 9728).
	ResourceMetadata Name = "resource metadata"
	// ServerMetadata is fetching the authorization server's metadata
	// (RFC 8414 or OpenID Connect discovery).
	ServerMetadata Name = "authorization server metadata"
	// Registration is choosing or obtaining a client id: pre-registered,
	// a Client ID Metadata Document, or dynamic registration (RFC 7591).
	Registration Name = "registration"
	// Browser is sending the person to the authorization URL.
	Browser Name = "browser"
	// Callback is the redirect back to the loopback listener (or the pasted
	// redirect), with its state and iss checks.
	Callback Name = "callback"
	// Token is a request to the token endpoint: the code exchange or the
	// client credentials grant.
	Token Name = "token"
	// Refresh is redeeming a refresh token.
	Refresh Name = "refresh"
	// Retry is sending the MCP request again with the new token.
	Retry Name = "retry"
)

// State is where a step stands.
type State string

// The states of a step.
const (
	// Started means the step began; a Done, Failed or Skipped event follows.
	Started State = "started"
	// Done means the step succeeded.
	Done State = "done"
	// Failed means the step failed; Event.Err says why.
	Failed State = "failed"
	// Skipped means the step was not needed (a stored client, a token
	// still valid); Event.Summary says why.
	Skipped State = "skipped"
	// Info is a note inside a step that neither starts nor ends it, such
	// as one URL of several tried.
	Info State = "info"
)

// Event is one thing that happened in the flow.
type Event struct {
	// Step is the step it belongs to.
	Step Name
	// State is Started, Done, Failed, Skipped or Info.
	State State
	// Summary is one line for a person, already free of secrets, such as
	// "GET https://as.example/.well-known/oauth-authorization-server: 404".
	Summary string
	// Exchange is the HTTP request and answer behind the event, if any.
	Exchange *Exchange
	// URL is a URL the person may need to act on (the authorization URL
	// at the Browser step); empty otherwise.
	URL string
	// Err is why a Failed step failed.
	Err error
	// At is when it happened.
	At time.Time
}

// Observer is told every event as it happens. It is called from the
// goroutine doing the flow and must not block.
type Observer func(Event)

// Emit calls o with e, stamped with the time, unless o is nil.
func (o Observer) Emit(e Event) {
	if o == nil {
		return
	}
	if e.At.IsZero() {
		e.At = time.Now()
	}
	o(e)
}

// Exchange is one HTTP request of the flow and its answer, with every
// secret (tokens, client secrets, codes, verifiers, assertions, the
// Authorization header) masked before it is stored here.
type Exchange struct {
	// Method and URL are the request's; the URL's query is masked too.
	Method string
	URL    string
	// RequestHeader holds the headers a person may want to see.
	RequestHeader http.Header
	// RequestBody is the form or JSON sent, masked.
	RequestBody string
	// Status is the answer's status code; 0 when none came.
	Status int
	// ResponseHeader holds the answer's headers.
	ResponseHeader http.Header
	// ResponseBody is the answer's body, masked and cut to a few KiB.
	ResponseBody string
	// Err is the transport error when no answer came.
	Err string
	// Took is how long the exchange took.
	Took time.Duration
}

// Error is a failed step: which step, why, the exchange that showed it,
// and what a person can do. Every error the auth packages return for a
// failed step is one, so each surface can say which step broke.
type Error struct {
	// Step is the step that failed.
	Step Name
	// Err is the cause.
	Err error
	// Exchange is the HTTP exchange that showed the failure, if any.
	Exchange *Exchange
	// Hint is advice for the person, or "".
	Hint string
}

// Error reads as the step and its cause.
func (e *Error) Error() string { return string(e.Step) + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Final reports that the request the failed step was for cannot succeed
// by being sent again another way (the client's client.FinalError).
func (e *Error) Final() bool { return true }
