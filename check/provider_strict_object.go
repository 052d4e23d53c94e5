package check

import "fmt"

// object lists every property in required, making the optional ones
// nullable, and closes the object: strict mode needs both ("All fields must
// be required"; "additionalProperties: false must always be set in
// objects").
func (w *strictWalk) object(s, out *ojson, field string, root bool) {
	props := s.get("properties")
	np := &ojson{kind: ojObj}
	required := map[string]bool{}
	list := &ojson{kind: ojArr, arr: []*ojson{}}
	if r := s.get("required"); r != nil && r.kind == ojArr {
		list.at = r.at
		for _, v := range r.arr {
			if v.kind == ojStr && !required[v.lit] {
				required[v.lit] = true
				list.arr = append(list.arr, v)
			}
		}
	}
	if props.isObj() {
		np.at = props.at
		for i, name := range props.keys {
			child := w.walk(props.vals[i], ojPtr(field, name), false)
			if !required[name] {
				list.arr = append(list.arr, ojString(name))
				if !w.acceptsNull(child, 0) {
					child = strictNullable(child)
					w.optional(props.vals[i], name, field)
				}
			}
			np.keys, np.vals = append(np.keys, name), append(np.vals, child)
		}
	}
	out.set("properties", np)
	out.set("required", list)
	w.close(s, out, field, root, len(np.keys) > 0)
}

// optional reports an optional property made required and nullable. It
// blocks: the model now sends null where it used to leave the argument
// out, and the tool's own schema does not accept null there.
func (w *strictWalk) optional(prop *ojson, name, field string) {
	msg := fmt.Sprintf("%q is optional, but strict mode needs every property in required; converting makes it required and nullable, so the model sends null when it has no value, which the tool's schema does not accept", name)
	if d := prop.get("default"); d != nil {
		msg += fmt.Sprintf("; its default (%s) applies only when the argument is left out", d.marshal())
	}
	w.block(Finding{Rule: "compat-openai-strict-not-required", Pointer: prop.at, Field: ojPtr(field, name), Message: msg,
		Fix: fmt.Sprintf("list %q in required, or let it accept null and treat null as absent; a bridge can also drop null arguments before calling the tool", name)})
}

// close sets additionalProperties: false. An object that declares no
// properties cannot survive that: the model could only ever send {}.
func (w *strictWalk) close(s, out *ojson, field string, root, hasProps bool) {
	ap, pp := s.get("additionalProperties"), s.get("patternProperties")
	closed := ap != nil && ap.kind == ojBool && !ap.b
	open := pp != nil || (ap != nil && !closed)
	ptr := s.at
	if pp != nil {
		ptr = provKeyPtr(s, "patternProperties", pp)
	} else if ap != nil {
		ptr = provKeyPtr(s, "additionalProperties", ap)
	}
	const rule = "compat-openai-strict-additional-properties"
	switch {
	case open && hasProps:
		w.note(Finding{Rule: rule, Pointer: ptr, Field: field,
			Message: "this object also accepts keys it does not declare, which strict mode cannot express; converting closes it, so the model can send only the declared properties",
			Fix:     "declare every key the model may need as a property"})
	case open || (!closed && !hasProps && !root):
		w.block(Finding{Rule: rule, Pointer: ptr, Field: field,
			Message: "this object declares no properties (a free-form object or a map); strict mode closes every object, so the model could only send {}",
			Fix:     "declare its keys as properties, or take the entries as an array of {key, value} objects"})
	case !closed:
		w.note(Finding{Rule: rule, Pointer: ptr, Field: field,
			Message: "strict mode needs additionalProperties: false on every object; converting adds it",
			Fix:     `add "additionalProperties": false to this object`})
	}
	out.set("additionalProperties", ojBoolean(false))
}

// freeForm gives a typeless schema the type its keywords imply, and blocks
// schemas that accept any value: strict mode rejects a schema without a
// type ("schema must have a 'type' key", moltis-org/moltis#694) and an
// array without items.
func (w *strictWalk) freeForm(out *ojson, field string) {
	if out.get("type") == nil && out.get("$ref") == nil && out.get("anyOf") == nil {
		if t := provInferType(out); t != "" {
			out.set("type", ojString(t))
			w.note(Finding{Rule: "compat-openai-strict-type", Pointer: out.at, Field: field,
				Message: fmt.Sprintf("strict mode wants a type on every schema; this one has none, and converting adds \"type\": %q, which its keywords imply", t),
				Fix:     fmt.Sprintf(`add "type": %q`, t)})
		}
	}
	const rule = "compat-openai-strict-free-form"
	switch {
	case out.get("type") == nil && out.get("$ref") == nil && out.get("anyOf") == nil:
		w.block(Finding{Rule: rule, Pointer: out.at, Field: field,
			Message: "this schema has no type, so it accepts any value; strict mode needs a type on every schema",
			Fix:     "give it a type; free-form data can travel as a string holding JSON"})
	case strictHasType(out, "array") && out.get("items") == nil:
		w.block(Finding{Rule: rule, Pointer: out.at, Field: field,
			Message: "this array does not say what its items are; strict mode needs an items schema",
			Fix:     "add an items schema"})
	}
}

// strictIsObject reports whether s describes objects.
func strictIsObject(s *ojson) bool {
	if s.get("type") == nil {
		return s.get("properties") != nil
	}
	return strictHasType(s, "object")
}

// strictHasType reports whether s's type is, or lists, typ.
func strictHasType(s *ojson, typ string) bool {
	t := s.get("type")
	if t == nil {
		return false
	}
	if t.kind == ojStr {
		return t.lit == typ
	}
	for _, v := range t.arr {
		if v.kind == ojStr && v.lit == typ {
			return true
		}
	}
	return false
}

// acceptsNull reports whether schema n already allows null, following
// $refs a few steps.
func (w *strictWalk) acceptsNull(n *ojson, depth int) bool {
	if !n.isObj() || depth > 8 {
		return n != nil && n.kind == ojBool && n.b
	}
	if ok, seen := w.nulls[n]; seen {
		return ok
	}
	ok := w.acceptsNullOnce(n, depth)
	w.nulls[n] = ok
	return ok
}

func (w *strictWalk) acceptsNullOnce(n *ojson, depth int) bool {
	if strictHasType(n, "null") {
		return true
	}
	if c := n.get("const"); c != nil && c.kind == ojNull {
		return true
	}
	if e := n.get("enum"); e != nil && n.get("type") == nil {
		for _, v := range e.arr {
			if v.kind == ojNull {
				return true
			}
		}
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if u := n.get(k); u != nil {
			for _, b := range u.arr {
				if w.acceptsNull(b, depth+1) {
					return true
				}
			}
		}
	}
	if ref, ok := n.str("$ref"); ok {
		if t, ok := ojResolve(w.provConv.schema, ref); ok {
			return w.acceptsNull(t, depth+1)
		}
	}
	return false
}

// strictNullable lets n accept null as well: type [T, "null"] for a plain
// typed schema, as the guide's own examples do, and otherwise an anyOf with
// a null branch, the description moved up so the model still reads it first.
func strictNullable(n *ojson) *ojson {
	if !n.isObj() {
		return n
	}
	t := n.get("type")
	plain := t != nil && n.get("$ref") == nil && n.get("anyOf") == nil && n.get("const") == nil
	if plain && (t.kind == ojStr || t.kind == ojArr) {
		out := n.shallow()
		types := &ojson{kind: ojArr, arr: []*ojson{t}, at: t.at}
		if t.kind == ojArr {
			types = t.shallow()
		}
		types.arr = append(types.arr, ojString("null"))
		out.set("type", types)
		if e := n.get("enum"); e != nil && e.kind == ojArr {
			e = e.shallow()
			e.arr = append(e.arr, &ojson{kind: ojNull})
			out.set("enum", e)
		}
		return out
	}
	null := ojObject()
	null.set("type", ojString("null"))
	if u := n.get("anyOf"); u != nil && u.kind == ojArr && n.get("$ref") == nil {
		out, branches := n.shallow(), u.shallow()
		branches.arr = append(branches.arr, null)
		out.set("anyOf", branches)
		return out
	}
	wrap, inner := &ojson{kind: ojObj, at: n.at}, n.shallow()
	if d := n.get("description"); d != nil {
		wrap.set("description", d)
		inner.del("description")
	}
	wrap.set("anyOf", &ojson{kind: ojArr, arr: []*ojson{inner, null}})
	return wrap
}
