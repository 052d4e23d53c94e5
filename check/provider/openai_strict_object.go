package provider

import (
	"fmt"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// object lists every property in required, making the optional ones
// nullable, and closes the object: strict mode needs both ("All fields must
// be required"; "additionalProperties: false must always be set in
// objects").
func (w *strictConverter) object(s, out *jsondoc.Value, field string, root bool) {
	props := s.Get("properties")
	np := jsondoc.NewObject()
	required := map[string]bool{}
	list := jsondoc.NewArray()
	if r := s.Get("required"); r != nil && r.IsArray() {
		list.SetPointer(r.Pointer())
		for _, v := range r.Items() {
			if v.IsString() && !required[v.Text()] {
				required[v.Text()] = true
				list.Append(v)
			}
		}
	}
	if props.IsObject() {
		np.SetPointer(props.Pointer())
		for i, name := range props.Keys() {
			child := w.walk(props.Values()[i], jsondoc.Join(field, name), false)
			if !required[name] {
				list.Append(jsondoc.NewString(name))
				if !w.acceptsNull(child, 0) {
					child = strictNullable(child)
					w.optional(props.Values()[i], name, field)
				}
			}
			np.Set(name, child)
		}
	}
	out.Set("properties", np)
	out.Set("required", list)
	w.close(s, out, field, root, len(np.Keys()) > 0)
}

// optional reports an optional property made required and nullable. It
// blocks: the model now sends null where it used to leave the argument
// out, and the tool's own schema does not accept null there.
func (w *strictConverter) optional(prop *jsondoc.Value, name, field string) {
	msg := fmt.Sprintf("%q is optional, but strict mode needs every property in required; converting makes it required and nullable, so the model sends null when it has no value, which the tool's schema does not accept", name)
	if d := prop.Get("default"); d != nil {
		msg += fmt.Sprintf("; its default (%s) applies only when the argument is left out", d.Marshal())
	}
	w.block(issue{rule: ruleStrictNotRequired, pointer: prop.Pointer(), field: jsondoc.Join(field, name), message: msg,
		fix: fmt.Sprintf("list %q in required, or let it accept null and treat null as absent; a bridge can also drop null arguments before calling the tool", name)})
}

// close sets additionalProperties: false. An object that declares no
// properties cannot survive that: the model could only ever send {}.
func (w *strictConverter) close(s, out *jsondoc.Value, field string, root, hasProps bool) {
	ap, pp := s.Get("additionalProperties"), s.Get("patternProperties")
	closed := ap != nil && ap.Kind() == jsondoc.Bool && !ap.IsTrue()
	open := pp != nil || (ap != nil && !closed)
	ptr, lost := s.Pointer(), holdsSchemas("additionalProperties", ap)
	switch {
	case lost:
		ptr = keywordPointer(s, "additionalProperties", ap)
	case pp != nil:
		ptr = keywordPointer(s, "patternProperties", pp)
	case ap != nil:
		ptr = keywordPointer(s, "additionalProperties", ap)
	}
	rule := ruleStrictAdditionalProperties
	switch {
	case open && hasProps:
		is := issue{rule: rule, pointer: ptr, field: field,
			message: "this object also accepts keys it does not declare, which strict mode cannot express; converting closes it, so the model can send only the declared properties",
			fix:     "declare every key the model may need as a property"}
		if lost {
			w.lose(is) // the schema of the undeclared keys' values goes
		} else {
			w.note(is)
		}
	case open || (!closed && !hasProps && !root):
		w.block(issue{rule: rule, pointer: ptr, field: field,
			message: "this object declares no properties (a free-form object or a map); strict mode closes every object, so the model could only send {}",
			fix:     "declare its keys as properties, or take the entries as an array of {key, value} objects"})
	case !closed:
		w.note(issue{rule: rule, pointer: ptr, field: field,
			message: "strict mode needs additionalProperties: false on every object; converting adds it",
			fix:     `add "additionalProperties": false to this object`})
	}
	out.Set("additionalProperties", jsondoc.NewBool(false))
}

// freeForm gives a typeless schema the type its keywords imply, and blocks
// schemas that accept any value: strict mode rejects a schema without a
// type ("schema must have a 'type' key", moltis-org/moltis#694) and an
// array without items.
func (w *strictConverter) freeForm(out *jsondoc.Value, field string) {
	if out.Get("type") == nil && out.Get("$ref") == nil && out.Get("anyOf") == nil {
		if t := impliedType(out); t != "" {
			out.Set("type", jsondoc.NewString(t))
			w.note(issue{rule: ruleStrictType, pointer: out.Pointer(), field: field,
				message: fmt.Sprintf("strict mode wants a type on every schema; this one has none, and converting adds \"type\": %q, which its keywords imply", t),
				fix:     fmt.Sprintf(`add "type": %q`, t)})
		}
	}
	rule := ruleStrictFreeForm
	switch {
	case out.Get("type") == nil && out.Get("$ref") == nil && out.Get("anyOf") == nil:
		w.block(issue{rule: rule, pointer: out.Pointer(), field: field,
			message: "this schema has no type, so it accepts any value; strict mode needs a type on every schema",
			fix:     "give it a type; free-form data can travel as a string holding JSON"})
	case jsondoc.HasType(out, "array") && out.Get("items") == nil:
		w.block(issue{rule: rule, pointer: out.Pointer(), field: field,
			message: "this array does not say what its items are; strict mode needs an items schema",
			fix:     "add an items schema"})
	}
}

// strictIsObject reports whether s describes objects.
func strictIsObject(s *jsondoc.Value) bool {
	if s.Get("type") == nil {
		return s.Get("properties") != nil
	}
	return jsondoc.HasType(s, "object")
}

// acceptsNull reports whether schema n already allows null, following
// $refs a few steps.
func (w *strictConverter) acceptsNull(n *jsondoc.Value, depth int) bool {
	if !n.IsObject() || depth > 8 {
		return n != nil && n.Kind() == jsondoc.Bool && n.IsTrue()
	}
	if ok, seen := w.nulls[n]; seen {
		return ok
	}
	ok := w.acceptsNullOnce(n, depth)
	w.nulls[n] = ok
	return ok
}

func (w *strictConverter) acceptsNullOnce(n *jsondoc.Value, depth int) bool {
	if jsondoc.HasType(n, "null") {
		return true
	}
	if c := n.Get("const"); c != nil && c.Kind() == jsondoc.Null {
		return true
	}
	if e := n.Get("enum"); e != nil && n.Get("type") == nil {
		for _, v := range e.Items() {
			if v.Kind() == jsondoc.Null {
				return true
			}
		}
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if u := n.Get(k); u != nil {
			for _, b := range u.Items() {
				if w.acceptsNull(b, depth+1) {
					return true
				}
			}
		}
	}
	if ref, ok := n.GetString("$ref"); ok {
		if t := w.schema.LookupFragment(ref); t != nil {
			return w.acceptsNull(t, depth+1)
		}
	}
	return false
}

// strictNullable lets n accept null as well: type [T, "null"] for a plain
// typed schema, as the guide's own examples do, and otherwise an anyOf with
// a null branch, the description moved up so the model still reads it first.
func strictNullable(n *jsondoc.Value) *jsondoc.Value {
	if !n.IsObject() {
		return n
	}
	t := n.Get("type")
	plain := t != nil && n.Get("$ref") == nil && n.Get("anyOf") == nil && n.Get("const") == nil
	if plain && (t.IsString() || t.IsArray()) {
		out := n.Shallow()
		types := listAt(t, t)
		if t.IsArray() {
			types = t.Shallow()
		}
		types.Append(jsondoc.NewString("null"))
		out.Set("type", types)
		if e := n.Get("enum"); e != nil && e.IsArray() {
			e = e.Shallow()
			e.Append(jsondoc.NewNull())
			out.Set("enum", e)
		}
		return out
	}
	null := jsondoc.NewObject()
	null.Set("type", jsondoc.NewString("null"))
	if u := n.Get("anyOf"); u != nil && u.IsArray() && n.Get("$ref") == nil {
		out, branches := n.Shallow(), u.Shallow()
		branches.Append(null)
		out.Set("anyOf", branches)
		return out
	}
	wrap, inner := jsondoc.NewFrom(jsondoc.Object, n), n.Shallow()
	if d := n.Get("description"); d != nil {
		wrap.Set("description", d)
		inner.Delete("description")
	}
	wrap.Set("anyOf", jsondoc.NewArray(inner, null))
	return wrap
}
