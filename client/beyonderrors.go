package client

import (
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// UnknownResourceError says that the server knows no resource at URI: it
// answered resources/read with -32002 (before 2026-07-28) or -32602 naming
// the URI (2026-07-28, server/resources "Error Handling"). Err is that
// answer.
type UnknownResourceError struct {
	URI string
	Err *RPCError
}

// Error implements error.
func (e *UnknownResourceError) Error() string {
	return fmt.Sprintf("the server has no resource %s (JSON-RPC error %d: %s)", truncate(e.URI, 120), e.Err.Code, e.Err.Message)
}

// Unwrap returns the server's answer.
func (e *UnknownResourceError) Unwrap() error { return e.Err }

func (e *UnknownResourceError) hint() string {
	return "list the server's resources and templates to see which URIs it serves"
}

func (e *UnknownResourceError) evidence() Evidence { return Evidence{} }

// unknownResource turns the server's "no such resource" answer to a
// request about uri into an *UnknownResourceError, wrapped in what, and
// leaves other errors as they are.
func unknownResource(what, uri string, err error) error {
	var rpc *RPCError
	if !errors.As(err, &rpc) {
		return err
	}
	if rpc.Code == mcp.RESOURCE_NOT_FOUND || rpc.Code == mcp.INVALID_PARAMS {
		return fmt.Errorf("%s: %w", what, &UnknownResourceError{URI: uri, Err: rpc})
	}
	return err
}

// TemplateError says that a resource URI could not be made from a
// template: a variable left empty or unfilled, or a template that is not
// RFC 6570. Nothing was sent.
type TemplateError struct {
	// URI is the template or URI at fault.
	URI string
	// Variable names the variable at fault, "" when none is.
	Variable string
	// Problem says what was wrong.
	Problem string
}

// Error implements error.
func (e *TemplateError) Error() string {
	if e.Variable != "" {
		return fmt.Sprintf("%s: variable %q", e.Problem, e.Variable)
	}
	return e.Problem
}

func (e *TemplateError) hint() string {
	if e.Variable != "" {
		return "give every variable of the template a value"
	}
	return ""
}

func (e *TemplateError) evidence() Evidence { return Evidence{} }

// PromptArgumentError says that prompts/get was not sent because a required
// argument of the prompt, as the server listed it, has no value. The caller
// may send it anyway with GetPromptUnchecked.
type PromptArgumentError struct {
	Prompt string
	// Missing names the required arguments without a value, in the order
	// the prompt declares them.
	Missing []string
}

// Error implements error.
func (e *PromptArgumentError) Error() string {
	return fmt.Sprintf("prompt %s: required argument %q has no value", e.Prompt, e.Missing[0])
}

func (e *PromptArgumentError) hint() string {
	return "give every required argument a value, or force the request to send it as it is"
}

func (e *PromptArgumentError) evidence() Evidence { return Evidence{} }

// SubscribeError says that a resource subscription did not take: the
// server does not offer subscriptions, or its acknowledgement of
// subscriptions/listen (2026-07-28) left the URI out.
type SubscribeError struct {
	URI string
	// Acknowledged are the URIs the server's acknowledgement named; nil
	// when the refusal came before any acknowledgement.
	Acknowledged []string
	// Unsupported is set when the server declared no resource
	// subscriptions, so nothing was sent.
	Unsupported bool
}

// Error implements error.
func (e *SubscribeError) Error() string {
	if e.Unsupported {
		return fmt.Sprintf("subscribe %s: the server does not offer resource subscriptions", truncate(e.URI, 120))
	}
	return fmt.Sprintf("subscribe %s: the server's acknowledgement did not include this URI (it acknowledged %d)", truncate(e.URI, 120), len(e.Acknowledged))
}

func (e *SubscribeError) hint() string {
	if e.Unsupported {
		return "re-read the resource to see changes"
	}
	return "the server declined this subscription; re-read the resource to see changes"
}

func (e *SubscribeError) evidence() Evidence { return Evidence{} }
