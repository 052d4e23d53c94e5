package collection

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/schemaform"
)

// judge weighs one outcome against its test's expectations.
type judge struct {
	test   Test
	out    Outcome
	store  *snapshots
	update bool
	scrub  func([]byte) ([]byte, error)
}

// run returns the failures, in the order the expectations are written,
// and what happened to the snapshot.
func (j judge) run() ([]Failure, string) {
	var fails []Failure
	e := j.test.Expect
	if f, failed := j.isError(); failed {
		fails = append(fails, f)
	}
	if f, failed := j.outputValid(); failed {
		fails = append(fails, f)
	}
	if len(e.Match) == 0 && !e.Snapshot {
		return fails, ""
	}
	root, err := jsondoc.Parse(j.out.Result)
	if err != nil {
		return append(fails, Failure{Check: "call", Reason: "the result is not JSON: " + err.Error()}), ""
	}
	for _, m := range e.Match {
		if f, failed := checkMatch(m, root.Lookup(m.Pointer)); failed {
			fails = append(fails, f)
		}
	}
	if !e.Snapshot {
		return fails, ""
	}
	f, state, failed := j.snapshot(root)
	if failed {
		fails = append(fails, f)
	}
	return fails, state
}

// isError checks the result's isError. A test that does not say expects
// false: a tool error is never what a saved call meant to pass on.
func (j judge) isError() (Failure, bool) {
	want, said := false, j.test.Expect.IsError != nil
	if said {
		want = *j.test.Expect.IsError
	}
	if want == j.out.IsError {
		return Failure{}, false
	}
	reason := fmt.Sprintf("isError is %t, want %t", j.out.IsError, want)
	if !said {
		reason += " (a test without expect.isError expects false)"
	}
	return Failure{Check: "isError", Pointer: "/isError", Expected: jsonBool(want), Got: jsonBool(j.out.IsError), Reason: reason}, true
}

// outputValid checks the outputSchema verdict.
func (j judge) outputValid() (Failure, bool) {
	want := j.test.Expect.OutputValid
	if want == nil || *want == j.out.OutputValid {
		return Failure{}, false
	}
	f := Failure{Check: "outputValid", Expected: jsonBool(*want), Got: jsonBool(j.out.OutputValid)}
	switch {
	case !j.out.OutputValid:
		f.Reason = "structuredContent breaks the outputSchema: " + strings.Join(j.out.OutputErrors, "; ")
	case !j.out.OutputChecked:
		f.Reason = "no outputSchema judged the result (the tool declares none), want a failed verdict"
	default:
		f.Reason = "structuredContent meets the outputSchema, want a failed verdict"
	}
	return f, true
}

// checkMatch checks one expectation against the value at its pointer (nil
// when there is none).
func checkMatch(m Match, got *jsondoc.Value) (Failure, bool) {
	f := Failure{Check: "match", Pointer: m.Pointer, Expected: matchExpected(m)}
	if got == nil {
		f.Reason = "absent: the result has nothing at " + pointerName(m.Pointer)
		return f, true
	}
	f.Got = json.RawMessage(got.Marshal())
	switch {
	case m.Regex != "":
		// Load compiled it already; a Collection built in code may not
		// have been through Load.
		re, err := regexp.Compile(m.Regex)
		if err != nil {
			f.Reason = "the regex does not compile: " + err.Error()
			return f, true
		}
		text := got.Text()
		if !got.IsString() {
			text = string(got.Marshal())
		}
		if re.MatchString(text) {
			return f, false
		}
		f.Reason = fmt.Sprintf("does not match /%s/", m.Regex)
	case m.Schema != nil:
		v, err := schemaform.NewValidator(m.Schema)
		if err != nil {
			f.Reason = "the schema does not compile: " + err.Error()
			return f, true
		}
		violations := v.ValidateValue(got.Any())
		if len(violations) == 0 {
			return f, false
		}
		f.Reason = "breaks the schema: " + violationWords(violations)
	default:
		if jsondoc.Equal(m.Equals, got.Marshal()) {
			return f, false
		}
		f.Reason = "not equal to the expected value"
	}
	return f, true
}

// matchExpected is what a match expects, as JSON: the literal, or the
// matcher object.
func matchExpected(m Match) json.RawMessage {
	switch {
	case m.Regex != "":
		b, _ := json.Marshal(map[string]string{"regex": m.Regex})
		return b
	case m.Schema != nil:
		return json.RawMessage(`{"schema":` + string(m.Schema) + `}`)
	}
	return m.Equals
}

// violationWords lists schema violations on one line.
func violationWords(vs []schemaform.Violation) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = v.String()
	}
	return strings.Join(parts, "; ")
}

// pointerName shows a pointer, the root ("") as "(root)".
func pointerName(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}

func jsonBool(b bool) json.RawMessage {
	if b {
		return json.RawMessage("true")
	}
	return json.RawMessage("false")
}
