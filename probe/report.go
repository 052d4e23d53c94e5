package probe

import (
	"encoding/json"

	"github.com/toolbench/toolbench/check"
)

// Verdict judges one call, or one tool as a whole.
type Verdict string

// Verdicts, from good to bad, plus the two that mean nothing was judged.
const (
	Pass   Verdict = "pass"
	Warn   Verdict = "warn"
	Fail   Verdict = "fail"
	Skip   Verdict = "skip"
	NotRun Verdict = "not-run"
)

// Outcome is what the server did with one call.
type Outcome string

// Outcomes of a call. ProtocolError is a JSON-RPC error instead of a result;
// Closed means the connection ended during the call (a crash, usually).
const (
	OutcomeResult        Outcome = "result"
	OutcomeIsError       Outcome = "isError"
	OutcomeProtocolError Outcome = "protocol-error"
	OutcomeTimeout       Outcome = "timeout"
	OutcomeClosed        Outcome = "closed"
	OutcomeCancelled     Outcome = "cancelled"
	OutcomeError         Outcome = "error"
	OutcomeNotRun        Outcome = "not-run"
)

// Messages the report uses for verdicts, kept here so that tests and other
// front ends can match them.
const (
	MsgRejectedValid    = "rejected valid input"
	MsgRejectedMinimal  = "rejected the minimal valid input but accepted the full one: the schema may not say everything the tool needs"
	MsgProtocolInvalid  = "protocol error for invalid input (the spec wants isError)"
	MsgProtocolValid    = "protocol error for valid input"
	MsgTrustsModel      = "accepted invalid input: trusts the model to send valid input"
	MsgRejectedInvalid  = "rejected with isError"
	MsgNotReadOnly      = "not marked read-only; --allow-destructive to include"
	MsgNoValidArguments = "toolbench could not generate arguments that satisfy the inputSchema"
	// MsgTaskUnoffered is the note of a tool that requires a task on a
	// server that offers none.
	MsgTaskUnoffered = "not called: the tool requires a task (execution.taskSupport \"required\"), and the server offers none " +
		"(tasks.requests.tools.call on 2025-11-25, the tasks extension on 2026-07-28), so no client may call it"
)

// Case is one call the probe made, valid or deliberately invalid.
type Case struct {
	// Kind is "valid-minimal" or "valid-full" for valid calls, else the
	// Mutation kind.
	Kind string `json:"kind"`
	// Pointer locates the mutated value in the arguments; empty for valid calls.
	Pointer     string          `json:"pointer,omitempty"`
	Description string          `json:"description"`
	Arguments   json.RawMessage `json:"arguments"`
	// Violation is what makes invalid arguments invalid, per the validator.
	Violation string  `json:"violation,omitempty"`
	Outcome   Outcome `json:"outcome"`
	Verdict   Verdict `json:"verdict"`
	// Message says why the verdict is what it is.
	Message string `json:"message"`
	// Reply is the start of the server's answer: the first text block, or
	// the error.
	Reply string `json:"reply,omitempty"`
	// Output is the outputSchema verdict of an accepted valid call.
	Output     *check.OutputVerdict `json:"output,omitempty"`
	DurationMs int64                `json:"durationMs"`
	// ServerRequests names requests the server sent toolbench during the
	// call (elicitation/create, sampling/createMessage, ...).
	ServerRequests []string `json:"serverRequests,omitempty"`
}

// Tool is the probe's findings for one tool.
type Tool struct {
	Name    string  `json:"name"`
	Verdict Verdict `json:"verdict"`
	// Skipped says why the tool was not called.
	Skipped string `json:"skipped,omitempty"`
	// Valid holds the valid calls: the minimal example, then the full one
	// when the minimal one was rejected.
	Valid []Case `json:"valid"`
	// Invalid holds the deliberately invalid calls.
	Invalid []Case `json:"invalid"`
	// Output is the outputSchema verdict of the accepted valid call; nil
	// when no valid call was accepted.
	Output *check.OutputVerdict `json:"output,omitempty"`
	// Notes are things worth knowing that are not verdicts of a call.
	Notes      []string `json:"notes,omitempty"`
	DurationMs int64    `json:"durationMs"`
	// Result is the accepted valid call's result as sent, nil when none
	// was accepted: what the command line judges host rules by. The
	// report's JSON leaves it out (the calls carry what it says).
	Result json.RawMessage `json:"-"`
}

// Summary counts tools and calls by verdict.
type Summary struct {
	Tools   int `json:"tools"`
	Passed  int `json:"passed"`
	Warned  int `json:"warned"`
	Failed  int `json:"failed"`
	Skipped int `json:"skipped"`
	NotRun  int `json:"notRun"`
	// Calls counts the calls made; FailedCalls and WarnedCalls those
	// judged so.
	Calls       int   `json:"calls"`
	FailedCalls int   `json:"failedCalls"`
	WarnedCalls int   `json:"warnedCalls"`
	DurationMs  int64 `json:"durationMs"`
}

// Report is everything one probe run found.
type Report struct {
	// Server names the server and its version, Transport how it was reached.
	Server    string `json:"server,omitempty"`
	Transport string `json:"transport,omitempty"`
	Options   struct {
		AllowDestructive bool   `json:"allowDestructive"`
		Strict           bool   `json:"strict"`
		MaxCases         int    `json:"maxCases"`
		Elicit           string `json:"elicit"`
		Sample           string `json:"sample"`
		// CallTimeoutMs is the bound on each call; 0 for none but the
		// session's.
		CallTimeoutMs int64 `json:"callTimeoutMs,omitempty"`
	} `json:"options"`
	Tools   []Tool  `json:"tools"`
	Summary Summary `json:"summary"`
	// Stopped says why the probe ended before calling every tool.
	Stopped string `json:"stopped,omitempty"`
	// Reconnects counts the times the server went away and was started or
	// reached again.
	Reconnects int `json:"reconnects"`
}

// Failed reports whether the run found a failure, or with strict a
// warning: the exit status of a probe.
func (r *Report) Failed() bool {
	return r.Summary.Failed > 0 || r.Stopped != "" || (r.Options.Strict && r.Summary.Warned > 0)
}

// judge sets the tool's verdict from its calls: the worst call decides.
func (t *Tool) judge() {
	if t.Skipped != "" {
		t.Verdict = Skip
		return
	}
	t.Verdict = Pass
	ran := false
	for _, c := range append(append([]Case(nil), t.Valid...), t.Invalid...) {
		switch c.Verdict {
		case Fail:
			t.Verdict = Fail
		case Warn:
			if t.Verdict != Fail {
				t.Verdict = Warn
			}
		}
		ran = ran || c.Verdict != NotRun
	}
	if !ran && len(t.Valid)+len(t.Invalid) > 0 {
		t.Verdict = NotRun
	}
	if t.Verdict == Pass && len(t.Valid) == 0 && len(t.Notes) > 0 {
		t.Verdict = Warn // nothing could be called; the note says why
	}
}

// summarize counts the report's verdicts.
func (r *Report) summarize(durationMs int64) {
	s := Summary{Tools: len(r.Tools), DurationMs: durationMs}
	for _, t := range r.Tools {
		switch t.Verdict {
		case Pass:
			s.Passed++
		case Warn:
			s.Warned++
		case Fail:
			s.Failed++
		case Skip:
			s.Skipped++
		case NotRun:
			s.NotRun++
		}
		for _, c := range append(append([]Case(nil), t.Valid...), t.Invalid...) {
			if c.Verdict == NotRun {
				continue
			}
			s.Calls++
			switch c.Verdict {
			case Fail:
				s.FailedCalls++
			case Warn:
				s.WarnedCalls++
			}
		}
	}
	r.Summary = s
}
