package schemaform

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// Form is a compiled schema and the value being edited in it. It is not
// safe for concurrent use.
type Form struct {
	// Root is the value tree's root node.
	Root *Node
	// Warnings are problems in the schema the form works around.
	Warnings []Warning
	// Schema is the schema as given.
	Schema json.RawMessage

	validator    *Validator
	validatorErr error
}

// SyntaxError is text that is not JSON, with the byte offset where it goes
// wrong.
type SyntaxError = jsondoc.SyntaxError

// Compile turns a JSON Schema into a form. Every schema compiles to
// something editable: what the form cannot express becomes a raw JSON
// field, with a warning saying why. Only text that is not JSON at all is an
// error (a *SyntaxError with the byte offset); the form returned with it is
// a single raw JSON field, so a caller can still offer editing.
func Compile(raw json.RawMessage) (*Form, error) {
	doc, err := jsondoc.Parse(raw)
	if err != nil {
		f := &Form{Schema: raw, Root: newNode(&Shape{Kind: KindRaw, Note: "the schema is not valid JSON"}, nil)}
		return f, fmt.Errorf("compile schema: %w", err)
	}
	c := newCompiler(doc)
	shape := c.compile(doc, nil)
	f := &Form{Schema: raw, Warnings: c.warnings, Root: newNode(shape, nil)}
	f.Root.Required = true
	if shape.Kind == KindObject || shape.Kind == KindMap {
		// Tool arguments are an object even when nothing is filled in.
		f.Root.open()
	}
	return f, nil
}

// Shape returns the root shape.
func (f *Form) Shape() *Shape { return f.Root.Shape }

// JSON returns the value the form holds: the arguments a call would send.
// Unset optional fields are left out; every edit, even an invalid one, is
// represented (a number typed as "abc" is sent as the string "abc"), so
// what is shown is what is sent.
func (f *Form) JSON() json.RawMessage {
	if f.Root.state == Unset {
		return json.RawMessage("null")
	}
	return f.Root.JSON()
}

// SetJSON loads a value into the form, keeping parts the schema does not
// describe (they become extra entries or raw fields), so SetJSON followed by
// JSON gives the same value back.
func (f *Form) SetJSON(value json.RawMessage) error {
	v, err := jsondoc.Parse(value)
	if err != nil {
		return fmt.Errorf("load value: %w", err)
	}
	f.Root.setValue(v)
	return nil
}

// ErrNoValidator means the schema is usable for the form but the validator
// could not compile it (an unknown type, say); checks fall back to the
// form's own per-field checks.
var ErrNoValidator = errors.New("the schema cannot be compiled for validation")

func (f *Form) getValidator() (*Validator, error) {
	if f.validator == nil && f.validatorErr == nil {
		f.validator, f.validatorErr = NewValidator(f.Schema)
		if f.validatorErr != nil {
			f.validatorErr = fmt.Errorf("%w: %v", ErrNoValidator, f.validatorErr)
		}
	}
	return f.validator, f.validatorErr
}
