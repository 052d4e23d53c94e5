package schemaform

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Violation is one way a value breaks its schema.
type Violation struct {
	// InstancePath is a JSON pointer to the offending value ("" is the root).
	InstancePath string `json:"instancePath"`
	// SchemaPath is a JSON pointer to the schema keyword that failed.
	SchemaPath string `json:"schemaPath"`
	Message    string `json:"message"`

	// missing names the absent properties of a "required" violation, so a
	// form can show it beside each missing field.
	missing []string
}

// String is the violation as a person reads it: where, then what. The
// root, whose pointer is "", reads "(root)".
func (v Violation) String() string {
	where := v.InstancePath
	if where == "" {
		where = "(root)"
	}
	return where + ": " + v.Message
}

// Validator checks values against one compiled JSON Schema. It is safe for
// concurrent use.
type Validator struct {
	schema *jsonschema.Schema
}

// schemaURL is where the schema document lives for the compiler; refs
// without a base resolve against it and never leave it.
const schemaURL = "toolbench:///schema.json"

// english renders santhosh's messages; its nil printer panics.
var english = message.NewPrinter(language.English)

// validatorCache holds compiled validators by the sha256 of their schema.
var validatorCache = lru[[sha256.Size]byte, *Validator]{limit: validatorCacheSize}

// NewValidator compiles raw as JSON Schema (2020-12 unless its $schema names
// another draft). Compiled validators are cached by content, so the same
// schema compiles once however often it is checked (while it is among the
// validatorCacheSize most recently used). A schema nested deeper than
// MaxSchemaDepth is refused with a *DepthError.
func NewValidator(raw json.RawMessage) (*Validator, error) {
	key := sha256.Sum256(raw)
	if v, ok := validatorCache.get(key); ok {
		return v, nil
	}
	if err := checkDepth(raw); err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("schema is not valid JSON: %w", err)
	}
	s, err := compileWithDraft(doc, jsonschema.Draft2020)
	if err != nil {
		// A schema without $schema that breaks 2020-12 is often written for
		// an older draft (OpenAPI 3.0 keeps draft-04's boolean exclusive
		// bounds); judge it by the first draft it fits rather than not at all.
		root, _ := doc.(map[string]any)
		if _, declared := root["$schema"]; !declared {
			for _, d := range []*jsonschema.Draft{jsonschema.Draft7, jsonschema.Draft4} {
				if s2, err2 := compileWithDraft(doc, d); err2 == nil {
					s, err = s2, nil
					break
				}
			}
		}
	}
	if err != nil {
		return nil, err
	}
	v := &Validator{schema: s}
	validatorCache.put(key, v)
	return v, nil
}

func compileWithDraft(doc any, draft *jsonschema.Draft) (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(draft)
	c.AssertFormat()
	c.UseLoader(refusingLoader{})
	c.UseRegexpEngine(func(p string) (jsonschema.Regexp, error) {
		if re, err := compilePattern(p); err == nil {
			return re, nil
		}
		return lenientRegexp(p), nil
	})
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, fmt.Errorf("load schema: %w", err)
	}
	s, err := c.Compile(schemaURL)
	if err != nil {
		return nil, fmt.Errorf("compile schema: %w", err)
	}
	return s, nil
}

// refusingLoader keeps the validator off the network and the file system: a
// schema from an untrusted server must not make toolbench fetch anything.
type refusingLoader struct{}

// Load implements jsonschema.URLLoader.
func (refusingLoader) Load(u string) (any, error) {
	return nil, fmt.Errorf("%s is outside the schema; toolbench does not fetch remote schemas", u)
}

// Validate checks instance (JSON text) and returns every violation, deepest
// first within each branch, sorted by instance path.
func (v *Validator) Validate(instance []byte) ([]Violation, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(instance))
	if err != nil {
		return nil, fmt.Errorf("value is not valid JSON: %w", err)
	}
	return v.ValidateValue(doc), nil
}

// ValidateValue checks an already decoded value (numbers as json.Number).
func (v *Validator) ValidateValue(doc any) []Violation {
	err := v.schema.Validate(doc)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []Violation{{Message: err.Error()}}
	}
	var out []Violation
	collectLeaves(ve, &out)
	sort.SliceStable(out, func(i, j int) bool { return out[i].InstancePath < out[j].InstancePath })
	return out
}

// collectLeaves flattens santhosh's error tree to its leaves: the inner
// nodes only say "see below".
func collectLeaves(e *jsonschema.ValidationError, out *[]Violation) {
	if len(e.Causes) > 0 {
		for _, c := range e.Causes {
			collectLeaves(c, out)
		}
		return
	}
	v := Violation{
		InstancePath: jsondoc.Join("", e.InstanceLocation...),
		SchemaPath:   keywordPointer(e.SchemaURL, e.ErrorKind.KeywordPath()),
		Message:      e.ErrorKind.LocalizedString(english),
	}
	if r, ok := e.ErrorKind.(*kind.Required); ok {
		v.missing = r.Missing
	}
	*out = append(*out, v)
}

// keywordPointer joins the fragment of a schema URL with a keyword path.
func keywordPointer(schemaURL string, keyword []string) string {
	frag := ""
	if i := strings.IndexByte(schemaURL, '#'); i >= 0 {
		frag, _ = url.PathUnescape(schemaURL[i+1:])
	}
	return jsondoc.Join(frag, keyword...)
}
