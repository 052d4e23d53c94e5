package schemaform

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

var knownTypes = []string{"string", "number", "integer", "boolean", "null", "object", "array"}

// fillKeywords compiles a schema object that has no $ref or allOf.
func (c *compiler) fillKeywords(s *Shape, v *jv, over []*jv) {
	s.origin = v
	types, ok := c.declaredTypes(v)
	if !ok {
		c.rawShape(s, v, "the schema's type is not one toolbench knows; edit as JSON")
		return
	}
	if i := slices.Index(types, "null"); i >= 0 && len(types) > 1 {
		s.Nullable = true
		types = slices.Delete(slices.Clone(types), i, i+1)
	}
	switch {
	case v.get("enum") != nil:
		c.fillEnum(s, v)
		return
	case v.get("const") != nil:
		s.Kind, s.Const, s.constV = KindConst, json.RawMessage(v.get("const").raw), v.get("const")
		return
	case v.get("oneOf") != nil || v.get("anyOf") != nil:
		if c.fillUnion(s, v, over) {
			return
		}
	}
	if len(types) == 0 {
		if t := inferType(v); t != "" {
			types = []string{t}
		}
	}
	switch len(types) {
	case 0:
		c.rawShape(s, v, "")
	case 1:
		c.fillType(s, v, types[0])
	default:
		c.fillTypeUnion(s, v, types)
	}
}

// declaredTypes reads "type"; ok is false for a type name JSON Schema lacks.
func (c *compiler) declaredTypes(v *jv) ([]string, bool) {
	t := v.get("type")
	if t == nil {
		return nil, true
	}
	var names []string
	switch t.kind {
	case jStr:
		names = []string{t.str}
	case jArr:
		for _, x := range t.arr {
			if x.kind != jStr {
				c.warn(t.pointer(), "type lists %s, which is not a type name", string(x.raw))
				return nil, false
			}
			names = append(names, x.str)
		}
	default:
		c.warn(t.pointer(), "type must be a string or an array of strings, not %s", kindName(t.kind))
		return nil, false
	}
	for _, n := range names {
		if !slices.Contains(knownTypes, n) {
			c.warn(t.pointer(), "unknown type %q (JSON Schema types are %s)", n, strings.Join(knownTypes, ", "))
			return nil, false
		}
	}
	return names, true
}

// inferType guesses the type of a schema without "type" from its keywords,
// as generators that omit it expect readers to.
func inferType(v *jv) string {
	has := func(keys ...string) bool {
		for _, k := range keys {
			if v.get(k) != nil {
				return true
			}
		}
		return false
	}
	switch {
	case has("properties", "additionalProperties", "patternProperties", "required", "minProperties", "maxProperties", "propertyNames"):
		return "object"
	case has("items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"):
		return "array"
	case has("minLength", "maxLength", "pattern", "format", "contentMediaType"):
		return "string"
	case has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
		return "number"
	}
	return ""
}

func (c *compiler) fillType(s *Shape, v *jv, t string) {
	switch t {
	case "string":
		s.Kind = KindString
		c.fillString(s, v)
	case "number", "integer":
		s.Kind = KindNumber
		if t == "integer" {
			s.Kind = KindInteger
		}
		c.fillNumber(s, v)
	case "boolean":
		s.Kind = KindBoolean
	case "null":
		s.Kind = KindNull
	case "object":
		c.fillObject(s, v)
	case "array":
		c.fillArray(s, v)
	}
}

func (c *compiler) fillEnum(s *Shape, v *jv) {
	e := v.get("enum")
	if e.kind != jArr || len(e.arr) == 0 {
		c.warn(e.pointer(), "enum must be a non-empty array; no value can be valid")
		c.rawShape(s, v, "the enum is empty or malformed; edit as JSON")
		return
	}
	var names []*jv
	if n := v.get("enumNames"); n != nil && n.kind == jArr && len(n.arr) == len(e.arr) {
		names = n.arr
	}
	seen := map[string]bool{}
	for i, x := range e.arr {
		key := canonical(x)
		if seen[key] {
			c.warn(e.pointer(), "enum lists %s more than once", string(x.raw))
			continue
		}
		seen[key] = true
		ch := Choice{Value: json.RawMessage(x.raw), Label: choiceLabel(x), v: x}
		if names != nil && names[i].kind == jStr {
			ch.Label = names[i].str
		}
		if x.kind == jNull {
			s.Nullable = true
		}
		s.Choices = append(s.Choices, ch)
	}
	s.Kind = KindEnum
	if len(s.Choices) == 1 {
		s.Kind, s.Const, s.constV = KindConst, s.Choices[0].Value, s.Choices[0].v
	}
}

// canonical is a value's identity for duplicate checks: its compact JSON.
func canonical(x *jv) string {
	var b bytes.Buffer
	if err := json.Compact(&b, x.raw); err != nil {
		return string(x.raw)
	}
	return b.String()
}

// choiceLabel shows a value the way a select lists it: strings bare,
// everything else as JSON.
func choiceLabel(x *jv) string {
	if x.kind == jStr {
		return x.str
	}
	return string(x.raw)
}

func (c *compiler) fillString(s *Shape, v *jv) {
	r := &s.String
	r.MinLength, r.MaxLength = intKeyword(v, "minLength"), intKeyword(v, "maxLength")
	r.Format, _ = v.getStr("format")
	r.ContentMediaType, _ = v.getStr("contentMediaType")
	if p, ok := v.getStr("pattern"); ok {
		r.Pattern = p
		if _, err := compilePattern(p); err != nil {
			r.PatternError = err.Error()
			c.warn(v.get("pattern").pointer(), "pattern %q cannot be compiled (%v); it is not enforced", p, err)
		}
	}
	r.Multiline = looksMultiline(s, r)
}

// multilineWords in a title or description suggest long text.
var multilineWords = []string{"multi-line", "multiline", "markdown", "paragraph", "full text",
	"long text", "free text", "free-form text", "多行", "正文", "段落"}

func looksMultiline(s *Shape, r *StringRules) bool {
	if r.ContentMediaType != "" && !strings.Contains(r.ContentMediaType, "json") {
		return true
	}
	if r.MaxLength != nil && *r.MaxLength >= 1000 {
		return true
	}
	text := strings.ToLower(s.Title + " " + s.Description)
	for _, w := range multilineWords {
		if strings.Contains(text, w) {
			return true
		}
	}
	return containsWord(text, "body")
}

// containsWord reports w in text as a whole word.
func containsWord(text, w string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], w)
		if j < 0 {
			return false
		}
		at := i + j
		end := at + len(w)
		if (at == 0 || !isWordByte(text[at-1])) && (end == len(text) || !isWordByte(text[end])) {
			return true
		}
		i = at + 1
	}
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func (c *compiler) fillNumber(s *Shape, v *jv) {
	r := &s.Number
	r.Minimum, r.Maximum = numKeyword(v, "minimum"), numKeyword(v, "maximum")
	r.MultipleOf = numKeyword(v, "multipleOf")
	r.Format, _ = v.getStr("format")
	// Draft-04 wrote exclusive bounds as booleans that qualify minimum and
	// maximum; later drafts give the bound itself.
	for _, b := range []struct {
		key   string
		bound **Number
		excl  **Number
	}{{"exclusiveMinimum", &r.Minimum, &r.ExclusiveMinimum}, {"exclusiveMaximum", &r.Maximum, &r.ExclusiveMaximum}} {
		x := v.get(b.key)
		switch {
		case x == nil:
		case x.kind == jBool && x.b:
			*b.excl, *b.bound = *b.bound, nil
		case x.kind == jNum:
			*b.excl = newNumber(x.num)
		}
	}
}

func intKeyword(v *jv, key string) *int {
	x := v.get(key)
	if x == nil || x.kind != jNum {
		return nil
	}
	f, err := strconv.ParseFloat(x.num, 64)
	if err != nil || f < 0 || f > 1<<31 {
		return nil
	}
	n := int(f)
	return &n
}

func numKeyword(v *jv, key string) *Number {
	x := v.get(key)
	if x == nil || x.kind != jNum {
		return nil
	}
	return newNumber(x.num)
}
