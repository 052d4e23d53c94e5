package schemaform

import "github.com/toolbench/toolbench/internal/jsondoc"

func (c *compiler) fillObject(s *Shape, v *jsondoc.Value) {
	r := &s.Object
	required := c.requiredNames(v)
	if props := v.Get("properties"); props != nil && props.IsObject() {
		for i, name := range props.Keys() {
			r.Properties = append(r.Properties, &Property{Name: name, Required: required[name],
				Shape: c.compile(props.Values()[i], nil)})
		}
	}
	for _, name := range c.requiredOrder(v) {
		if s.Property(name) == nil && !c.coveredByPattern(v, name) {
			c.warn(v.Pointer()+"/required", "required names %q, which is not among the properties", name)
			r.Properties = append(r.Properties, &Property{Name: name, Required: true,
				Shape: &Shape{Kind: KindRaw, SchemaPointer: v.Pointer(), Note: "required, but the schema does not describe it; edit as JSON"}})
		}
	}
	switch a := v.Get("additionalProperties"); {
	case a == nil:
		r.Additional = c.anyShape()
	case a.IsFalse():
		r.AdditionalDeclared = true
	case a.Kind() == jsondoc.Bool || (a.IsObject() && len(a.Keys()) == 0):
		r.Additional, r.AdditionalDeclared = c.anyShape(), true
	default:
		r.Additional, r.AdditionalDeclared = c.compile(a, nil), true
	}
	if pp := v.Get("patternProperties"); pp != nil && pp.IsObject() {
		for i, pat := range pp.Keys() {
			if _, err := compilePattern(pat); err != nil {
				c.warn(pp.Values()[i].Pointer(), "patternProperties pattern %q cannot be compiled (%v)", pat, err)
			}
			r.PatternProperties = append(r.PatternProperties, PatternShape{Pattern: pat, Shape: c.compile(pp.Values()[i], nil)})
		}
	}
	if pn := v.Get("propertyNames"); pn != nil {
		r.PropertyNames = c.compile(pn, nil)
	}
	r.MinProperties, r.MaxProperties = intKeyword(v, "minProperties"), intKeyword(v, "maxProperties")
	r.DependentRequired = dependentRequired(v)
	// An object that names no properties at all is a free-form map; one
	// with "properties": {} means "no parameters" and stays an object.
	s.Kind = KindObject
	if v.Get("properties") == nil && len(r.Properties) == 0 && (r.Additional != nil || len(r.PatternProperties) > 0) {
		s.Kind = KindMap
	}
}

func (c *compiler) requiredOrder(v *jsondoc.Value) []string {
	req := v.Get("required")
	if req == nil {
		return nil
	}
	if !req.IsArray() {
		c.warn(req.Pointer(), "required must be an array of property names")
		return nil
	}
	var names []string
	for _, x := range req.Items() {
		if !x.IsString() {
			c.warn(x.Pointer(), "required lists %s, which is not a property name", string(x.Raw()))
			continue
		}
		names = append(names, x.Text())
	}
	return names
}

func (c *compiler) requiredNames(v *jsondoc.Value) map[string]bool {
	out := map[string]bool{}
	for _, n := range c.requiredOrder(v) {
		out[n] = true
	}
	return out
}

// coveredByPattern reports a required name that patternProperties describe.
func (c *compiler) coveredByPattern(v *jsondoc.Value, name string) bool {
	pp := v.Get("patternProperties")
	if pp == nil || !pp.IsObject() {
		return false
	}
	for _, pat := range pp.Keys() {
		if re, err := compilePattern(pat); err == nil && re.MatchString(name) {
			return true
		}
	}
	return false
}

// dependentRequired reads 2019-09's dependentRequired and draft-07's
// dependencies with array values.
func dependentRequired(v *jsondoc.Value) map[string][]string {
	var out map[string][]string
	for _, key := range []string{"dependentRequired", "dependencies"} {
		m := v.Get(key)
		if m == nil || !m.IsObject() {
			continue
		}
		for i, k := range m.Keys() {
			if m.Values()[i].Kind() != jsondoc.Array {
				continue
			}
			if out == nil {
				out = map[string][]string{}
			}
			for _, x := range m.Values()[i].Items() {
				if x.IsString() {
					out[k] = append(out[k], x.Text())
				}
			}
		}
	}
	return out
}

func (c *compiler) fillArray(s *Shape, v *jsondoc.Value) {
	r := &s.Array
	s.Kind = KindArray
	rest := v.Get("items")
	if prefix := v.Get("prefixItems"); prefix != nil && prefix.IsArray() {
		for _, x := range prefix.Items() {
			r.Prefix = append(r.Prefix, c.compile(x, nil))
		}
	} else if rest != nil && rest.IsArray() {
		// Before 2020-12, an items array was the tuple and additionalItems
		// the rest.
		for _, x := range rest.Items() {
			r.Prefix = append(r.Prefix, c.compile(x, nil))
		}
		rest = v.Get("additionalItems")
	}
	switch {
	case rest == nil:
		r.Items = c.anyShape()
	case rest.IsFalse():
		r.Items = nil
	case rest.Kind() == jsondoc.Bool:
		r.Items = c.anyShape()
	default:
		r.Items = c.compile(rest, nil)
	}
	r.MinItems, r.MaxItems = intKeyword(v, "minItems"), intKeyword(v, "maxItems")
	if u := v.Get("uniqueItems"); u != nil && u.Kind() == jsondoc.Bool {
		r.UniqueItems = u.IsTrue()
	}
	if ct := v.Get("contains"); ct != nil {
		r.Contains = c.compile(ct, nil)
	}
	if len(r.Prefix) == 0 && r.Items != nil && r.Items.Kind == KindEnum {
		s.Kind, s.Choices = KindMultiSelect, r.Items.Choices
	}
}
