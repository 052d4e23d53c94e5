package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// AskKind says what a server asks of the client.
type AskKind string

// The three things a server may ask of a client, named by their methods.
const (
	AskElicit AskKind = "elicitation/create"
	AskSample AskKind = "sampling/createMessage"
	AskRoots  AskKind = "roots/list"
)

// Ask is one thing a server asked of the client while serving a request:
// a server-to-client request on protocol 2025-11-25 and older, or one entry
// of an input_required result's inputRequests on 2026-07-28. Both reach the
// program as an Ask, so neither the workbench nor a policy needs to know
// which era the question came from.
type Ask struct {
	// Kind is what is asked.
	Kind AskKind
	// Params are the request's params exactly as the server sent them.
	Params json.RawMessage
	// Tool names the tool whose call the ask belongs to; "" when that is
	// not known (a legacy server request while no call, or several, run).
	Tool string
	// Round is the call's 1-based input round on 2026-07-28; 0 for a
	// legacy server request.
	Round int
	// Key is the ask's inputRequests key on 2026-07-28; "" otherwise.
	Key string
}

// Answerer answers one Ask with the result to send as JSON: an
// ElicitResult, a CreateMessageResult or a ListRootsResult. An error
// refuses the ask: a legacy server gets it as a JSON-RPC error, and a
// 2026-07-28 call ends with it. ctx ends when the call the ask belongs to
// ends. An Answerer may block while a person answers; a session asks it one
// question at a time per call.
type Answerer func(ctx context.Context, a Ask) (json.RawMessage, error)

// ErrNoAnswer is what an Answerer's error wraps when nothing is set up to
// answer that kind of ask (a scriptable command run without --elicit).
var ErrNoAnswer = errors.New("nothing is set up to answer it")

// UnansweredError says that a call could not finish because the server
// asked for something nobody was set up to give. It wraps ErrNoAnswer.
type UnansweredError struct {
	// Ask is what the server asked.
	Ask Ask
}

// Error implements error.
func (e *UnansweredError) Error() string {
	if e.Ask.Tool != "" {
		return fmt.Sprintf("the server asked for %s during %s, and %v", e.Ask.Kind, e.Ask.Tool, ErrNoAnswer)
	}
	return fmt.Sprintf("the server asked for %s, and %v", e.Ask.Kind, ErrNoAnswer)
}

// Unwrap returns ErrNoAnswer.
func (e *UnansweredError) Unwrap() error { return ErrNoAnswer }

// Elicitation is the params of an elicitation/create, in either mode.
type Elicitation struct {
	// Mode is "form" or "url"; "form" when the server sent none.
	Mode string `json:"mode"`
	// Message says what is asked and why.
	Message string `json:"message"`
	// RequestedSchema is the form's JSON Schema as sent (form mode).
	RequestedSchema json.RawMessage `json:"requestedSchema,omitempty"`
	// URL is what the person is asked to open, and ElicitationID names the
	// elicitation in notifications/elicitation/complete (URL mode).
	URL           string `json:"url,omitempty"`
	ElicitationID string `json:"elicitationId,omitempty"`
}

// Elicitation reads an elicitation ask's params.
func (a Ask) Elicitation() (Elicitation, error) {
	var e Elicitation
	if err := json.Unmarshal(a.Params, &e); err != nil {
		return Elicitation{}, fmt.Errorf("elicitation/create params: %w", err)
	}
	if e.Mode == "" {
		e.Mode = "form"
	}
	return e, nil
}

// ElicitResult is the answer to an elicitation: the action (accept,
// decline or cancel) and, on a form-mode accept, the content.
type ElicitResult struct {
	Action  string          `json:"action"`
	Content json.RawMessage `json:"content,omitempty"`
}

// DefaultMaxAsks bounds the asks answered during one request when
// Options.MaxAsks is zero.
const DefaultMaxAsks = 100

// ErrTooManyAsks is what an *AskLimitError wraps.
var ErrTooManyAsks = errors.New("the server kept asking")

// AskLimitError says that a request was ended because the server asked
// more than the limit allows during it: a server that asks again after
// every answer would otherwise keep the request alive for ever.
type AskLimitError struct {
	// Limit is how many asks were answered.
	Limit int
	// Last is the ask past the limit, which was refused.
	Last Ask
}

// Error implements error.
func (e *AskLimitError) Error() string {
	return fmt.Sprintf("the server asked for %s after %d asks, the most one request may make", e.Last.Kind, e.Limit)
}

// Unwrap returns ErrTooManyAsks.
func (e *AskLimitError) Unwrap() error { return ErrTooManyAsks }

func (e *AskLimitError) hint() string {
	return "the server may be looping; if the tool really asks this much, raise the limit"
}

func (e *AskLimitError) evidence() Evidence { return Evidence{} }
