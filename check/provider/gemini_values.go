package provider

import (
	"fmt"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// union converts anyOf and oneOf into anyOf, which Gemini's Schema has; a
// null branch becomes nullable, and a single remaining branch is merged
// into the schema.
func (w *geminiConverter) union(s, out *jsondoc.Value, k string, v *jsondoc.Value, field string) *issue {
	if !v.IsArray() {
		w.drop(s, k, v, field, k+" is not a list")
		return nil
	}
	if k == "oneOf" {
		w.note(issue{rule: ruleGeminiKeyword, pointer: keywordPointer(s, k, v), field: field,
			message: "Gemini's Schema has anyOf but no oneOf; converting turns the oneOf into an anyOf, whose branches are not exclusive",
			fix:     "use anyOf with branches that cannot both match"})
	}
	var branches []*jsondoc.Value
	var lost *issue
	for _, b := range v.Items() {
		if geminiOnlyNull(b) {
			out.Set("nullable", jsondoc.NewBool(true))
			continue
		}
		nb, why := w.walk(b, field, false)
		if nb == nil {
			if why != nil {
				lost = why
				w.lose(*why)
			}
			continue
		}
		branches = append(branches, nb)
	}
	switch {
	case len(branches) == 0 && out.Get("nullable") == nil:
		return lost
	case len(branches) == 1:
		for i, bk := range branches[0].Keys() {
			if out.Get(bk) == nil {
				out.Set(bk, branches[0].Values()[i])
			}
		}
	case len(branches) > 1:
		if cur := out.Get("anyOf"); cur != nil {
			joined := cur.Shallow()
			joined.Append(branches...)
			out.Set("anyOf", joined)
		} else {
			out.Set("anyOf", listAt(v, branches...))
		}
	}
	return nil
}

// geminiOnlyNull reports whether branch b accepts null and nothing else.
func geminiOnlyNull(b *jsondoc.Value) bool {
	if t := b.Get("type"); t != nil {
		for _, v := range append([]*jsondoc.Value{t}, t.Items()...) {
			if v.IsString() && v.Text() != "null" {
				return false
			}
		}
		return t.IsString() || len(t.Items()) > 0
	}
	c := b.Get("const")
	return c != nil && c.Kind() == jsondoc.Null
}

// enum keeps string enums; Gemini allows enum only on strings ("function
// declaration enum only allowed for STRING type", decolua/9router#380).
func (w *geminiConverter) enum(s, out, v *jsondoc.Value, field string) {
	if !v.IsArray() {
		w.drop(s, "enum", v, field, "enum is not a list")
		return
	}
	strs := jsondoc.NewFrom(jsondoc.Array, v)
	for _, e := range v.Items() {
		switch e.Kind() {
		case jsondoc.String:
			strs.Append(e)
		case jsondoc.Null:
			out.Set("nullable", jsondoc.NewBool(true))
		default:
			w.drop(s, "enum", v, field, "Gemini allows enum only with string values, and this one holds "+string(e.Marshal()))
			return
		}
	}
	out.Set("enum", strs)
}

// constant turns a string const into a one-value enum.
func (w *geminiConverter) constant(s, out, v *jsondoc.Value, field string) {
	switch v.Kind() {
	case jsondoc.String:
		out.Set("enum", jsondoc.NewStrings(v.Text()))
		w.note(issue{rule: ruleGeminiKeyword, pointer: keywordPointer(s, "const", v), field: field,
			message: "Gemini has no const; converting makes it an enum of one value",
			fix:     "nothing to change"})
	case jsondoc.Null:
		out.Set("nullable", jsondoc.NewBool(true))
	default:
		w.drop(s, "const", v, field, "Gemini has no const, and its enum holds only strings")
	}
}

// object converts the properties, leaving out those that cannot be
// expressed: a blocker when the property was required (no call could then
// be valid), a note otherwise. required keeps only the properties left,
// since Gemini rejects required names it cannot find (Kilo-Org/kilocode#11955).
func (w *geminiConverter) object(s, out *jsondoc.Value, field string) {
	required := map[string]bool{}
	if r := s.Get("required"); r != nil {
		for _, v := range r.Items() {
			if v.IsString() {
				required[v.Text()] = true
			}
		}
	}
	props := s.Get("properties")
	if !props.IsObject() {
		out.Delete("required")
		return
	}
	np := jsondoc.NewFrom(jsondoc.Object, props)
	for i, name := range props.Keys() {
		child, lost := w.walk(props.Values()[i], jsondoc.Join(field, name), false)
		switch {
		case child != nil:
			np.Set(name, child)
		case lost != nil && required[name]:
			w.lostParams++
			w.block(*lost)
		case lost != nil:
			w.lostParams++
			w.lose(*lost)
		}
	}
	out.Set("properties", np)
	kept := jsondoc.NewArray()
	if r := s.Get("required"); r != nil {
		kept.SetPointer(r.Pointer())
		for _, v := range r.Items() {
			if v.IsString() && np.Get(v.Text()) != nil {
				kept.Append(v)
			}
		}
	}
	if len(kept.Items()) == 0 {
		out.Delete("required")
	} else {
		out.Set("required", kept)
	}
}

// shaped checks that out says what its value is: Gemini needs a type,
// items on arrays and at least one property on objects ("properties:
// should be non-empty for OBJECT type", agno-agi/agno#2112). A schema that
// does not is lost; the root may have no properties, as a tool without
// parameters.
func (w *geminiConverter) shaped(s, out *jsondoc.Value, field string, root bool) (*jsondoc.Value, *issue) {
	if out.Get("type") == nil && out.Get("anyOf") == nil {
		if t := impliedType(out); t != "" {
			// Gemini wants the type stated: "enum only allowed for STRING
			// type", "properties: only allowed for OBJECT type".
			out.Set("type", jsondoc.NewString(t))
			w.note(issue{rule: ruleGeminiType, pointer: out.Pointer(), field: field,
				message: fmt.Sprintf("Gemini needs a type on every schema; this one has none, and converting adds \"type\": %q, which its keywords imply", t),
				fix:     fmt.Sprintf(`add "type": %q`, t)})
		}
	}
	lost := func(what string) (*jsondoc.Value, *issue) {
		return nil, &issue{rule: ruleGeminiFreeForm, pointer: out.Pointer(), field: field,
			message: what + "; converting leaves this value out",
			fix:     "declare what the value holds; free-form data can travel as a string holding JSON"}
	}
	switch {
	case out.Get("type") == nil && out.Get("anyOf") == nil:
		return lost("this schema has no type, and Gemini needs one")
	case jsondoc.HasType(out, "object") && len(out.Get("properties").Keys()) == 0 && !root:
		if s.Get("properties").Len() > 0 {
			return lost("every property of this object is left out (see the findings on each), and Gemini rejects objects without properties")
		}
		return lost("this object declares no properties (a free-form object or a map), and Gemini rejects objects without properties")
	case jsondoc.HasType(out, "array") && out.Get("items") == nil:
		return lost(fmt.Sprintf("this array does not say what its items are, and Gemini needs %s", "items"))
	}
	return out, nil
}
