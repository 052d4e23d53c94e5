package schemaform

import (
	"encoding/json"
	"fmt"
	"slices"
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
	ix       *index
	memo     map[memoKey]*Shape
	warnings []Warning
	warned   map[string]bool
	depth    int
	merged   map[*jv]mergeResult
}

type memoKey struct{ schema, site *jv }

func newCompiler(root *jv) *compiler {
	return &compiler{ix: newIndex(root), memo: map[memoKey]*Shape{}, warned: map[string]bool{}, merged: map[*jv]mergeResult{}}
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
func (c *compiler) compile(v *jv, over []*jv) *Shape {
	var site *jv
	if len(over) > 0 {
		site = over[0]
	}
	key := memoKey{v, site}
	if s := c.memo[key]; s != nil {
		return s
	}
	s := &Shape{SchemaPointer: v.pointer(), Raw: json.RawMessage(v.raw)}
	if site != nil {
		s.SchemaPointer = site.pointer()
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
func (c *compiler) fill(s *Shape, v *jv, over []*jv) {
	switch v.kind {
	case jBool:
		if !v.b {
			c.rawShape(s, v, "the schema is false: no value is valid here")
			return
		}
		c.rawShape(s, v, "")
		return
	case jObj:
	default:
		c.warn(v.pointer(), "a schema must be an object or a boolean, not %s", kindName(v.kind))
		c.rawShape(s, v, "not a usable schema; edit as JSON")
		return
	}
	if ref, ok := v.getStr("$ref"); ok {
		c.fillRef(s, v, ref, over)
		return
	}
	if all := v.get("allOf"); all != nil && all.kind == jArr {
		c.fillAllOf(s, v, over)
		return
	}
	c.applyAnnotations(s, v, over)
	c.fillKeywords(s, v, over)
}

func (c *compiler) fillRef(s *Shape, v *jv, ref string, over []*jv) {
	target, err := c.ix.resolve(ref, v)
	if err != nil {
		re := err.(*refError)
		if !re.remote {
			c.warn(v.pointer(), "%v", err)
		}
		c.applyAnnotations(s, v, over)
		c.rawShape(s, v, re.Error()+"; edit as JSON")
		return
	}
	if target == v || slices.Contains(over, target) {
		c.warn(v.pointer(), "$ref %q loops back to itself with no schema in between", ref)
		c.applyAnnotations(s, v, over)
		c.rawShape(s, v, "a $ref cycle with no base case; edit as JSON")
		return
	}
	s.Raw = json.RawMessage(target.raw)
	if hasValidationSiblings(v) && !c.ix.draft04 {
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

func hasValidationSiblings(v *jv) bool {
	for _, k := range v.keys {
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
func (c *compiler) applyAnnotations(s *Shape, v *jv, over []*jv) {
	c.annotate(s, v)
	for i := len(over) - 1; i >= 0; i-- {
		c.annotate(s, over[i])
	}
}

func (c *compiler) annotate(s *Shape, v *jv) {
	if t, ok := v.getStr("title"); ok {
		s.Title = t
	}
	if d, ok := v.getStr("description"); ok {
		s.Description = d
	}
	if d := v.get("default"); d != nil {
		s.Default = json.RawMessage(d.raw)
	}
	if e := v.get("examples"); e != nil && e.kind == jArr {
		s.Examples = s.Examples[:0]
		for _, x := range e.arr {
			s.Examples = append(s.Examples, json.RawMessage(x.raw))
		}
	} else if e := v.get("example"); e != nil {
		s.Examples = []json.RawMessage{json.RawMessage(e.raw)}
	}
	for _, f := range [...]struct {
		key string
		dst *bool
	}{{"deprecated", &s.Deprecated}, {"readOnly", &s.ReadOnly}, {"writeOnly", &s.WriteOnly}, {"nullable", &s.Nullable}} {
		if b := v.get(f.key); b != nil && b.kind == jBool && b.b {
			*f.dst = true
		}
	}
}

// rawShape makes s a raw JSON field, keeping annotations already set.
func (c *compiler) rawShape(s *Shape, v *jv, note string) {
	s.Kind = KindRaw
	if note != "" {
		s.Note = note
	}
	if v.kind == jObj && s.Title == "" && s.Description == "" {
		c.annotate(s, v)
	}
}

func kindName(k jkind) string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// withoutKeys copies object v without the named members.
func withoutKeys(v *jv, drop ...string) *jv {
	out := &jv{kind: jObj, ptr: v.pointer(), raw: v.raw}
	for i, k := range v.keys {
		if !slices.Contains(drop, k) {
			out.keys, out.vals = append(out.keys, k), append(out.vals, v.vals[i])
		}
	}
	return out
}
