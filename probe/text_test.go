package probe

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/schemaform"
)

// TestWriteText renders a small report at fixed content.
func TestWriteText(t *testing.T) {
	t.Parallel()
	bad := check.OutputVerdict{Checked: true, Errors: []schemaform.Violation{{InstancePath: "/t", Message: "got string, want number"}}}
	r := &Report{Server: "demo 1.0", Transport: "stdio"}
	r.Options.MaxCases, r.Options.Elicit = 12, "decline"
	r.Tools = []Tool{
		{Name: "weather", Output: &bad, DurationMs: 3,
			Valid: []Case{{Description: "minimal example", Arguments: json.RawMessage(`{}`), Outcome: OutcomeResult,
				Verdict: Fail, Message: "structuredContent does not match the outputSchema (1 violations)", Reply: "{\"t\":\n\"warm\"}"}},
			Invalid: []Case{{Description: "missing required /city", Outcome: OutcomeIsError, Verdict: Pass, Message: MsgRejectedInvalid, DurationMs: 1},
				{Description: "/city as number (wants string)", Outcome: OutcomeResult, Verdict: Warn, Message: MsgTrustsModel,
					Reply: "ok\x1b[31m", ServerRequests: []string{"elicitation/create", "roots/list"}}},
			Notes: []string{"the server went away; reconnected", "the server went away; reconnected"}},
		{Name: "delete", Skipped: MsgNotReadOnly},
	}
	for i := range r.Tools {
		r.Tools[i].judge()
	}
	r.summarize(1234)
	var b strings.Builder
	if err := WriteText(&b, r, func(s string) string { return strings.ReplaceAll(s, "\x1b", `\x1b`) }); err != nil {
		t.Fatal(err)
	}
	want := `probe of demo 1.0 over stdio: read-only tools only, up to 12 invalid calls per tool

weather  FAIL  (3 ms)
  CASE                            OUTCOME  VERDICT  TIME  WHY
  minimal example                 result   ✗ fail   0ms   structuredContent does not match the outputSchema (1 violations)
      server said: {"t": "warm"}
  missing required /city          isError  ✓ pass   1ms   rejected with isError
  /city as number (wants string)  result   ! warn   0ms   accepted invalid input: trusts the model to send valid input
      server said: ok\x1b[31m
      server asked: elicitation/create (answered per --elicit decline), roots/list (answered with the --root directories)
  output: ✗ 1 violation:
    /t: got string, want number
  note: the server went away; reconnected (2 times)

delete  SKIP: not marked read-only; --allow-destructive to include

2 tools: 0 passed, 0 warned, 1 failed, 1 skipped; 3 calls (1 failed, 1 warned) in 1.23s
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
	if !r.Failed() {
		t.Error("a failed tool must fail the report")
	}
}
