package schemaform

import (
	"fmt"
	"slices"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// maxMergeDepth bounds how far allOf branches are followed through $refs.
const maxMergeDepth = 64

// synthAllOf builds {"allOf": parts} located at site, so that schemas the
// compiler combines (a $ref with siblings, a union's base and branch) go
// through the same merging as a written allOf.
func (c *compiler) synthAllOf(site *jsondoc.Value, parts ...*jsondoc.Value) *jsondoc.Value {
	list := jsondoc.NewArray(parts...)
	list.SetPointer(site.Pointer())
	s := jsondoc.NewFrom(jsondoc.Object, site)
	s.Set("allOf", list)
	c.ix.Inherit(s, site)
	return s
}

// fillAllOf merges allOf into one schema when the branches agree on a type,
// which covers the common "base $ref plus extra properties" idiom. Branches
// that cannot merge become a union-like choice with a note: the form shows
// each, and validation requires all of them.
func (c *compiler) fillAllOf(s *Shape, v *jsondoc.Value, over []*jsondoc.Value) {
	merged, why := c.mergeAllOf(v, 0)
	if merged != nil {
		c.fill(s, merged, over)
		return
	}
	c.applyAnnotations(s, v, over)
	s.Kind = KindUnion
	s.Note = "allOf branches cannot be merged (" + why + "); a value must satisfy every branch"
	c.warn(v.Pointer()+"/allOf", "allOf branches cannot be merged: %s", why)
	for i, b := range v.Get("allOf").Items() {
		vs := c.compile(b, nil)
		s.Variants = append(s.Variants, &Variant{Shape: vs, Label: fmt.Sprintf("all of, part %d: %s", i+1, variantLabel(vs, b, i))})
	}
}

// mergeAllOf flattens v and its allOf branches into one schema object, or
// says why it cannot. Results are memoised: branches that share $refs would
// otherwise be merged again for every path that reaches them.
func (c *compiler) mergeAllOf(v *jsondoc.Value, depth int) (*jsondoc.Value, string) {
	if r, ok := c.merged[v]; ok {
		return r.v, r.why
	}
	if depth > maxMergeDepth {
		return nil, "the branches nest too deeply"
	}
	c.merged[v] = mergeResult{why: "an allOf branch refers back to it"}
	out, why := c.mergeAllOfOnce(v, depth)
	c.merged[v] = mergeResult{out, why}
	return out, why
}

type mergeResult struct {
	v   *jsondoc.Value
	why string
}

func (c *compiler) mergeAllOfOnce(v *jsondoc.Value, depth int) (*jsondoc.Value, string) {
	parts := []*jsondoc.Value{withoutKeys(v, "allOf")}
	for _, b := range v.Get("allOf").Items() {
		flat, why := c.flatten(b, depth+1, nil)
		if flat == nil {
			return nil, why
		}
		parts = append(parts, flat)
	}
	m := &merger{c: c, site: v}
	out, why := m.merge(parts)
	if out != nil {
		c.ix.Inherit(out, v)
	}
	return out, why
}

// flatten follows a branch's $ref chain and merges its own allOf.
func (c *compiler) flatten(b *jsondoc.Value, depth int, seen []*jsondoc.Value) (*jsondoc.Value, string) {
	if b.Kind() == jsondoc.Bool {
		if b.IsTrue() {
			return jsondoc.NewFrom(jsondoc.Object, b), ""
		}
		return nil, "a branch is false"
	}
	if !b.IsObject() {
		return nil, "a branch is not a schema"
	}
	if ref, ok := b.GetString("$ref"); ok {
		if slices.Contains(seen, b) || depth > maxMergeDepth {
			return nil, fmt.Sprintf("$ref %q loops", ref)
		}
		t, err := c.ix.Resolve(ref, b)
		if err != nil {
			return nil, err.Error()
		}
		rest := withoutKeys(b, "$ref")
		flat, why := c.flatten(t, depth+1, append(seen, b))
		if flat == nil || len(rest.Keys()) == 0 {
			return flat, why
		}
		return (&merger{c: c, site: b}).merge([]*jsondoc.Value{rest, flat})
	}
	if b.Get("allOf") != nil {
		return c.mergeAllOf(b, depth+1)
	}
	return b, ""
}

// merger combines schema objects keyword by keyword. The merge only shapes
// the form: validation always runs on the schema as written.
type merger struct {
	c    *compiler
	site *jsondoc.Value
	out  *jsondoc.Value
}

func (m *merger) merge(parts []*jsondoc.Value) (*jsondoc.Value, string) {
	m.out = jsondoc.NewFrom(jsondoc.Object, m.site)
	types := []string(nil)
	typed := false
	for _, p := range parts {
		if t, ok := m.c.declaredTypes(p); ok && len(t) > 0 {
			types = intersectTypes(types, t, typed)
			typed = true
			if len(types) == 0 {
				return nil, "their types do not overlap"
			}
		}
		for i, k := range p.Keys() {
			if err := m.add(k, p.Values()[i]); err != "" {
				return nil, err
			}
		}
	}
	if typed {
		m.set("type", typeValue(types, m.site.Pointer()))
	}
	return m.out, ""
}

// add merges one keyword into the result.
func (m *merger) add(k string, val *jsondoc.Value) string {
	existing := m.out.Get(k)
	switch {
	case k == "type" || k == "$defs" || k == "definitions" || k == "$id" || k == "$schema":
	case existing == nil:
		m.set(k, val)
	case k == "properties" && val.IsObject() && existing.IsObject():
		m.set(k, m.mergeProperties(existing, val))
	case k == "required" && val.IsArray() && existing.IsArray():
		m.set(k, unionStrings(existing, val))
	case k == "enum" && val.IsArray() && existing.IsArray():
		both := intersectValues(existing, val)
		if len(both.Items()) == 0 {
			return "their enums share no value"
		}
		m.set(k, both)
	case k == "const" && canonical(existing) != canonical(val):
		return "their consts differ"
	case k == "additionalProperties" && val.IsFalse():
		m.set(k, val)
	}
	return ""
}

func (m *merger) set(k string, val *jsondoc.Value) { m.out.Set(k, val) }

// mergeProperties joins two properties objects; a property both describe
// becomes allOf of the two.
func (m *merger) mergeProperties(a, b *jsondoc.Value) *jsondoc.Value {
	out := a.Shallow()
	for i, k := range b.Keys() {
		if cur := out.Get(k); cur != nil {
			out.Set(k, m.c.synthAllOf(cur, cur, b.Values()[i]))
			continue
		}
		out.Set(k, b.Values()[i])
	}
	return out
}

func intersectTypes(have, next []string, typed bool) []string {
	if !typed {
		return slices.Clone(next)
	}
	var out []string
	for _, t := range have {
		switch {
		case slices.Contains(next, t):
			out = append(out, t)
		case t == "number" && slices.Contains(next, "integer"):
			out = append(out, "integer")
		case t == "integer" && slices.Contains(next, "number"):
			out = append(out, "integer")
		}
	}
	return out
}

func typeValue(types []string, ptr string) *jsondoc.Value {
	v := jsondoc.NewStrings(types...)
	if len(types) == 1 {
		v = jsondoc.NewString(types[0])
	}
	v.SetPointer(ptr)
	return v
}

func unionStrings(a, b *jsondoc.Value) *jsondoc.Value {
	out := jsondoc.NewArray(slices.Clone(a.Items())...)
	out.SetPointer(a.Pointer())
	for _, x := range b.Items() {
		if !slices.ContainsFunc(out.Items(), func(y *jsondoc.Value) bool { return canonical(y) == canonical(x) }) {
			out.Append(x)
		}
	}
	return out
}

func intersectValues(a, b *jsondoc.Value) *jsondoc.Value {
	out := jsondoc.NewArray()
	out.SetPointer(a.Pointer())
	for _, x := range a.Items() {
		if slices.ContainsFunc(b.Items(), func(y *jsondoc.Value) bool { return canonical(y) == canonical(x) }) {
			out.Append(x)
		}
	}
	return out
}
