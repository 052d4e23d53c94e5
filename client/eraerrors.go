package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// NotModernError says that the era was forced to 2026-07-28 and the server
// did not show itself to be on it, so initialize was not sent.
type NotModernError struct {
	// Discover says what server/discover got, in words.
	Discover string
}

// Error implements error.
func (e *NotModernError) Error() string {
	got := e.Discover
	if got == "" {
		got = "server/discover was not answered"
	}
	return "the server is not on protocol 2026-07-28: " + got + "; initialize was not sent because the protocol is forced to modern"
}

func (e *NotModernError) hint() string {
	return "leave the protocol on auto (or force legacy) to reach a server from before 2026-07-28"
}
func (e *NotModernError) evidence() Evidence { return Evidence{} }

// InvalidDiscoverError is what mcp-go gets instead of a server/discover
// result that is not a DiscoverResult, so that it falls back to initialize.
type InvalidDiscoverError struct {
	// Reason says what is wrong with the result.
	Reason string
}

// Error implements error.
func (e *InvalidDiscoverError) Error() string {
	return "server/discover: the result is not a DiscoverResult: " + e.Reason
}

// ResultTypeError is a 2026-07-28 result whose resultType toolbench does not
// know, so it cannot tell a final result from a request for more.
type ResultTypeError struct {
	// Method is the request the result answers.
	Method string
	// ResultType is the value the server sent.
	ResultType string
}

// Error implements error.
func (e *ResultTypeError) Error() string {
	return fmt.Sprintf("%s: the server answered with resultType %q, which toolbench does not know (it knows complete and input_required)", e.Method, e.ResultType)
}

// ExcludedToolError refuses a call of a tool a client must not call.
type ExcludedToolError struct {
	// Tool is the tool's name.
	Tool string
	// Why is the reason, as tool.Tool.Excluded gives it.
	Why string
}

// Error implements error.
func (e *ExcludedToolError) Error() string {
	return fmt.Sprintf("toolbench does not call %s: %s", e.Tool, e.Why)
}

// eraRuleError returns the error of the era rules that err carries, if
// any, without mcp-go's "transport error" wrapping, or nil.
func eraRuleError(err error) error {
	var te *transport.Error
	if !errors.As(err, &te) {
		return nil
	}
	var (
		nm *NotModernError
		rt *ResultTypeError
		ex *ExcludedToolError
	)
	switch {
	case errors.As(err, &nm):
		return nm
	case errors.As(err, &rt):
		return rt
	case errors.As(err, &ex):
		return ex
	}
	return nil
}

// The 2026-07-28 error codes, by the spec's names.
const (
	CodeHeaderMismatch                  = mcp.HEADER_MISMATCH
	CodeMissingRequiredClientCapability = mcp.MISSING_REQUIRED_CLIENT_CAPABILITY
	CodeUnsupportedProtocolVersion      = mcp.UNSUPPORTED_PROTOCOL_VERSION
)

// ModernError is what a 2026-07-28 JSON-RPC error (-32020, -32021,
// -32022) says, read from its data.
type ModernError struct {
	// Code is the error's code.
	Code int
	// Name is the spec's name for it: HeaderMismatch,
	// MissingRequiredClientCapability, UnsupportedProtocolVersion.
	Name string
	// Message is the server's message.
	Message string
	// Supported lists the versions the server supports (-32022).
	Supported []string
	// Requested is the version the server was asked for (-32022).
	Requested string
	// RequiredCapabilities names the client capabilities the server
	// needs, sorted (-32021).
	RequiredCapabilities []string
}

// ModernErrorOf returns what a 2026-07-28 error in err's chain says; ok is
// false when err holds none.
func ModernErrorOf(err error) (ModernError, bool) {
	var re *RPCError
	if !errors.As(err, &re) {
		return ModernError{}, false
	}
	me := ModernError{Code: re.Code, Message: re.Message}
	switch re.Code {
	case CodeHeaderMismatch:
		me.Name = "HeaderMismatch"
	case CodeMissingRequiredClientCapability:
		me.Name = "MissingRequiredClientCapability"
		var d struct {
			Required map[string]json.RawMessage `json:"requiredCapabilities"`
		}
		_ = json.Unmarshal(re.Data, &d)
		for k := range d.Required {
			me.RequiredCapabilities = append(me.RequiredCapabilities, k)
		}
		sort.Strings(me.RequiredCapabilities)
	case CodeUnsupportedProtocolVersion:
		me.Name = "UnsupportedProtocolVersion"
		var d struct {
			Supported []string `json:"supported"`
			Requested string   `json:"requested"`
		}
		_ = json.Unmarshal(re.Data, &d)
		me.Supported, me.Requested = d.Supported, d.Requested
	default:
		return ModernError{}, false
	}
	return me, true
}

// isModernCode reports whether code is one of the 2026-07-28 errors.
func isModernCode(code int) bool {
	return code == CodeHeaderMismatch || code == CodeMissingRequiredClientCapability || code == CodeUnsupportedProtocolVersion
}
