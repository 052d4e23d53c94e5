package schemaform

import (
	"encoding/json"
	"fmt"
	"slices"
)

// maxMergeDepth bounds how far allOf branches are followed through $refs.
const maxMergeDepth = 64

// synthAllOf builds {"allOf": parts} located at site, so that schemas the
// compiler combines (a $ref with siblings, a union's base and branch) go
// through the same merging as a written allOf.
func (c *compiler) synthAllOf(site *jv, parts ...*jv) *jv {
	list := &jv{kind: jArr, arr: parts, ptr: site.pointer()}
	s := &jv{kind: jObj, keys: []string{"allOf"}, vals: []*jv{list}, ptr: site.pointer(), raw: site.raw}
	c.ix.inherit(s, site)
	return s
}

// fillAllOf merges allOf into one schema when the branches agree on a type,
// which covers the common "base $ref plus extra properties" idiom. Branches
// that cannot merge become a union-like choice with a note: the form shows
// each, and validation requires all of them.
func (c *compiler) fillAllOf(s *Shape, v *jv, over []*jv) {
	merged, why := c.mergeAllOf(v, 0)
	if merged != nil {
		c.fill(s, merged, over)
		return
	}
	c.applyAnnotations(s, v, over)
	s.Kind = KindUnion
	s.Note = "allOf branches cannot be merged (" + why + "); a value must satisfy every branch"
	c.warn(v.pointer()+"/allOf", "allOf branches cannot be merged: %s", why)
	for i, b := range v.get("allOf").arr {
		vs := c.compile(b, nil)
		s.Variants = append(s.Variants, &Variant{Shape: vs, Label: fmt.Sprintf("all of, part %d: %s", i+1, variantLabel(vs, b, i))})
	}
}

// mergeAllOf flattens v and its allOf branches into one schema object, or
// says why it cannot. Results are memoised: branches that share $refs would
// otherwise be merged again for every path that reaches them.
func (c *compiler) mergeAllOf(v *jv, depth int) (*jv, string) {
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
	v   *jv
	why string
}

func (c *compiler) mergeAllOfOnce(v *jv, depth int) (*jv, string) {
	parts := []*jv{withoutKeys(v, "allOf")}
	for _, b := range v.get("allOf").arr {
		flat, why := c.flatten(b, depth+1, nil)
		if flat == nil {
			return nil, why
		}
		parts = append(parts, flat)
	}
	m := &merger{c: c, site: v}
	out, why := m.merge(parts)
	if out != nil {
		c.ix.inherit(out, v)
	}
	return out, why
}

// flatten follows a branch's $ref chain and merges its own allOf.
func (c *compiler) flatten(b *jv, depth int, seen []*jv) (*jv, string) {
	if b.kind == jBool {
		if b.b {
			return &jv{kind: jObj, ptr: b.pointer(), raw: b.raw}, ""
		}
		return nil, "a branch is false"
	}
	if b.kind != jObj {
		return nil, "a branch is not a schema"
	}
	if ref, ok := b.getStr("$ref"); ok {
		if slices.Contains(seen, b) || depth > maxMergeDepth {
			return nil, fmt.Sprintf("$ref %q loops", ref)
		}
		t, err := c.ix.resolve(ref, b)
		if err != nil {
			return nil, err.Error()
		}
		rest := withoutKeys(b, "$ref")
		flat, why := c.flatten(t, depth+1, append(seen, b))
		if flat == nil || len(rest.keys) == 0 {
			return flat, why
		}
		return (&merger{c: c, site: b}).merge([]*jv{rest, flat})
	}
	if b.get("allOf") != nil {
		return c.mergeAllOf(b, depth+1)
	}
	return b, ""
}

// merger combines schema objects keyword by keyword. The merge only shapes
// the form: validation always runs on the schema as written.
type merger struct {
	c    *compiler
	site *jv
	out  *jv
}

func (m *merger) merge(parts []*jv) (*jv, string) {
	m.out = &jv{kind: jObj, ptr: m.site.pointer(), raw: m.site.raw}
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
		for i, k := range p.keys {
			if err := m.add(k, p.vals[i]); err != "" {
				return nil, err
			}
		}
	}
	if typed {
		m.set("type", typeValue(types, m.site.pointer()))
	}
	return m.out, ""
}

// add merges one keyword into the result.
func (m *merger) add(k string, val *jv) string {
	existing := m.out.get(k)
	switch {
	case k == "type" || k == "$defs" || k == "definitions" || k == "$id" || k == "$schema":
	case existing == nil:
		m.set(k, val)
	case k == "properties" && val.kind == jObj && existing.kind == jObj:
		m.set(k, m.mergeProperties(existing, val))
	case k == "required" && val.kind == jArr && existing.kind == jArr:
		m.set(k, unionStrings(existing, val))
	case k == "enum" && val.kind == jArr && existing.kind == jArr:
		both := intersectValues(existing, val)
		if len(both.arr) == 0 {
			return "their enums share no value"
		}
		m.set(k, both)
	case k == "const" && canonical(existing) != canonical(val):
		return "their consts differ"
	case k == "additionalProperties" && val.kind == jBool && !val.b:
		m.set(k, val)
	}
	return ""
}

func (m *merger) set(k string, val *jv) {
	for i, key := range m.out.keys {
		if key == k {
			m.out.vals[i] = val
			return
		}
	}
	m.out.keys, m.out.vals = append(m.out.keys, k), append(m.out.vals, val)
	m.out.idx = nil
}

// mergeProperties joins two properties objects; a property both describe
// becomes allOf of the two.
func (m *merger) mergeProperties(a, b *jv) *jv {
	out := &jv{kind: jObj, ptr: a.pointer(), raw: a.raw, keys: slices.Clone(a.keys), vals: slices.Clone(a.vals)}
	for i, k := range b.keys {
		if j := slices.Index(out.keys, k); j >= 0 {
			out.vals[j] = m.c.synthAllOf(out.vals[j], out.vals[j], b.vals[i])
			continue
		}
		out.keys, out.vals = append(out.keys, k), append(out.vals, b.vals[i])
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

func typeValue(types []string, ptr string) *jv {
	if len(types) == 1 {
		b, _ := json.Marshal(types[0])
		return &jv{kind: jStr, str: types[0], raw: b, ptr: ptr}
	}
	arr := &jv{kind: jArr, ptr: ptr}
	for _, t := range types {
		b, _ := json.Marshal(t)
		arr.arr = append(arr.arr, &jv{kind: jStr, str: t, raw: b})
	}
	arr.raw, _ = json.Marshal(types)
	return arr
}

func unionStrings(a, b *jv) *jv {
	out := &jv{kind: jArr, ptr: a.pointer(), arr: slices.Clone(a.arr)}
	for _, x := range b.arr {
		if !slices.ContainsFunc(out.arr, func(y *jv) bool { return canonical(y) == canonical(x) }) {
			out.arr = append(out.arr, x)
		}
	}
	return out
}

func intersectValues(a, b *jv) *jv {
	out := &jv{kind: jArr, ptr: a.pointer()}
	for _, x := range a.arr {
		if slices.ContainsFunc(b.arr, func(y *jv) bool { return canonical(y) == canonical(x) }) {
			out.arr = append(out.arr, x)
		}
	}
	return out
}
