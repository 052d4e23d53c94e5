package host

import (
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// rewriteAll copies v with fn applied to every object in it, each object
// before its members, as hosts that walk a schema as plain JSON do (they
// do not tell subschemas from data: an enum of objects is walked too). fn
// edits the copy it is given, never the parsed tree; its error stops the
// walk.
func rewriteAll(v *jsondoc.Value, fn func(obj *jsondoc.Value) error) (*jsondoc.Value, error) {
	switch {
	case v.IsObject():
		c := v.Shallow()
		if err := fn(c); err != nil {
			return nil, err
		}
		for _, k := range c.Keys() {
			m, err := rewriteAll(c.Get(k), fn)
			if err != nil {
				return nil, err
			}
			c.Set(k, m)
		}
		return c, nil
	case v.IsArray():
		a := jsondoc.NewFrom(jsondoc.Array, v)
		for _, item := range v.Items() {
			m, err := rewriteAll(item, fn)
			if err != nil {
				return nil, err
			}
			a.Append(m)
		}
		return a, nil
	}
	return v, nil
}

// rewriteSchemas copies the schema s with fn applied to every schema
// object in it, each before the schemas below it: unlike rewriteAll it
// tells keywords from property names and data, as a sanitizer that knows
// JSON Schema does.
func rewriteSchemas(s *jsondoc.Value, fn func(obj *jsondoc.Value)) *jsondoc.Value {
	if !s.IsObject() {
		return s
	}
	c := s.Shallow()
	fn(c)
	for _, k := range c.Keys() {
		child := c.Get(k)
		switch {
		case jsondoc.Holds(k) == jsondoc.SubschemaMap && child.IsObject():
			m := jsondoc.NewFrom(jsondoc.Object, child)
			for _, name := range child.Keys() {
				m.Set(name, rewriteSchemas(child.Get(name), fn))
			}
			c.Set(k, m)
		case jsondoc.Holds(k) != jsondoc.NoSubschema && child.IsArray():
			a := jsondoc.NewFrom(jsondoc.Array, child)
			for _, item := range child.Items() {
				a.Append(rewriteSchemas(item, fn))
			}
			c.Set(k, a)
		case jsondoc.Holds(k) == jsondoc.OneSubschema:
			c.Set(k, rewriteSchemas(child, fn))
		}
	}
	return c
}

// at is the pointer of member key of the schema object s.
func at(s *jsondoc.Value, key string) string { return jsondoc.Join(s.Pointer(), key) }

// maxInlined bounds how many $refs one view inlines: schemas whose
// definitions share definitions grow exponentially when written out.
const maxInlined = 1000

// refInliner replaces local $refs ("#…") with the schemas they point at,
// the way Codex and LibreChat resolve them before converting a schema.
// A $ref that leads back into itself is given to cycle.
type refInliner struct {
	v       *viewing
	root    *jsondoc.Value
	sources []Source
	// cycle is what a $ref back into itself becomes, given the schema it
	// points at; nil leaves the $ref as sent.
	cycle func(target *jsondoc.Value) *jsondoc.Value
	// descend, when set, says which keywords of a schema the host
	// follows; nil means every keyword that holds subschemas.
	descend func(s *jsondoc.Value, keyword string) bool
	left    int
	// stopped says maxInlined was reached; cyclesLeft counts $refs back
	// into themselves left as sent.
	stopped    bool
	cyclesLeft int
}

func newRefInliner(v *viewing, sources []Source, cycle func(*jsondoc.Value) *jsondoc.Value) *refInliner {
	return &refInliner{v: v, root: v.schema, sources: sources, cycle: cycle, left: maxInlined}
}

// walk copies the schema s with its local $refs inlined; active are the
// fragments being inlined above s. Definitions are left as they are: only
// the places that use them matter.
func (r *refInliner) walk(s *jsondoc.Value, active []string) *jsondoc.Value {
	if !s.IsObject() {
		return s
	}
	if ref, ok := s.GetString("$ref"); ok && strings.HasPrefix(ref, "#") {
		if out := r.follow(s, ref, active); out != nil {
			return out
		}
	}
	c := s.Shallow()
	for _, k := range c.Keys() {
		if k == "$defs" || k == "definitions" || r.descend != nil && !r.descend(s, k) {
			continue
		}
		child := c.Get(k)
		switch {
		case jsondoc.Holds(k) == jsondoc.SubschemaMap && child.IsObject():
			m := jsondoc.NewFrom(jsondoc.Object, child)
			for _, name := range child.Keys() {
				m.Set(name, r.walk(child.Get(name), active))
			}
			c.Set(k, m)
		case jsondoc.Holds(k) != jsondoc.NoSubschema && child.IsArray():
			a := jsondoc.NewFrom(jsondoc.Array, child)
			for _, item := range child.Items() {
				a.Append(r.walk(item, active))
			}
			c.Set(k, a)
		case jsondoc.Holds(k) == jsondoc.OneSubschema:
			c.Set(k, r.walk(child, active))
		}
	}
	return c
}

// follow inlines the $ref of s; nil leaves s as it is (the $ref leads
// nowhere, back into itself with no cycle rule, or past maxInlined).
func (r *refInliner) follow(s *jsondoc.Value, ref string, active []string) *jsondoc.Value {
	frag := ref[1:]
	target := r.root.LookupFragment(ref)
	for _, a := range active {
		if a != frag {
			continue
		}
		if r.cycle == nil {
			r.cyclesLeft++
			return nil
		}
		fb := r.cycle(target)
		if fb.IsObject() {
			fb.SetPointer(s.Pointer())
		}
		r.v.change(at(s, "$ref"), idCyclicRef, r.sources, "$ref %q leads back into itself, so it is replaced by %s", ref, fb.Marshal())
		return r.walk(mergeMissing(fb, s), active)
	}
	if target == nil {
		return nil
	}
	if r.left == 0 {
		r.stopped = true
		return nil
	}
	r.left--
	r.v.change(at(s, "$ref"), idRef, r.sources, "$ref %q replaced by the schema it points at (%s)", ref, target.Pointer())
	repl := target
	if target.IsObject() {
		repl = mergeMissing(target.Shallow(), s)
	}
	return r.walk(repl, append(active[:len(active):len(active)], frag))
}

// mergeMissing adds to base the members of the $ref object s that base
// lacks, $ref aside. A member both have keeps base's value (Codex merges
// required, properties, type and bounds of both; that rare case is shown
// with the target's).
func mergeMissing(base, s *jsondoc.Value) *jsondoc.Value {
	if !base.IsObject() {
		return base
	}
	for _, k := range s.Keys() {
		if k != "$ref" && !base.Has(k) {
			base.Set(k, s.Get(k))
		}
	}
	return base
}
