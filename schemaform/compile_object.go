package schemaform

func (c *compiler) fillObject(s *Shape, v *jv) {
	r := &s.Object
	required := c.requiredNames(v)
	if props := v.get("properties"); props != nil && props.kind == jObj {
		for i, name := range props.keys {
			r.Properties = append(r.Properties, &Property{Name: name, Required: required[name],
				Shape: c.compile(props.vals[i], nil)})
		}
	}
	for _, name := range c.requiredOrder(v) {
		if s.Property(name) == nil && !c.coveredByPattern(v, name) {
			c.warn(v.pointer()+"/required", "required names %q, which is not among the properties", name)
			r.Properties = append(r.Properties, &Property{Name: name, Required: true,
				Shape: &Shape{Kind: KindRaw, SchemaPointer: v.pointer(), Note: "required, but the schema does not describe it; edit as JSON"}})
		}
	}
	switch a := v.get("additionalProperties"); {
	case a == nil:
		r.Additional = c.anyShape()
	case a.kind == jBool && !a.b:
		r.AdditionalDeclared = true
	case a.kind == jBool || (a.kind == jObj && len(a.keys) == 0):
		r.Additional, r.AdditionalDeclared = c.anyShape(), true
	default:
		r.Additional, r.AdditionalDeclared = c.compile(a, nil), true
	}
	if pp := v.get("patternProperties"); pp != nil && pp.kind == jObj {
		for i, pat := range pp.keys {
			if _, err := compilePattern(pat); err != nil {
				c.warn(pp.vals[i].pointer(), "patternProperties pattern %q cannot be compiled (%v)", pat, err)
			}
			r.PatternProperties = append(r.PatternProperties, PatternShape{Pattern: pat, Shape: c.compile(pp.vals[i], nil)})
		}
	}
	if pn := v.get("propertyNames"); pn != nil {
		r.PropertyNames = c.compile(pn, nil)
	}
	r.MinProperties, r.MaxProperties = intKeyword(v, "minProperties"), intKeyword(v, "maxProperties")
	r.DependentRequired = dependentRequired(v)
	// An object that names no properties at all is a free-form map; one
	// with "properties": {} means "no parameters" and stays an object.
	s.Kind = KindObject
	if v.get("properties") == nil && len(r.Properties) == 0 && (r.Additional != nil || len(r.PatternProperties) > 0) {
		s.Kind = KindMap
	}
}

func (c *compiler) requiredOrder(v *jv) []string {
	req := v.get("required")
	if req == nil {
		return nil
	}
	if req.kind != jArr {
		c.warn(req.pointer(), "required must be an array of property names")
		return nil
	}
	var names []string
	for _, x := range req.arr {
		if x.kind != jStr {
			c.warn(x.pointer(), "required lists %s, which is not a property name", string(x.raw))
			continue
		}
		names = append(names, x.str)
	}
	return names
}

func (c *compiler) requiredNames(v *jv) map[string]bool {
	out := map[string]bool{}
	for _, n := range c.requiredOrder(v) {
		out[n] = true
	}
	return out
}

// coveredByPattern reports a required name that patternProperties describe.
func (c *compiler) coveredByPattern(v *jv, name string) bool {
	pp := v.get("patternProperties")
	if pp == nil || pp.kind != jObj {
		return false
	}
	for _, pat := range pp.keys {
		if re, err := compilePattern(pat); err == nil && re.MatchString(name) {
			return true
		}
	}
	return false
}

// dependentRequired reads 2019-09's dependentRequired and draft-07's
// dependencies with array values.
func dependentRequired(v *jv) map[string][]string {
	var out map[string][]string
	for _, key := range []string{"dependentRequired", "dependencies"} {
		m := v.get(key)
		if m == nil || m.kind != jObj {
			continue
		}
		for i, k := range m.keys {
			if m.vals[i].kind != jArr {
				continue
			}
			if out == nil {
				out = map[string][]string{}
			}
			for _, x := range m.vals[i].arr {
				if x.kind == jStr {
					out[k] = append(out[k], x.str)
				}
			}
		}
	}
	return out
}

func (c *compiler) fillArray(s *Shape, v *jv) {
	r := &s.Array
	s.Kind = KindArray
	rest := v.get("items")
	if prefix := v.get("prefixItems"); prefix != nil && prefix.kind == jArr {
		for _, x := range prefix.arr {
			r.Prefix = append(r.Prefix, c.compile(x, nil))
		}
	} else if rest != nil && rest.kind == jArr {
		// Before 2020-12, an items array was the tuple and additionalItems
		// the rest.
		for _, x := range rest.arr {
			r.Prefix = append(r.Prefix, c.compile(x, nil))
		}
		rest = v.get("additionalItems")
	}
	switch {
	case rest == nil:
		r.Items = c.anyShape()
	case rest.kind == jBool && !rest.b:
		r.Items = nil
	case rest.kind == jBool:
		r.Items = c.anyShape()
	default:
		r.Items = c.compile(rest, nil)
	}
	r.MinItems, r.MaxItems = intKeyword(v, "minItems"), intKeyword(v, "maxItems")
	if u := v.get("uniqueItems"); u != nil && u.kind == jBool {
		r.UniqueItems = u.b
	}
	if ct := v.get("contains"); ct != nil {
		r.Contains = c.compile(ct, nil)
	}
	if len(r.Prefix) == 0 && r.Items != nil && r.Items.Kind == KindEnum {
		s.Kind, s.Choices = KindMultiSelect, r.Items.Choices
	}
}

// anyShape is the shape of a value the schema leaves open, in a key/value
// map or a list: a choice of JSON types, with raw JSON for nested values,
// rather than one opaque text box.
func (c *compiler) anyShape() *Shape {
	key := memoKey{}
	if s := c.memo[key]; s != nil {
		return s
	}
	s := &Shape{Kind: KindUnion, Any: true}
	c.memo[key] = s
	for _, t := range []struct {
		label string
		kind  Kind
	}{{"string", KindString}, {"number", KindNumber}, {"boolean", KindBoolean}, {"null", KindNull}, {"JSON", KindRaw}} {
		s.Variants = append(s.Variants, &Variant{Label: t.label, Shape: &Shape{Kind: t.kind}})
	}
	return s
}
