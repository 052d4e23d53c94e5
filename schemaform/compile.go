package schemaform

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// Warning is a problem in a schema that the form works around: the field
// becomes raw JSON, a constraint goes unenforced, a duplicate is dropped.
type Warning struct {
	// Pointer locates the problem in the schema document.
	Pointer string `json:"pointer"`
	Message string `json:"message"`
}

// maxCompileDepth bounds how deep nested schemas are followed.
const maxCompileDepth = 512

// compiler builds the shape graph of one document. Shapes are memoised by
// the schema object and the outermost $ref site that led to it, so a
// recursive schema closes into a cycle of shapes instead of unrolling.
type compiler struct {
	ix       *jsondoc.Refs
	memo     map[memoKey]*Shape
	warnings []Warning
	warned   map[string]bool
	depth    int
	merged   map[*jsondoc.Value]mergeResult
}

type memoKey struct{ schema, site *jsondoc.Value }

func newCompiler(root *jsondoc.Value) *compiler {
	return &compiler{ix: jsondoc.NewRefs(root, schemaURL), memo: map[memoKey]*Shape{}, warned: map[string]bool{}, merged: map[*jsondoc.Value]mergeResult{}}
}

func (c *compiler) warn(ptr, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if c.warned[ptr+"\x00"+msg] {
		return
	}
	c.warned[ptr+"\x00"+msg] = true
	c.warnings = append(c.warnings, Warning{Pointer: displayPointer(ptr), Message: msg})
}

func displayPointer(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

// compile returns the shape of the schema v, reached through the $ref
// sites over (outermost first).
func (c *compiler) compile(v *jsondoc.Value, over []*jsondoc.Value) *Shape {
	var site *jsondoc.Value
	if len(over) > 0 {
		site = over[0]
	}
	key := memoKey{v, site}
	if s := c.memo[key]; s != nil {
		return s
	}
	s := &Shape{SchemaPointer: v.Pointer(), Raw: json.RawMessage(v.Raw())}
	if site != nil {
		s.SchemaPointer = site.Pointer()
	}
	c.memo[key] = s
	c.depth++
	defer func() { c.depth-- }()
	if c.depth > maxCompileDepth {
		c.rawShape(s, v, fmt.Sprintf("nested deeper than %d schemas; edit as JSON", maxCompileDepth))
		return s
	}
	c.fill(s, v, over)
	return s
}

// fill compiles v into s, following $ref and merging allOf first.
func (c *compiler) fill(s *Shape, v *jsondoc.Value, over []*jsondoc.Value) {
	switch v.Kind() {
	case jsondoc.Bool:
		if !v.IsTrue() {
			c.rawShape(s, v, "the schema is false: no value is valid here")
			return
		}
		fillAny(s)
		return
	case jsondoc.Object:
	default:
		c.warn(v.Pointer(), "a schema must be an object or a boolean, not %s", kindName(v.Kind()))
		c.rawShape(s, v, "not a usable schema; edit as JSON")
		return
	}
	if ref, ok := v.GetString("$ref"); ok {
		c.fillRef(s, v, ref, over)
		return
	}
	if all := v.Get("allOf"); all != nil && all.IsArray() {
		c.fillAllOf(s, v, over)
		return
	}
	c.applyAnnotations(s, v, over)
	c.fillKeywords(s, v, over)
}

func (c *compiler) fillRef(s *Shape, v *jsondoc.Value, ref string, over []*jsondoc.Value) {
	target, err := c.ix.Resolve(ref, v)
	if err != nil {
		var re *jsondoc.RefError
		if !errors.As(err, &re) || !re.Outside {
			c.warn(v.Pointer(), "%v", err)
		}
		c.applyAnnotations(s, v, over)
		c.rawShape(s, v, err.Error()+"; edit as JSON")
		return
	}
	if target == v || slices.Contains(over, target) {
		c.warn(v.Pointer(), "$ref %q loops back to itself with no schema in between", ref)
		c.applyAnnotations(s, v, over)
		c.rawShape(s, v, "a $ref cycle with no base case; edit as JSON")
		return
	}
	s.Raw = json.RawMessage(target.Raw())
	if hasValidationSiblings(v) && !c.ix.Draft04() {
		// 2020-12 applies keywords beside $ref as well: treat the pair as allOf.
		c.fill(s, c.synthAllOf(v, target, withoutKeys(v, "$ref")), over)
		return
	}
	c.fill(s, target, append(over, v))
}

// annotationKeys may sit beside $ref without changing what is valid.
var annotationKeys = map[string]bool{"$ref": true, "title": true, "description": true, "default": true,
	"examples": true, "example": true, "deprecated": true, "readOnly": true, "writeOnly": true,
	"$comment": true, "$schema": true, "$id": true, "id": true, "$anchor": true, "$defs": true,
	"definitions": true, "nullable": true, "$dynamicAnchor": true, "discriminator": true}

func hasValidationSiblings(v *jsondoc.Value) bool {
	for _, k := range v.Keys() {
		if !annotationKeys[k] && !isExtensionKey(k) {
			return true
		}
	}
	return false
}

// isExtensionKey reports vendor keywords (OpenAPI's x-...), which carry no
// validation.
func isExtensionKey(k string) bool { return len(k) > 2 && k[0] == 'x' && k[1] == '-' }

// applyAnnotations sets title, description and the like from v, then lets
// each $ref site override them, outermost last so it wins.
func (c *compiler) applyAnnotations(s *Shape, v *jsondoc.Value, over []*jsondoc.Value) {
	c.annotate(s, v)
	for i := len(over) - 1; i >= 0; i-- {
		c.annotate(s, over[i])
	}
}

func (c *compiler) annotate(s *Shape, v *jsondoc.Value) {
	if t, ok := v.GetString("title"); ok {
		s.Title = t
	}
	if d, ok := v.GetString("description"); ok {
		s.Description = d
	}
	if d := v.Get("default"); d != nil {
		s.Default = json.RawMessage(d.Raw())
	}
	if e := v.Get("examples"); e != nil && e.IsArray() {
		s.Examples = s.Examples[:0]
		for _, x := range e.Items() {
			s.Examples = append(s.Examples, json.RawMessage(x.Raw()))
		}
	} else if e := v.Get("example"); e != nil {
		s.Examples = []json.RawMessage{json.RawMessage(e.Raw())}
	}
	for _, f := range [...]struct {
		key string
		dst *bool
	}{{"deprecated", &s.Deprecated}, {"readOnly", &s.ReadOnly}, {"writeOnly", &s.WriteOnly}, {"nullable", &s.Nullable}} {
		if v.Get(f.key).IsTrue() {
			*f.dst = true
		}
	}
}

// rawShape makes s a raw JSON field, keeping annotations already set.
func (c *compiler) rawShape(s *Shape, v *jsondoc.Value, note string) {
	s.Kind = KindRaw
	if note != "" {
		s.Note = note
	}
	if v.IsObject() && s.Title == "" && s.Description == "" {
		c.annotate(s, v)
	}
}

func kindName(k jsondoc.Kind) string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// withoutKeys copies object v without the named members.
func withoutKeys(v *jsondoc.Value, drop ...string) *jsondoc.Value {
	out := v.Shallow()
	out.Delete(drop...)
	return out
}
