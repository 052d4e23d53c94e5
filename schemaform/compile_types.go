package schemaform

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

var knownTypes = []string{"string", "number", "integer", "boolean", "null", "object", "array"}

// fillKeywords compiles a schema object that has no $ref or allOf.
func (c *compiler) fillKeywords(s *Shape, v *jsondoc.Value, over []*jsondoc.Value) {
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
	case v.Get("enum") != nil:
		c.fillEnum(s, v)
		return
	case v.Get("const") != nil:
		s.Kind, s.Const, s.constV = KindConst, json.RawMessage(v.Get("const").Raw()), v.Get("const")
		return
	case v.Get("oneOf") != nil || v.Get("anyOf") != nil:
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
		fillAny(s)
	case 1:
		c.fillType(s, v, types[0])
	default:
		c.fillTypeUnion(s, v, types)
	}
}

// declaredTypes reads "type"; ok is false for a type name JSON Schema lacks.
func (c *compiler) declaredTypes(v *jsondoc.Value) ([]string, bool) {
	t := v.Get("type")
	if t == nil {
		return nil, true
	}
	var names []string
	switch t.Kind() {
	case jsondoc.String:
		names = []string{t.Text()}
	case jsondoc.Array:
		for _, x := range t.Items() {
			if !x.IsString() {
				c.warn(t.Pointer(), "type lists %s, which is not a type name", string(x.Raw()))
				return nil, false
			}
			names = append(names, x.Text())
		}
	default:
		c.warn(t.Pointer(), "type must be a string or an array of strings, not %s", kindName(t.Kind()))
		return nil, false
	}
	for _, n := range names {
		if !slices.Contains(knownTypes, n) {
			c.warn(t.Pointer(), "unknown type %q (JSON Schema types are %s)", n, strings.Join(knownTypes, ", "))
			return nil, false
		}
	}
	return names, true
}

// inferType guesses the type of a schema without "type" from its keywords,
// as generators that omit it expect readers to.
func inferType(v *jsondoc.Value) string {
	has := func(keys ...string) bool {
		for _, k := range keys {
			if v.Get(k) != nil {
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

func (c *compiler) fillType(s *Shape, v *jsondoc.Value, t string) {
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

func (c *compiler) fillEnum(s *Shape, v *jsondoc.Value) {
	e := v.Get("enum")
	if !e.IsArray() || len(e.Items()) == 0 {
		c.warn(e.Pointer(), "enum must be a non-empty array; no value can be valid")
		c.rawShape(s, v, "the enum is empty or malformed; edit as JSON")
		return
	}
	var names []*jsondoc.Value
	if n := v.Get("enumNames"); n != nil && n.IsArray() && len(n.Items()) == len(e.Items()) {
		names = n.Items()
	}
	seen := map[string]bool{}
	for i, x := range e.Items() {
		key := canonical(x)
		if seen[key] {
			c.warn(e.Pointer(), "enum lists %s more than once", string(x.Raw()))
			continue
		}
		seen[key] = true
		ch := Choice{Value: json.RawMessage(x.Raw()), Label: choiceLabel(x), v: x}
		if names != nil && names[i].Kind() == jsondoc.String {
			ch.Label = names[i].Text()
		}
		if x.Kind() == jsondoc.Null {
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
func canonical(x *jsondoc.Value) string {
	var b bytes.Buffer
	if err := json.Compact(&b, x.Raw()); err != nil {
		return string(x.Raw())
	}
	return b.String()
}

// choiceLabel shows a value the way a select lists it: strings bare,
// everything else as JSON.
func choiceLabel(x *jsondoc.Value) string {
	if x.IsString() {
		return x.Text()
	}
	return string(x.Raw())
}

func (c *compiler) fillString(s *Shape, v *jsondoc.Value) {
	r := &s.String
	r.MinLength, r.MaxLength = intKeyword(v, "minLength"), intKeyword(v, "maxLength")
	r.Format, _ = v.GetString("format")
	r.ContentMediaType, _ = v.GetString("contentMediaType")
	if p, ok := v.GetString("pattern"); ok {
		r.Pattern = p
		if _, err := compilePattern(p); err != nil {
			r.PatternError = err.Error()
			c.warn(v.Get("pattern").Pointer(), "pattern %q cannot be compiled (%v); it is not enforced", p, err)
		}
	}
	r.Multiline = looksMultiline(s, r, v)
}

// multilineWords in a title or description suggest long text.
var multilineWords = []string{"multi-line", "multiline", "markdown", "paragraph", "full text",
	"long text", "free text", "free-form text", "多行", "正文", "段落"}

// looksMultiline guesses whether a string is long text. A format, a
// pattern or a list of allowed values says what the text looks like, and
// it is never a text area: Notion's page_id (format uuid) got one from
// the words of its description, and enter stored "abc\n".
func looksMultiline(s *Shape, r *StringRules, v *jsondoc.Value) bool {
	if r.Format != "" || r.Pattern != "" || v.Has("enum") || v.Has("const") {
		return false
	}
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

func (c *compiler) fillNumber(s *Shape, v *jsondoc.Value) {
	r := &s.Number
	r.Minimum, r.Maximum = numKeyword(v, "minimum"), numKeyword(v, "maximum")
	r.MultipleOf = numKeyword(v, "multipleOf")
	r.Format, _ = v.GetString("format")
	// Draft-04 wrote exclusive bounds as booleans that qualify minimum and
	// maximum; later drafts give the bound itself.
	for _, b := range []struct {
		key   string
		bound **Number
		excl  **Number
	}{{"exclusiveMinimum", &r.Minimum, &r.ExclusiveMinimum}, {"exclusiveMaximum", &r.Maximum, &r.ExclusiveMaximum}} {
		x := v.Get(b.key)
		switch {
		case x == nil:
		case x.IsTrue():
			*b.excl, *b.bound = *b.bound, nil
		case x.Kind() == jsondoc.Number:
			*b.excl = newNumber(x.Text())
		}
	}
}

func intKeyword(v *jsondoc.Value, key string) *int {
	x := v.Get(key)
	if x == nil || x.Kind() != jsondoc.Number {
		return nil
	}
	f, err := strconv.ParseFloat(x.Text(), 64)
	if err != nil || f < 0 || f > 1<<31 {
		return nil
	}
	n := int(f)
	return &n
}

func numKeyword(v *jsondoc.Value, key string) *Number {
	x := v.Get(key)
	if x == nil || x.Kind() != jsondoc.Number {
		return nil
	}
	return newNumber(x.Text())
}
