package check

import "fmt"

// union converts anyOf and oneOf into anyOf, which Gemini's Schema has; a
// null branch becomes nullable, and a single remaining branch is merged
// into the schema.
func (w *geminiWalk) union(s, out *ojson, k string, v *ojson, field string) *Finding {
	if v.kind != ojArr {
		w.drop(s, k, v, field, k+" is not a list")
		return nil
	}
	if k == "oneOf" {
		w.note(Finding{Rule: geminiKeywordRule, Pointer: provKeyPtr(s, k, v), Field: field,
			Message: "Gemini's Schema has anyOf but no oneOf; converting turns the oneOf into an anyOf, whose branches are not exclusive",
			Fix:     "use anyOf with branches that cannot both match"})
	}
	var branches []*ojson
	var lost *Finding
	for _, b := range v.arr {
		if geminiOnlyNull(b) {
			out.set("nullable", ojBoolean(true))
			continue
		}
		nb, why := w.walk(b, field, false)
		if nb == nil {
			if why != nil {
				lost = why
				w.note(*why)
			}
			continue
		}
		branches = append(branches, nb)
	}
	switch {
	case len(branches) == 0 && out.get("nullable") == nil:
		return lost
	case len(branches) == 1:
		for i, bk := range branches[0].keys {
			if out.get(bk) == nil {
				out.set(bk, branches[0].vals[i])
			}
		}
	case len(branches) > 1:
		if cur := out.get("anyOf"); cur != nil {
			joined := cur.shallow()
			joined.arr = append(joined.arr, branches...)
			out.set("anyOf", joined)
		} else {
			out.set("anyOf", &ojson{kind: ojArr, arr: branches, at: v.at})
		}
	}
	return nil
}

// geminiOnlyNull reports whether branch b accepts null and nothing else.
func geminiOnlyNull(b *ojson) bool {
	if t := b.get("type"); t != nil {
		for _, v := range append([]*ojson{t}, t.arr...) {
			if v.kind == ojStr && v.lit != "null" {
				return false
			}
		}
		return t.kind == ojStr || len(t.arr) > 0
	}
	c := b.get("const")
	return c != nil && c.kind == ojNull
}

// enum keeps string enums; Gemini allows enum only on strings ("function
// declaration enum only allowed for STRING type", decolua/9router#380).
func (w *geminiWalk) enum(s, out, v *ojson, field string) {
	if v.kind != ojArr {
		w.drop(s, "enum", v, field, "enum is not a list")
		return
	}
	strs := &ojson{kind: ojArr, arr: []*ojson{}, at: v.at}
	for _, e := range v.arr {
		switch e.kind {
		case ojStr:
			strs.arr = append(strs.arr, e)
		case ojNull:
			out.set("nullable", ojBoolean(true))
		default:
			w.drop(s, "enum", v, field, "Gemini allows enum only with string values, and this one holds "+string(e.marshal()))
			return
		}
	}
	out.set("enum", strs)
}

// constant turns a string const into a one-value enum.
func (w *geminiWalk) constant(s, out, v *ojson, field string) {
	switch v.kind {
	case ojStr:
		out.set("enum", ojStrings(v.lit))
		w.note(Finding{Rule: geminiKeywordRule, Pointer: provKeyPtr(s, "const", v), Field: field,
			Message: "Gemini has no const; converting makes it an enum of one value",
			Fix:     "nothing to change"})
	case ojNull:
		out.set("nullable", ojBoolean(true))
	default:
		w.drop(s, "const", v, field, "Gemini has no const, and its enum holds only strings")
	}
}

// object converts the properties, leaving out those that cannot be
// expressed: a blocker when the property was required (no call could then
// be valid), a note otherwise. required keeps only the properties left,
// since Gemini rejects required names it cannot find (Kilo-Org/kilocode#11955).
func (w *geminiWalk) object(s, out *ojson, field string) {
	required := map[string]bool{}
	if r := s.get("required"); r != nil {
		for _, v := range r.arr {
			if v.kind == ojStr {
				required[v.lit] = true
			}
		}
	}
	props := s.get("properties")
	if !props.isObj() {
		out.del("required")
		return
	}
	np := &ojson{kind: ojObj, at: props.at}
	for i, name := range props.keys {
		child, lost := w.walk(props.vals[i], ojPtr(field, name), false)
		switch {
		case child != nil:
			np.keys, np.vals = append(np.keys, name), append(np.vals, child)
		case lost != nil && required[name]:
			w.block(*lost)
		case lost != nil:
			w.note(*lost)
		}
	}
	out.set("properties", np)
	kept := &ojson{kind: ojArr, arr: []*ojson{}}
	if r := s.get("required"); r != nil {
		kept.at = r.at
		for _, v := range r.arr {
			if v.kind == ojStr && np.get(v.lit) != nil {
				kept.arr = append(kept.arr, v)
			}
		}
	}
	if len(kept.arr) == 0 {
		out.del("required")
	} else {
		out.set("required", kept)
	}
}

// shaped checks that out says what its value is: Gemini needs a type,
// items on arrays and at least one property on objects ("properties:
// should be non-empty for OBJECT type", agno-agi/agno#2112). A schema that
// does not is lost; the root may have no properties, as a tool without
// parameters.
func (w *geminiWalk) shaped(out *ojson, field string, root bool) (*ojson, *Finding) {
	if out.get("type") == nil && out.get("anyOf") == nil {
		if t := provInferType(out); t != "" {
			// Gemini wants the type stated: "enum only allowed for STRING
			// type", "properties: only allowed for OBJECT type".
			out.set("type", ojString(t))
			w.note(Finding{Rule: "compat-gemini-type", Pointer: out.at, Field: field,
				Message: fmt.Sprintf("Gemini needs a type on every schema; this one has none, and converting adds \"type\": %q, which its keywords imply", t),
				Fix:     fmt.Sprintf(`add "type": %q`, t)})
		}
	}
	lost := func(what string) (*ojson, *Finding) {
		return nil, &Finding{Rule: "compat-gemini-free-form", Pointer: out.at, Field: field,
			Message: what + "; converting leaves this value out",
			Fix:     "declare what the value holds; free-form data can travel as a string holding JSON"}
	}
	switch {
	case out.get("type") == nil && out.get("anyOf") == nil:
		return lost("this schema has no type, and Gemini needs one")
	case strictHasType(out, "object") && len(out.get("properties").keysOrNil()) == 0 && !root:
		return lost("this object declares no properties (a free-form object or a map), and Gemini rejects objects without properties")
	case strictHasType(out, "array") && out.get("items") == nil:
		return lost(fmt.Sprintf("this array does not say what its items are, and Gemini needs %s", "items"))
	}
	return out, nil
}
