package jsondoc

import (
	"maps"
	"slices"
)

// NewObject returns an empty object that sits nowhere.
func NewObject() *Value { return &Value{kind: Object} }

// NewArray returns an array of items that sits nowhere.
func NewArray(items ...*Value) *Value { return &Value{kind: Array, vals: items} }

// NewString returns the string s.
func NewString(s string) *Value { return &Value{kind: String, text: s} }

// NewStrings returns an array of the strings ss.
func NewStrings(ss ...string) *Value {
	items := make([]*Value, len(ss))
	for i, s := range ss {
		items[i] = NewString(s)
	}
	return NewArray(items...)
}

// NewBool returns the boolean b.
func NewBool(b bool) *Value { return &Value{kind: Bool, b: b} }

// NewNull returns null.
func NewNull() *Value { return &Value{kind: Null} }

// NewFrom returns an empty object or array that stands where from stands:
// it reports from's pointer and text, as a schema merged or reshaped from
// a written one should, so that what is said about it points at the
// schema as written. With a nil from it sits nowhere.
func NewFrom(kind Kind, from *Value) *Value {
	if from == nil {
		return &Value{kind: kind}
	}
	return &Value{kind: kind, raw: from.raw, ptr: from.Pointer()}
}

// Shallow copies an object's members or an array's items into a value
// that shares the member values and stands where v stands. Editing the
// copy leaves v alone.
func (v *Value) Shallow() *Value {
	c := *v
	c.keys = append([]string(nil), v.keys...)
	c.vals = append([]*Value(nil), v.vals...)
	if v.idx != nil {
		c.idx = maps.Clone(v.idx)
	}
	return &c
}

// Set replaces member key of an object in place (its last occurrence, the
// one Get finds), or appends it: keys keep their position.
func (v *Value) Set(key string, val *Value) {
	if i := v.index(key); i >= 0 {
		v.vals[i] = val
		return
	}
	v.keys, v.vals = append(v.keys, key), append(v.vals, val)
	switch {
	case v.idx != nil:
		v.idx[key] = len(v.keys) - 1
	case len(v.keys) > indexAbove:
		v.reindex()
	}
}

// Delete removes every member named one of keys from an object.
func (v *Value) Delete(keys ...string) {
	found := false
	for _, k := range keys {
		found = found || v.index(k) >= 0
	}
	if !found {
		return
	}
	kept, vals := v.keys[:0:0], v.vals[:0:0]
	for i, k := range v.keys {
		if !slices.Contains(keys, k) {
			kept, vals = append(kept, k), append(vals, v.vals[i])
		}
	}
	v.keys, v.vals, v.idx = kept, vals, nil
	if len(v.keys) > indexAbove {
		v.reindex()
	}
}

// Append adds items to an array.
func (v *Value) Append(items ...*Value) { v.vals = append(v.vals, items...) }

// reindex builds the key index of a wide object; the last of duplicate
// keys wins, as in Get.
func (v *Value) reindex() {
	v.idx = make(map[string]int, len(v.keys))
	for i, k := range v.keys {
		v.idx[k] = i
	}
}
