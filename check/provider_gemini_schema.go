package check

import "fmt"

// ref inlines a $ref: Gemini's Schema has no $ref or $defs. A reference
// back into a schema being inlined would never end, so the value stops
// there and is lost.
func (w *geminiWalk) ref(src *ojson, field string) (*ojson, *Finding) {
	ref, _ := src.str("$ref")
	at := ojPtr(src.at, "$ref")
	target, ok := ojResolve(w.provConv.schema, ref)
	if !ok || !target.isObj() {
		return nil, &Finding{Rule: geminiKeywordRule, Pointer: at, Field: field,
			Message: fmt.Sprintf("Gemini has no $ref, and %q does not resolve inside the schema, so converting cannot inline it and leaves this value out", ref),
			Fix:     "define the referenced schema under $defs and refer to it as #/$defs/name"}
	}
	if w.busy[target] {
		return nil, &Finding{Rule: "compat-gemini-recursive", Pointer: at, Field: field,
			Message: fmt.Sprintf("$ref %q is recursive, and Gemini has no $ref: inlining it would never end, so converting stops the nesting here and leaves this value out", ref),
			Fix:     "bound the recursion: write out as many levels as the model needs, or take the nested part as a JSON string"}
	}
	merged, why := provFlatten(w.provConv.schema, src)
	if why != "" {
		return nil, &Finding{Rule: geminiKeywordRule, Pointer: at, Field: field,
			Message: "Gemini has no $ref, and converting cannot inline this one (" + why + "), so it leaves this value out",
			Fix:     "write the referenced schema out in place"}
	}
	w.note(Finding{Rule: geminiKeywordRule, Pointer: at, Field: field,
		Message: fmt.Sprintf("Gemini has no $ref; converting inlines %q", ref),
		Fix:     "nothing to change unless the copies make the declaration too long"})
	w.busy[target] = true
	out, lost := w.walk(merged, field, false)
	delete(w.busy, target)
	return out, lost
}

// types converts type. Gemini marks null with nullable; a list of several
// types was split into anyOf branches before (typeList).
func (w *geminiWalk) types(s, out, v *ojson, field string) {
	null := false
	for _, t := range append([]*ojson{v}, v.arr...) {
		switch {
		case t.kind != ojStr:
		case t.lit == "null":
			null = true
		default:
			out.set("type", t)
		}
	}
	if null {
		out.set("nullable", ojBoolean(true))
		w.note(Finding{Rule: geminiKeywordRule, Pointer: provKeyPtr(s, "type", v), Field: field,
			Message: "Gemini has no null type; converting says nullable: true instead",
			Fix:     "nothing to change"})
	}
}

// geminiTypeKeywords are the keywords that belong to one type, moved into
// that type's branch when a type list becomes anyOf: Gemini rejects
// properties on a schema that is not an OBJECT (anomalyco/opencode#11888).
var geminiTypeKeywords = map[string][]string{
	"object":  {"properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties"},
	"array":   {"items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"},
	"string":  {"enum", "format", "minLength", "maxLength", "pattern"},
	"number":  {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"},
	"integer": {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"},
}

// typeList splits a schema whose type lists several types other than null
// into an anyOf of one branch per type, each with its own keywords.
func (w *geminiWalk) typeList(s *ojson, field string) (*ojson, bool) {
	t := s.get("type")
	if t == nil || t.kind != ojArr {
		return nil, false
	}
	var types []string
	null := false
	for _, v := range t.arr {
		if v.kind == ojStr && v.lit == "null" {
			null = true
		} else if v.kind == ojStr {
			types = append(types, v.lit)
		}
	}
	if len(types) < 2 {
		return nil, false
	}
	own := map[string]bool{"type": true}
	for _, ks := range geminiTypeKeywords {
		for _, k := range ks {
			own[k] = true
		}
	}
	parent := &ojson{kind: ojObj, at: s.at}
	branches := &ojson{kind: ojArr, at: t.at}
	for i, k := range s.keys {
		if !own[k] {
			parent.set(k, s.vals[i])
		}
	}
	for _, typ := range types {
		b := &ojson{kind: ojObj, at: s.at, keys: []string{"type"}, vals: []*ojson{ojString(typ)}}
		for _, k := range geminiTypeKeywords[typ] {
			if v := s.get(k); v != nil {
				b.set(k, v)
			}
		}
		branches.arr = append(branches.arr, b)
	}
	if null {
		parent.set("nullable", ojBoolean(true))
	}
	parent.set("anyOf", branches)
	w.note(Finding{Rule: geminiKeywordRule, Pointer: provKeyPtr(s, "type", t), Field: field,
		Message: "Gemini takes one type per schema; converting turns the type list into an anyOf with one branch per type",
		Fix:     "nothing to change"})
	return parent, true
}
