package check

import (
	"encoding/json"
	"fmt"

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
}

// Reasons a result is not checked.
const (
	SkipNoSchema = "the tool declares no outputSchema"
	SkipIsError  = "the result is an error (isError), which need not match the outputSchema"
)

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
