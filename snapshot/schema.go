package snapshot

import (
	"bytes"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// maxRefHops bounds a chain of $refs to $refs, which a hostile schema can
// make circular.
const maxRefHops = 64

// side is one schema document with its $refs, indexed on first need.
type side struct {
	root *jsondoc.Value
	refs *jsondoc.Refs
}

// resolve follows v's $refs to the schema they name; a $ref that leads
// nowhere is compared as written.
func (s *side) resolve(v *jsondoc.Value) *jsondoc.Value {
	for range maxRefHops {
		ref, ok := v.GetString("$ref")
		if !ok {
			return v
		}
		if s.refs == nil {
			s.refs = jsondoc.NewRefs(s.root, "")
		}
		to, err := s.refs.Resolve(ref, v)
		if err != nil || to == v {
			return v
		}
		v = to
	}
	return v
}

// pair is two schemas being compared; memoising pairs ends the walk of
// recursive schemas.
type pair struct{ o, n *jsondoc.Value }

// schemaDiff compares the schemas of one tool's inputSchema or
// outputSchema. For input, narrowing what is accepted breaks callers; for
// output, any change in what is produced breaks readers.
type schemaDiff struct {
	old, new *side
	output   bool
	seen     map[pair]bool
	c        *changes
}

// diffSchemas compares two schema documents, rooted at ptr in the tool.
func diffSchemas(o, n *jsondoc.Value, ptr string, output bool, c *changes) {
	d := &schemaDiff{old: &side{root: o}, new: &side{root: n}, output: output, seen: map[pair]bool{}, c: c}
	d.compare(o, n, ptr)
}

// equal reports whether two schemas of these documents mean the same.
func (d *schemaDiff) equal(o, n *jsondoc.Value) bool {
	e := &schemaDiff{old: d.old, new: d.new, output: d.output, seen: map[pair]bool{}, c: &changes{}}
	e.compare(o, n, "")
	return len(e.c.list) == 0
}

// compare records how schema n (at ptr) differs from o; an absent schema
// accepts anything, as {} does.
func (d *schemaDiff) compare(o, n *jsondoc.Value, ptr string) {
	if o == nil {
		o = jsondoc.NewObject()
	}
	if n == nil {
		n = jsondoc.NewObject()
	}
	o, n = d.old.resolve(o), d.new.resolve(n)
	if d.seen[pair{o, n}] {
		return
	}
	d.seen[pair{o, n}] = true
	if unchanged(o, n) {
		return
	}
	if !o.IsObject() || !n.IsObject() {
		if !same(o, n) {
			d.c.add(Breaking, "schema-changed", ptr, o, n, "the schema changed from %s to %s", o.Raw(), n.Raw())
		}
		return
	}
	d.c.wording("description-changed", ptr+"/description", "description", o.Get("description"), n.Get("description"))
	d.c.wording("title-changed", ptr+"/title", "title", o.Get("title"), n.Get("title"))
	if d.output {
		d.compareOutput(o, n, ptr)
		return
	}
	d.compareTypes(o, n, ptr)
	d.enum(o, n, ptr)
	d.constant(o, n, ptr)
	d.bounds(o, n, ptr)
	d.strings(o, n, ptr)
	d.additional(o, n, ptr)
	d.properties(o, n, ptr)
	d.items(o, n, ptr)
	d.variants(o, n, ptr, "oneOf")
	d.variants(o, n, ptr, "anyOf")
	d.positional(o, n, ptr, "allOf")
	d.positional(o, n, ptr, "prefixItems")
	d.others(o, n, ptr)
}

// unchanged reports whether two schemas are the same value with no $ref
// in them, whose meaning then cannot differ: most of a diff is such, and
// one plain walk is far cheaper than the rules.
func unchanged(o, n *jsondoc.Value) bool {
	a := o.Raw()
	return !bytes.Contains(a, refKey) && (bytes.Equal(a, n.Raw()) || same(o, n))
}

var refKey = []byte(`"$ref"`)

// properties compares an object's parameters and which are required.
func (d *schemaDiff) properties(o, n *jsondoc.Value, ptr string) {
	op, np := o.Get("properties"), n.Get("properties")
	oreq, nreq := stringSet(o.Get("required")), stringSet(n.Get("required"))
	for _, k := range uniqueKeys(np) {
		at := jsondoc.Join(ptr, "properties", k)
		switch {
		case op.Has(k):
			d.compare(op.Get(k), np.Get(k), at)
		case nreq[k]:
			d.c.add(Breaking, "required-parameter-added", at, nil, np.Get(k), "'%s' is a new required parameter", k)
		default:
			d.c.add(NonBreaking, "parameter-added", at, nil, np.Get(k), "'%s' is a new optional parameter", k)
		}
	}
	for _, k := range uniqueKeys(op) {
		if np.Has(k) {
			continue
		}
		at := jsondoc.Join(ptr, "properties", k)
		if n.Get("additionalProperties").IsFalse() {
			d.c.add(Breaking, "parameter-removed", at, op.Get(k), nil, "'%s' was removed, and unknown parameters are refused", k)
		} else {
			d.c.add(NonBreaking, "parameter-removed-open", at, op.Get(k), nil, "'%s' was removed; unknown parameters are still accepted", k)
		}
	}
	for _, k := range sortedKeys(nreq) {
		if !oreq[k] && (op.Has(k) || !np.Has(k)) {
			d.c.add(Breaking, "required-added", ptr+"/required", nil, jsondoc.NewString(k), "'%s' is now required", k)
		}
	}
	for _, k := range sortedKeys(oreq) {
		if !nreq[k] && np.Has(k) {
			d.c.add(NonBreaking, "required-removed", ptr+"/required", jsondoc.NewString(k), nil, "'%s' is now optional", k)
		}
	}
}

// items compares what an array holds: one schema for all items, or a
// tuple of them (before 2020-12).
func (d *schemaDiff) items(o, n *jsondoc.Value, ptr string) {
	oi, ni := o.Get("items"), n.Get("items")
	if oi.IsArray() || ni.IsArray() {
		d.positional(o, n, ptr, "items")
		return
	}
	if oi != nil || ni != nil {
		d.compare(oi, ni, ptr+"/items")
	}
}

// variants compares oneOf or anyOf: a variant taken away breaks the
// callers that used it, one added breaks nobody. Variants are matched by
// meaning first, then the rest by position.
func (d *schemaDiff) variants(o, n *jsondoc.Value, ptr, kw string) {
	ov, nv := o.Get(kw), n.Get(kw)
	switch {
	case ov == nil && nv == nil:
		return
	case ov == nil:
		d.c.add(Breaking, kebab(kw)+"-added", ptr+"/"+kw, nil, nv, "%s added: values must now match one of its variants", kw)
		return
	case nv == nil:
		d.c.add(NonBreaking, kebab(kw)+"-removed", ptr+"/"+kw, ov, nil, "%s removed", kw)
		return
	}
	olds, news := ov.Items(), nv.Items()
	matched := make([]bool, len(news))
	var leftOld []int
	for i, x := range olds {
		found := false
		for j, y := range news {
			if !matched[j] && d.equal(x, y) {
				matched[j], found = true, true
				break
			}
		}
		if !found {
			leftOld = append(leftOld, i)
		}
	}
	var leftNew []int
	for j := range news {
		if !matched[j] {
			leftNew = append(leftNew, j)
		}
	}
	for k := 0; k < len(leftOld) && k < len(leftNew); k++ {
		d.compare(olds[leftOld[k]], news[leftNew[k]], jsondoc.Join(ptr, kw, itoa(leftNew[k])))
	}
	for _, i := range leftOld[min(len(leftOld), len(leftNew)):] {
		d.c.add(Breaking, "variant-removed", jsondoc.Join(ptr, kw, itoa(i)), olds[i], nil, "%s variant %d was removed", kw, i)
	}
	for _, j := range leftNew[min(len(leftOld), len(leftNew)):] {
		d.c.add(NonBreaking, "variant-added", jsondoc.Join(ptr, kw, itoa(j)), nil, news[j], "%s variant %d was added", kw, j)
	}
}

// positional compares a list of schemas item by item (allOf, a tuple):
// each one added constrains more, each one taken away less.
func (d *schemaDiff) positional(o, n *jsondoc.Value, ptr, kw string) {
	olds, news := o.Get(kw).Items(), n.Get(kw).Items()
	for i := 0; i < len(olds) || i < len(news); i++ {
		at := jsondoc.Join(ptr, kw, itoa(i))
		switch {
		case i >= len(olds):
			d.c.add(Breaking, kebab(kw)+"-added", at, nil, news[i], "%s gained schema %d", kw, i)
		case i >= len(news):
			d.c.add(NonBreaking, kebab(kw)+"-removed", at, olds[i], nil, "%s lost schema %d", kw, i)
		default:
			d.compare(olds[i], news[i], at)
		}
	}
}
