// Package collection is saved calls run as tests: a file of named calls,
// each with what its result must show (isError, the outputSchema verdict,
// values at JSON pointers, a stored snapshot), run in order against a
// server and reported as pass or fail with the evidence, as text, JSON or
// JUnit XML. How a call reaches the server is the caller's (Caller); this
// package draws nothing and speaks no protocol.
package collection

import (
	"context"
	"encoding/json"
	"time"
)

// Collection is a file of tests.
type Collection struct {
	// Tests run in this order.
	Tests []Test `json:"tests"`
	// Path is the file it was read from.
	Path string `json:"-"`
}

// Test is one saved call and what its result must show.
type Test struct {
	// Name is unique in the collection; it names the test in reports and
	// its snapshot.
	Name string `json:"name"`
	// Tool is the tool to call, and Arguments the object to send ({}
	// when absent).
	Tool      string          `json:"tool"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
	// Expect is what the result must show.
	Expect Expect `json:"expect"`
	// Elicit answers elicitation requests: "accept-defaults", "decline",
	// "cancel", or the content object to accept with. Sample answers
	// sampling requests: "reject" or the CreateMessageResult object.
	// Roots are the directories offered as roots. Each is nil when
	// absent: the command's own flags apply.
	Elicit json.RawMessage `json:"elicit,omitempty"`
	Sample json.RawMessage `json:"sample,omitempty"`
	Roots  []string        `json:"roots,omitempty"`
	// Timeout bounds the call ("30s"); "" means the command's --timeout.
	Timeout string `json:"timeout,omitempty"`
}

// Expect is what a result must show. Every field is optional; a test
// with none passes when the call returns a result that is not a tool
// error.
type Expect struct {
	// IsError is the result's isError; nil expects false.
	IsError *bool `json:"isError,omitempty"`
	// OutputValid, when set, is the outputSchema verdict.
	OutputValid *bool `json:"outputValid,omitempty"`
	// Match checks values at JSON pointers into the CallToolResult, in
	// the file's order.
	Match []Match `json:"-"`
	// Snapshot compares structuredContent (or content, when there is
	// none) with the stored snapshot, leaving out Ignore's pointers.
	Snapshot bool     `json:"snapshot,omitempty"`
	Ignore   []string `json:"ignore,omitempty"`
}

// Match is one expectation at a pointer: exactly one of Equals, Regex and
// Schema is set. In the file it is "<pointer>": <value>, or {"regex": ..},
// {"schema": ..}, or {"equals": ..} for a literal object of those shapes.
type Match struct {
	Pointer string
	Equals  json.RawMessage
	Regex   string
	Schema  json.RawMessage
}

// Outcome is what one call gave, as the Caller reports it.
type Outcome struct {
	// Result is the whole CallToolResult as sent.
	Result json.RawMessage
	// IsError is its isError.
	IsError bool
	// OutputChecked says an outputSchema judged it, and OutputValid what
	// it said (true when nothing was checked).
	OutputChecked bool
	OutputValid   bool
	// OutputErrors are the outputSchema violations, in words.
	OutputErrors []string
	// Duration is how long the call took.
	Duration time.Duration
}

// Caller makes one test's call. An error means the call gave no result
// (the tool is unknown, the server failed or went away); the test fails
// with it. Run stops at an error that Unreachable reports true for.
type Caller interface {
	// Call calls t.Tool with t.Arguments, answering what the server asks
	// with t's Elicit, Sample and Roots, within t's Timeout.
	Call(ctx context.Context, t Test) (Outcome, error)
}

// Failure is one expectation a result did not meet, with the evidence.
type Failure struct {
	// Check is what failed: "isError", "outputValid", "match", "snapshot"
	// or "call".
	Check string `json:"check"`
	// Pointer is where, for match and snapshot failures.
	Pointer string `json:"pointer,omitempty"`
	// Expected and Got are the values, as JSON.
	Expected json.RawMessage `json:"expected,omitempty"`
	Got      json.RawMessage `json:"got,omitempty"`
	// Reason says it in words.
	Reason string `json:"reason"`
}

// Result is how one test went.
type Result struct {
	// Name is the test's.
	Name string `json:"name"`
	// Tool is the tool it called.
	Tool string `json:"tool"`
	// Passed is true when no expectation failed.
	Passed bool `json:"passed"`
	// Failures are the expectations not met, in the file's order.
	Failures []Failure `json:"failures,omitempty"`
	// Snapshot says what happened to its snapshot: "" (no snapshot
	// expected), SnapshotMatched, SnapshotWritten or SnapshotUpdated.
	Snapshot string `json:"snapshot,omitempty"`
	// DurationMs is how long the call took.
	DurationMs int64 `json:"durationMs"`
}

// What happened to a test's snapshot (Result.Snapshot).
const (
	// SnapshotMatched: the stored snapshot was compared (pass or fail).
	SnapshotMatched = "matched"
	// SnapshotWritten: none was stored yet, so this result became it and
	// nothing was compared.
	SnapshotWritten = "written"
	// SnapshotUpdated: --update replaced the stored one.
	SnapshotUpdated = "updated"
)

// Report is a run of a collection.
type Report struct {
	// Collection is the file's path.
	Collection string `json:"collection"`
	// Results are in the collection's order.
	Results []Result `json:"results"`
	// Passed and Failed count them.
	Passed int `json:"passed"`
	Failed int `json:"failed"`
}

// RunOptions change how a collection runs.
type RunOptions struct {
	// Update rewrites the stored snapshots with what the calls return.
	Update bool
	// Unreachable reports an error that means the server cannot be
	// reached at all; the run stops with it instead of failing each test.
	Unreachable func(error) bool
	// Scrub, when set, is applied to every snapshot before it is
	// compared or written, so a secret a server echoes never reaches the
	// file; its error means the snapshot holds a secret it cannot
	// replace, and nothing of it is written.
	Scrub func([]byte) ([]byte, error)
}
