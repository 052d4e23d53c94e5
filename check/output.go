package check

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/toolbench/toolbench/schemaform"
)

// OutputVerdict is the judgement of a tool result against the tool's
// outputSchema.
type OutputVerdict struct {
	// Checked is false when there was nothing to check: no outputSchema, or
	// an isError result (error results need not match the success shape).
	Checked bool `json:"checked"`
	// Valid is true when the result passed, or was not checked.
	Valid bool `json:"valid"`
	// Skipped says why the result was not checked.
	Skipped string `json:"skipped,omitempty"`
	// Errors lists every violation, with instance and schema paths.
	Errors []schemaform.Violation `json:"errors"`
	// Notes are what the spec recommends and the result does not do; they
	// do not make it invalid.
	Notes []string `json:"notes,omitempty"`
}

// Reasons a result is not checked.
const (
	SkipNoSchema = "the tool declares no outputSchema"
	SkipIsError  = "the result is an error (isError), which need not match the outputSchema"
)

// Messages are the violations in words, each after its pointer: what
// history keeps and a test report shows.
func (v OutputVerdict) Messages() []string {
	out := make([]string, len(v.Errors))
	for i, e := range v.Errors {
		out[i] = e.String()
	}
	return out
}

// Output validates structuredContent against outputSchema. A missing
// structuredContent where an outputSchema exists is itself a violation: the
// spec says servers MUST provide structured results that conform.
func Output(outputSchema, structuredContent json.RawMessage, isError bool) OutputVerdict {
	switch {
	case len(outputSchema) == 0:
		return OutputVerdict{Valid: true, Skipped: SkipNoSchema, Errors: []schemaform.Violation{}}
	case isError:
		return OutputVerdict{Valid: true, Skipped: SkipIsError, Errors: []schemaform.Violation{}}
	}
	v := OutputVerdict{Checked: true}
	if len(structuredContent) == 0 {
		v.Errors = []schemaform.Violation{{Message: "structuredContent is missing, but the tool declares an outputSchema"}}
		return v
	}
	validator, err := schemaform.NewValidator(outputSchema)
	if err != nil {
		v.Errors = []schemaform.Violation{{SchemaPath: "", Message: fmt.Sprintf("the outputSchema cannot be used: %v", err)}}
		return v
	}
	violations, err := validator.Validate(structuredContent)
	if err != nil {
		v.Errors = []schemaform.Violation{{Message: err.Error()}}
		return v
	}
	v.Valid = len(violations) == 0
	v.Errors = violations
	if v.Errors == nil {
		v.Errors = []schemaform.Violation{}
	}
	return v
}

// NoteNoTextMirror is the note a result gets when structuredContent has no
// text twin.
const NoteNoTextMirror = "no text block carries the structuredContent as JSON; the spec says servers SHOULD add one for clients that do not read structured output"

// Result judges a whole tool result: Output's verdict, plus notes on what
// the spec recommends, such as a text block with the same JSON as the
// structuredContent (texts are the result's text blocks).
func Result(outputSchema, structuredContent json.RawMessage, isError bool, texts []string) OutputVerdict {
	v := Output(outputSchema, structuredContent, isError)
	if len(structuredContent) > 0 && !isError && !TextMirrors(structuredContent, texts) {
		v.Notes = append(v.Notes, NoteNoTextMirror)
	}
	return v
}

// TextMirrors reports whether one of the texts is the same JSON value as
// structured (whitespace and key order aside).
func TextMirrors(structured json.RawMessage, texts []string) bool {
	var want any
	if json.Unmarshal(structured, &want) != nil {
		return false
	}
	for _, t := range texts {
		var got any
		if json.Unmarshal([]byte(t), &got) == nil && reflect.DeepEqual(got, want) {
			return true
		}
	}
	return false
}
