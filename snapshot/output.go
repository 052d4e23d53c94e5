package snapshot

import "github.com/toolbench/toolbench/internal/jsondoc"

// compareOutput compares an outputSchema, which describes what a client
// reads from structuredContent: a field gone, no longer promised, or of
// another type breaks the code that reads it, whichever way the type
// moved; a field added breaks nobody.
func (d *schemaDiff) compareOutput(o, n *jsondoc.Value, ptr string) {
	oset, od := typeSet(o)
	nset, nd := typeSet(n)
	if od != nd || oset != nset {
		d.c.add(Breaking, "output-type-changed", ptr+"/type", o.Get("type"), n.Get("type"),
			"the result's type changed from %s to %s", typeText(o), typeText(n))
	}
	op, np := o.Get("properties"), n.Get("properties")
	oreq, nreq := stringSet(o.Get("required")), stringSet(n.Get("required"))
	for _, k := range uniqueKeys(np) {
		at := jsondoc.Join(ptr, "properties", k)
		if op.Has(k) {
			d.compare(op.Get(k), np.Get(k), at)
		} else {
			d.c.add(NonBreaking, "output-property-added", at, nil, np.Get(k), "the result has a new field '%s'", k)
		}
	}
	for _, k := range uniqueKeys(op) {
		if !np.Has(k) {
			d.c.add(Breaking, "output-property-removed", jsondoc.Join(ptr, "properties", k), op.Get(k), nil,
				"the result no longer has the field '%s'", k)
		}
	}
	for _, k := range sortedKeys(oreq) {
		if !nreq[k] && np.Has(k) {
			d.c.add(Breaking, "output-required-removed", ptr+"/required", jsondoc.NewString(k), nil,
				"the result's field '%s' may now be absent", k)
		}
	}
	if oi, ni := o.Get("items"), n.Get("items"); oi.IsObject() && ni.IsObject() {
		d.compare(oi, ni, ptr+"/items")
	}
}

// typeText is a schema's "type" as written, or "any".
func typeText(s *jsondoc.Value) string {
	if t := s.Get("type"); t != nil {
		return string(t.Raw())
	}
	return "any"
}
