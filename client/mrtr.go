package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/mark3labs/mcp-go/mcp"
)

// DefaultMaxRounds bounds a request's input rounds when Options.MaxRounds
// is zero.
const DefaultMaxRounds = 10

// maxStateOnlyRounds bounds the retries in a row that a server asks for
// with a requestState and no inputRequests ("retry later"): each costs a
// request and nobody's time, so a server stuck on it is cut off early.
const maxStateOnlyRounds = 3

// ErrInputRounds is what an *InputRoundsError wraps.
var ErrInputRounds = errors.New("the server kept asking for input")

// InputRoundsError says that a request still came back input_required
// after the round limit (or after maxStateOnlyRounds retries that asked for
// nothing): the server is looping or needs a higher limit.
type InputRoundsError struct {
	// Method and Name name the request ("tools/call", the tool).
	Method, Name string
	// Rounds is how many rounds were answered.
	Rounds int
	// StateOnly is set when the rounds asked for nothing but a retry.
	StateOnly bool
}

// Error implements error.
func (e *InputRoundsError) Error() string {
	if e.StateOnly {
		return fmt.Sprintf("%s %s: the server asked to be retried %d times in a row without asking for anything", e.Method, e.Name, e.Rounds)
	}
	return fmt.Sprintf("%s %s: the server still asked for input after %d rounds", e.Method, e.Name, e.Rounds)
}

// Unwrap returns ErrInputRounds.
func (e *InputRoundsError) Unwrap() error { return ErrInputRounds }

func (e *InputRoundsError) hint() string {
	if e.StateOnly {
		return "the server may be overloaded; try again later"
	}
	// No flag raises the limit, so the hint offers none.
	return fmt.Sprintf("the server may be looping: it asked again after every answer, and toolbench stops after %d rounds of one request", e.Rounds)
}

func (e *InputRoundsError) evidence() Evidence { return Evidence{} }

// InputRequiredError says that an input_required result broke the rules
// of 2026-07-28 (basic/patterns/mrtr): neither inputRequests nor
// requestState, an input request of an unknown kind, or members of the
// wrong JSON type.
type InputRequiredError struct {
	// Method and Name name the request.
	Method, Name string
	// Round is the 1-based round whose result was wrong.
	Round int
	// Problem says what was wrong.
	Problem string
	// Excerpt is the start of the result as sent.
	Excerpt string
}

// Error implements error.
func (e *InputRequiredError) Error() string {
	return fmt.Sprintf("%s %s: round %d: invalid input_required result: %s", e.Method, e.Name, e.Round, e.Problem)
}

func (e *InputRequiredError) hint() string {
	return "the server breaks the 2026-07-28 multi-round-trip rules (basic/patterns/mrtr); the result is shown in the protocol log"
}

func (e *InputRequiredError) evidence() Evidence { return Evidence{} }

// inputRequired is an input_required result's members, raw.
type inputRequired struct {
	ResultType    string                     `json:"resultType"`
	InputRequests map[string]json.RawMessage `json:"inputRequests"`
	RequestState  json.RawMessage            `json:"requestState"`
}

// parseInputRequired returns the input_required members of raw, nil when
// raw is any other result (a missing resultType means complete).
func parseInputRequired(raw json.RawMessage) (*inputRequired, string) {
	var head struct {
		ResultType string `json:"resultType"`
	}
	if json.Unmarshal(raw, &head) != nil || head.ResultType != string(mcp.ResultTypeInputRequired) {
		return nil, ""
	}
	var ir inputRequired
	if err := json.Unmarshal(raw, &ir); err != nil {
		return nil, "inputRequests must be an object of requests: " + err.Error()
	}
	if len(ir.RequestState) > 0 {
		var state string
		if json.Unmarshal(ir.RequestState, &state) != nil {
			return nil, "requestState must be a string"
		}
	}
	if ir.InputRequests == nil && len(ir.RequestState) == 0 {
		return nil, "it has neither inputRequests nor requestState"
	}
	return &ir, ""
}

// roundTrip sends a request that may come back input_required on protocol
// 2026-07-28 (tools/call, prompts/get, resources/read) and drives its
// rounds: each round's input requests are put to Options.Answer one at a
// time, and the request is sent again, under a new id, with the answers in
// inputResponses and the requestState copied byte for byte. send issues the
// request once on the context it gets (mcp-go stops after one round: see
// clientOptions). The returned capture holds the final round's reply;
// the error is send's, or why the rounds could not go on.
func (s *Session) roundTrip(ctx context.Context, call *inflight, method, name string, send func(context.Context) error) (*capture, error) {
	limit := s.opts.MaxRounds
	if limit <= 0 {
		limit = DefaultMaxRounds
	}
	var sp *splice
	stateOnly := 0
	for round := 1; ; round++ {
		rctx, c := withCapture(withSplice(ctx, sp), method)
		err := send(rctx)
		raw, rpcErr := c.reply()
		if rpcErr != nil || raw == nil {
			return c, err
		}
		ir, problem := parseInputRequired(raw)
		switch {
		case problem != "":
			return c, &InputRequiredError{Method: method, Name: name, Round: round, Problem: problem, Excerpt: truncate(string(raw), 300)}
		case ir == nil:
			return c, nil
		case round >= limit:
			return &capture{}, &InputRoundsError{Method: method, Name: name, Rounds: round}
		}
		if len(ir.InputRequests) == 0 {
			if stateOnly++; stateOnly >= maxStateOnlyRounds {
				return &capture{}, &InputRoundsError{Method: method, Name: name, Rounds: stateOnly, StateOnly: true}
			}
		} else {
			stateOnly = 0
		}
		sp, err = s.answerRound(ctx, call, method, name, round, ir)
		if err != nil {
			// Nothing is outstanding: the capture is empty so that no
			// cancellation is sent for the answered request.
			return &capture{}, err
		}
	}
}

// answerRound answers one round's input requests in key order and returns
// the retry's splice.
func (s *Session) answerRound(ctx context.Context, call *inflight, method, name string, round int, ir *inputRequired) (*splice, error) {
	keys := make([]string, 0, len(ir.InputRequests))
	for k := range ir.InputRequests {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	responses := make(map[string]json.RawMessage, len(keys))
	for _, key := range keys {
		var req struct {
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		if err := json.Unmarshal(ir.InputRequests[key], &req); err != nil {
			return nil, &InputRequiredError{Method: method, Name: name, Round: round, Problem: fmt.Sprintf("input request %q is not a request object", key)}
		}
		kind := AskKind(req.Method)
		if kind != AskElicit && kind != AskSample && kind != AskRoots {
			return nil, &InputRequiredError{Method: method, Name: name, Round: round,
				Problem: fmt.Sprintf("input request %q asks for %q, which is none of elicitation/create, sampling/createMessage, roots/list", key, truncate(req.Method, 60))}
		}
		res, err := s.ask(ctx, call, Ask{Kind: kind, Params: req.Params, Round: round, Key: key})
		if err != nil {
			return nil, &askError{fmt.Errorf("round %d: %w", round, err)}
		}
		responses[key] = res
	}
	sp := &splice{method: method, members: map[string]json.RawMessage{}}
	if len(responses) > 0 {
		b, err := json.Marshal(responses)
		if err != nil {
			return nil, fmt.Errorf("%s %s: round %d: encode answers: %w", method, name, round, err)
		}
		sp.members["inputResponses"] = b
	}
	if len(ir.RequestState) > 0 {
		sp.members["requestState"] = ir.RequestState
	}
	return sp, nil
}

// askError is an Answerer's refusal that ended a request's rounds. It is
// the request's error as it is: not a transport failure to explain, even
// when it wraps io.EOF (a policy file cut short).
type askError struct{ err error }

// Error implements error.
func (e *askError) Error() string { return e.err.Error() }

// Unwrap returns the refusal.
func (e *askError) Unwrap() error { return e.err }
