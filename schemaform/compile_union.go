package schemaform

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// formKeywords are the keywords that give a branch a shape of its own; a
// oneOf whose branches have none (only "required", say) constrains an
// object rather than offering a choice.
var formKeywords = []string{"type", "properties", "items", "prefixItems", "enum", "const", "$ref",
	"allOf", "anyOf", "oneOf", "additionalProperties", "patternProperties"}

// fillUnion compiles oneOf/anyOf. It returns false when the branches only
// constrain the surrounding schema, which then compiles as if they were
// absent (validation still applies them).
func (c *compiler) fillUnion(s *Shape, v *jsondoc.Value, over []*jsondoc.Value) bool {
	kw := "oneOf"
	list := v.Get(kw)
	if list == nil {
		kw, list = "anyOf", v.Get("anyOf")
	}
	if !list.IsArray() || len(list.Items()) == 0 {
		c.warn(list.Pointer(), "%s must be a non-empty array of schemas", kw)
		return false
	}
	if !slices.ContainsFunc(list.Items(), hasFormKeywords) {
		s.Note = fmt.Sprintf("%s applies constraints that the form does not show; they are validated", kw)
		return false
	}
	if c.fillTitledChoices(s, list) {
		return true
	}
	branches := c.withoutNullBranches(list.Items())
	if len(branches) < len(list.Items()) {
		s.Nullable = true
	}
	if len(branches) == 0 {
		s.Kind = KindNull
		return true
	}
	base := withoutKeys(v, "oneOf", "anyOf", "title", "description", "default", "examples")
	withBase := hasFormKeywords(base) && !slices.ContainsFunc(branches, isTypeNull)
	if len(branches) == 1 {
		// anyOf [T, null]: an optional T, not a choice. The site's title,
		// description and default describe the T.
		b := branches[0]
		if withBase {
			b = c.synthAllOf(v, base, b)
		}
		nullable := s.Nullable
		c.fill(s, b, append(slices.Clone(over), v))
		s.Nullable = s.Nullable || nullable
		return true
	}
	s.Kind = KindUnion
	for i, b := range branches {
		if withBase {
			b = c.synthAllOf(b, base, b)
		}
		vs := c.compile(b, nil)
		s.Variants = append(s.Variants, &Variant{Shape: vs, Label: variantLabel(vs, b, i)})
	}
	s.Discriminator = discriminator(s.Variants)
	if d := v.Get("discriminator"); s.Discriminator == "" && d != nil {
		// OpenAPI names it even where the variants' values are not consts.
		s.Discriminator, _ = d.GetString("propertyName")
	}
	if s.Discriminator != "" {
		for _, vr := range s.Variants {
			if p := vr.Shape.Property(s.Discriminator); p != nil && vr.Shape.Title == "" {
				vr.Label = constLabel(p.Shape)
			}
		}
	}
	uniqueLabels(s.Variants)
	return true
}

func hasFormKeywords(v *jsondoc.Value) bool {
	if v.Kind() == jsondoc.Bool {
		return true
	}
	return slices.ContainsFunc(formKeywords, func(k string) bool { return v.Get(k) != nil })
}

func isTypeNull(v *jsondoc.Value) bool {
	t, ok := v.GetString("type")
	return ok && t == "null" && len(v.Keys()) <= 3 && v.Get("properties") == nil
}

// withoutNullBranches drops {"type": "null"} branches, following $refs to
// see them.
func (c *compiler) withoutNullBranches(branches []*jsondoc.Value) []*jsondoc.Value {
	var out []*jsondoc.Value
	for _, b := range branches {
		t := b
		if ref, ok := b.GetString("$ref"); ok {
			if r, err := c.ix.Resolve(ref, b); err == nil {
				t = r
			}
		}
		if !isTypeNull(t) {
			out = append(out, b)
		}
	}
	return out
}

// fillTitledChoices recognises the titled-enum idiom: every branch a const
// with a title, as MCP elicitation and Pydantic write enums with labels.
func (c *compiler) fillTitledChoices(s *Shape, list *jsondoc.Value) bool {
	var choices []Choice
	for _, b := range list.Items() {
		val := b.Get("const")
		if val == nil {
			if e := b.Get("enum"); e != nil && e.IsArray() && len(e.Items()) == 1 {
				val = e.Items()[0]
			}
		}
		if val == nil || b.Get("properties") != nil {
			return false
		}
		ch := Choice{Value: json.RawMessage(val.Raw()), Label: choiceLabel(val), v: val}
		if t, ok := b.GetString("title"); ok {
			ch.Label = t
		}
		ch.Description, _ = b.GetString("description")
		if val.Kind() == jsondoc.Null {
			s.Nullable = true
		}
		choices = append(choices, ch)
	}
	s.Kind, s.Choices = KindEnum, choices
	return true
}

// fillTypeUnion compiles type: [A, B] as a choice between the types, each
// keeping the keywords that apply to it.
func (c *compiler) fillTypeUnion(s *Shape, v *jsondoc.Value, types []string) {
	s.Kind = KindUnion
	for _, t := range types {
		b := withoutKeys(v, "type", "title", "description", "default", "examples")
		typ := jsondoc.NewString(t)
		typ.SetPointer(v.Pointer() + "/type")
		b.Set("type", typ)
		c.ix.Inherit(b, v)
		vs := &Shape{SchemaPointer: v.Pointer(), Raw: json.RawMessage(v.Raw())}
		c.fillType(vs, b, t)
		s.Variants = append(s.Variants, &Variant{Label: t, Shape: vs})
	}
}

// variantLabel names a branch: its title, its type, or the keys it needs.
func variantLabel(s *Shape, b *jsondoc.Value, i int) string {
	switch {
	case s.Title != "":
		return s.Title
	case s.Kind == KindConst:
		return constLabel(s)
	case s.Kind == KindObject && len(s.Object.Properties) > 0:
		var req []string
		for _, p := range s.Object.Properties {
			if p.Required {
				req = append(req, p.Name)
			}
		}
		if len(req) == 0 {
			req = append(req, s.Object.Properties[0].Name)
		}
		return "{" + strings.Join(req, ", ") + "}"
	case s.Kind == KindArray && s.Array.Items != nil && s.Array.Items.Kind != KindUnion:
		return "list of " + s.Array.Items.Control()
	case s.Kind == KindRaw && s.Note != "":
		return fmt.Sprintf("variant %d", i+1)
	}
	if name := kindNoun(s.Kind); name != "" {
		return name
	}
	return fmt.Sprintf("variant %d", i+1)
}

func kindNoun(k Kind) string {
	return map[Kind]string{KindString: "string", KindNumber: "number", KindInteger: "integer",
		KindBoolean: "boolean", KindNull: "null", KindEnum: "choice", KindObject: "object",
		KindMap: "map", KindArray: "list", KindMultiSelect: "list"}[k]
}

func constLabel(s *Shape) string {
	var str string
	if json.Unmarshal(s.Const, &str) == nil {
		return str
	}
	return string(s.Const)
}

// discriminator finds a property that every variant pins to a different
// const value, such as "type" or "kind".
func discriminator(vs []*Variant) string {
	if len(vs) < 2 || vs[0].Shape.Kind != KindObject {
		return ""
	}
	for _, p := range vs[0].Shape.Object.Properties {
		seen := map[string]bool{}
		ok := true
		for _, v := range vs {
			q := v.Shape.Property(p.Name)
			if v.Shape.Kind != KindObject || q == nil || q.Shape.Kind != KindConst || seen[string(q.Shape.Const)] {
				ok = false
				break
			}
			seen[string(q.Shape.Const)] = true
		}
		if ok {
			return p.Name
		}
	}
	return ""
}

// uniqueLabels numbers labels that would otherwise repeat.
func uniqueLabels(vs []*Variant) {
	count := map[string]int{}
	for _, v := range vs {
		count[v.Label]++
	}
	seen := map[string]int{}
	for _, v := range vs {
		if count[v.Label] > 1 {
			seen[v.Label]++
			v.Label = fmt.Sprintf("%s (%d)", v.Label, seen[v.Label])
		}
	}
}
