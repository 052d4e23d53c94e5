package snapshot

import (
	"sort"
	"strconv"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// types is a set of JSON Schema type names, one bit each.
type types uint16

// typeBits are the type names, each with its bit; a name not listed gets
// the unknown bit, so that a misspelt type still differs from a right one.
var typeBits = map[string]types{"null": 1, "boolean": 2, "object": 4, "array": 8, "number": 16, "string": 32, "integer": 64}

const unknownType types = 128

// typeSet reads "type", a name or a list of them; declared is false when
// the schema says nothing, which accepts every type.
func typeSet(s *jsondoc.Value) (set types, declared bool) {
	t := s.Get("type")
	switch {
	case t.IsString():
		return typeBit(t.Text()), true
	case t.IsArray():
		for _, x := range t.Items() {
			set |= typeBit(x.Text())
		}
		return set, true
	}
	return 0, false
}

func typeBit(name string) types {
	if b, ok := typeBits[name]; ok {
		return b
	}
	return unknownType
}

// admitsAll reports whether set a accepts every value that set b does; a
// number type accepts integers.
func admitsAll(a, b types) bool {
	if a&typeBits["number"] != 0 {
		a |= typeBits["integer"]
	}
	return b&^a == 0
}

// types compares what types a parameter accepts.
func (d *schemaDiff) compareTypes(o, n *jsondoc.Value, ptr string) {
	oset, od := typeSet(o)
	ns, nd := typeSet(n)
	at := ptr + "/type"
	ot, nt := o.Get("type"), n.Get("type")
	switch {
	case !od && !nd:
	case !nd:
		d.c.add(NonBreaking, "type-widened", at, ot, nil, "any type is accepted now (was %s)", ot.Raw())
	case !od:
		d.c.add(Breaking, "type-narrowed", at, nil, nt, "only %s is accepted now (was any type)", nt.Raw())
	default:
		wider, narrower := admitsAll(ns, oset), admitsAll(oset, ns)
		switch {
		case wider && narrower:
		case narrower:
			d.c.add(Breaking, "type-narrowed", at, ot, nt, "type narrowed from %s to %s", ot.Raw(), nt.Raw())
		case wider:
			d.c.add(NonBreaking, "type-widened", at, ot, nt, "type widened from %s to %s", ot.Raw(), nt.Raw())
		default:
			d.c.add(Breaking, "type-changed", at, ot, nt, "type changed from %s to %s", ot.Raw(), nt.Raw())
		}
	}
}

// enum compares the allowed values, one change per value.
func (d *schemaDiff) enum(o, n *jsondoc.Value, ptr string) {
	oe, ne := o.Get("enum"), n.Get("enum")
	at := ptr + "/enum"
	switch {
	case oe == nil && ne == nil:
		return
	case oe == nil:
		d.c.add(Breaking, "enum-added", at, nil, ne, "only the values %s are accepted now", ne.Raw())
		return
	case ne == nil:
		d.c.add(NonBreaking, "enum-removed", at, oe, nil, "any value is accepted now (was one of %s)", oe.Raw())
		return
	}
	inOld, inNew := canonSet(oe), canonSet(ne)
	for _, v := range oe.Items() {
		if !inNew[canon(v)] {
			d.c.add(Breaking, "enum-value-removed", at, v, nil, "the value %s is no longer accepted", v.Raw())
		}
	}
	for _, v := range ne.Items() {
		if !inOld[canon(v)] {
			d.c.add(NonBreaking, "enum-value-added", at, nil, v, "the value %s is now accepted", v.Raw())
		}
	}
}

func canonSet(arr *jsondoc.Value) map[string]bool {
	set := map[string]bool{}
	for _, v := range arr.Items() {
		set[canon(v)] = true
	}
	return set
}

// constant compares const: one more fixed value narrows to nothing else.
func (d *schemaDiff) constant(o, n *jsondoc.Value, ptr string) {
	oc, nc := o.Get("const"), n.Get("const")
	at := ptr + "/const"
	switch {
	case oc == nil && nc == nil, same(oc, nc):
	case oc == nil:
		d.c.add(Breaking, "const-added", at, nil, nc, "only %s is accepted now", nc.Raw())
	case nc == nil:
		d.c.add(NonBreaking, "const-removed", at, oc, nil, "any value is accepted now (was only %s)", oc.Raw())
	default:
		d.c.add(Breaking, "const-changed", at, oc, nc, "the fixed value changed from %s to %s", oc.Raw(), nc.Raw())
	}
}

// Bounds whose raising refuses values, and those whose lowering does.
var (
	lowerBounds = [...]string{"minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"}
	upperBounds = [...]string{"maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"}
)

// bounds compares numeric bounds: tightened breaks, loosened does not.
func (d *schemaDiff) bounds(o, n *jsondoc.Value, ptr string) {
	for _, kw := range lowerBounds {
		d.bound(o.Get(kw), n.Get(kw), ptr, kw, "raised", "lowered")
	}
	for _, kw := range upperBounds {
		d.bound(o.Get(kw), n.Get(kw), ptr, kw, "lowered", "raised")
	}
}

// bound compares one bound; tighter and looser name the directions.
func (d *schemaDiff) bound(ov, nv *jsondoc.Value, ptr, kw, tighter, looser string) {
	if ov == nil && nv == nil || same(ov, nv) {
		return
	}
	at, rule := ptr+"/"+kw, kebab(kw)
	switch {
	case ov == nil:
		d.c.add(Breaking, rule+"-added", at, nil, nv, "%s %s added", kw, nv.Raw())
		return
	case nv == nil:
		d.c.add(NonBreaking, rule+"-removed", at, ov, nil, "%s %s removed", kw, ov.Raw())
		return
	}
	of, oerr := strconv.ParseFloat(ov.Text(), 64)
	nf, nerr := strconv.ParseFloat(nv.Text(), 64)
	if oerr != nil || nerr != nil || ov.Kind() != jsondoc.Number || nv.Kind() != jsondoc.Number {
		// draft-04's boolean exclusiveMinimum, or nonsense: cannot say
		// which way it went, so assume the worst.
		d.c.add(Breaking, rule+"-changed", at, ov, nv, "%s changed from %s to %s", kw, ov.Raw(), nv.Raw())
		return
	}
	raised := nf > of
	if raised == (tighter == "raised") {
		d.c.add(Breaking, rule+"-"+tighter, at, ov, nv, "%s %s from %s to %s", kw, tighter, ov.Raw(), nv.Raw())
	} else {
		d.c.add(NonBreaking, rule+"-"+looser, at, ov, nv, "%s %s from %s to %s", kw, looser, ov.Raw(), nv.Raw())
	}
}

// strings compares pattern and format: any new or different one may
// refuse what was accepted.
func (d *schemaDiff) strings(o, n *jsondoc.Value, ptr string) {
	for _, kw := range [...]string{"pattern", "format"} {
		ov, nv := o.Get(kw), n.Get(kw)
		at := ptr + "/" + kw
		switch {
		case ov == nil && nv == nil, same(ov, nv):
		case ov == nil:
			d.c.add(Breaking, kw+"-added", at, nil, nv, "%s %s added", kw, nv.Raw())
		case nv == nil:
			d.c.add(NonBreaking, kw+"-removed", at, ov, nil, "%s %s removed", kw, ov.Raw())
		default:
			d.c.add(Breaking, kw+"-changed", at, ov, nv, "%s changed from %s to %s", kw, ov.Raw(), nv.Raw())
		}
	}
	ou, nu := o.Get("uniqueItems").IsTrue(), n.Get("uniqueItems").IsTrue()
	switch {
	case !ou && nu:
		d.c.add(Breaking, "unique-items-added", ptr+"/uniqueItems", o.Get("uniqueItems"), n.Get("uniqueItems"), "items must now be unique")
	case ou && !nu:
		d.c.add(NonBreaking, "unique-items-removed", ptr+"/uniqueItems", o.Get("uniqueItems"), n.Get("uniqueItems"), "items need no longer be unique")
	}
}

// additional compares whether an object takes members it does not name.
func (d *schemaDiff) additional(o, n *jsondoc.Value, ptr string) {
	oa, na := o.Get("additionalProperties"), n.Get("additionalProperties")
	at := ptr + "/additionalProperties"
	switch {
	case !oa.IsFalse() && na.IsFalse():
		d.c.add(Breaking, "additional-properties-disallowed", at, oa, na, "parameters it does not name are refused now")
	case oa.IsFalse() && !na.IsFalse():
		d.c.add(NonBreaking, "additional-properties-allowed", at, oa, na, "parameters it does not name are accepted now")
	case oa.IsObject() || na.IsObject():
		d.compare(oa, na, at)
	}
}

// handled are the keywords compared by their own rules, or through the
// $refs that use them ($defs), never as text. A $ref left after resolving
// leads nowhere, and is compared as written.
var handled = map[string]bool{
	"$defs": true, "definitions": true, "$id": true, "id": true, "$schema": true,
	"$anchor": true, "$comment": true, "description": true, "title": true, "type": true, "enum": true,
	"const": true, "pattern": true, "format": true, "uniqueItems": true, "additionalProperties": true,
	"properties": true, "required": true, "items": true, "oneOf": true, "anyOf": true, "allOf": true,
	"prefixItems": true,
}

// annotations are keywords that describe and never refuse a value.
var annotations = map[string]bool{
	"default": true, "examples": true, "deprecated": true, "readOnly": true, "writeOnly": true,
	"contentMediaType": true, "contentEncoding": true, "x-order": true,
}

// others compares every remaining keyword as a value: an annotation's
// change breaks nothing; a change of a validating keyword toolbench has
// no rule for (not, if, patternProperties...) may, so it counts as
// breaking.
func (d *schemaDiff) others(o, n *jsondoc.Value, ptr string) {
	for _, kw := range union(o, n) {
		if handled[kw] || isBound(kw) {
			continue
		}
		ov, nv := o.Get(kw), n.Get(kw)
		if same(ov, nv) {
			continue
		}
		if annotations[kw] {
			d.c.add(NonBreaking, kebab(kw)+"-changed", ptr+"/"+jsondoc.EscapeToken(kw), ov, nv, "%s changed", kw)
		} else {
			d.c.add(Breaking, "keyword-changed", ptr+"/"+jsondoc.EscapeToken(kw), ov, nv, "'%s' changed; toolbench cannot tell whether it accepts less", kw)
		}
	}
}

func isBound(kw string) bool {
	for _, b := range lowerBounds {
		if b == kw {
			return true
		}
	}
	for _, b := range upperBounds {
		if b == kw {
			return true
		}
	}
	return false
}

// union is the keys of two objects, o's first, each once.
func union(o, n *jsondoc.Value) []string {
	keys := uniqueKeys(o)
	for _, k := range uniqueKeys(n) {
		if !o.Has(k) {
			keys = append(keys, k)
		}
	}
	return keys
}

func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func itoa(i int) string { return strconv.Itoa(i) }
