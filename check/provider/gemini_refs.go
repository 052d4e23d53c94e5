package provider

import (
	"fmt"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// ref inlines a $ref: Gemini's Schema has no $ref or $defs. A reference
// back into a schema being inlined would never end, so the value stops
// there and is lost.
func (w *geminiConverter) ref(src *jsondoc.Value, field string) (*jsondoc.Value, *issue) {
	ref, _ := src.GetString("$ref")
	at := jsondoc.Join(src.Pointer(), "$ref")
	target := w.schema.LookupFragment(ref)
	if !target.IsObject() {
		return nil, &issue{rule: ruleGeminiKeyword, pointer: at, field: field,
			message: fmt.Sprintf("Gemini has no $ref, and %q does not resolve inside the schema, so converting cannot inline it and leaves this value out", ref),
			fix:     "define the referenced schema under $defs and refer to it as #/$defs/name"}
	}
	if w.busy[target] {
		return nil, &issue{rule: ruleGeminiRecursive, pointer: at, field: field,
			message: fmt.Sprintf("$ref %q is recursive, and Gemini has no $ref: inlining it would never end, so converting stops the nesting here and leaves this value out", ref),
			fix:     "bound the recursion: write out as many levels as the model needs, or take the nested part as a JSON string"}
	}
	merged, why := flatten(w.schema, src)
	if why != "" {
		return nil, &issue{rule: ruleGeminiKeyword, pointer: at, field: field,
			message: "Gemini has no $ref, and converting cannot inline this one (" + why + "), so it leaves this value out",
			fix:     "write the referenced schema out in place"}
	}
	w.note(issue{rule: ruleGeminiKeyword, pointer: at, field: field,
		message: fmt.Sprintf("Gemini has no $ref; converting inlines %q", ref),
		fix:     "nothing to change unless the copies make the declaration too long"})
	w.busy[target] = true
	out, lost := w.walk(merged, field, false)
	delete(w.busy, target)
	return out, lost
}

// types converts type. Gemini marks null with nullable; a list of several
// types was split into anyOf branches before (typeList).
func (w *geminiConverter) types(s, out, v *jsondoc.Value, field string) {
	null := false
	for _, t := range append([]*jsondoc.Value{v}, v.Items()...) {
		switch {
		case !t.IsString():
		case t.Text() == "null":
			null = true
		default:
			out.Set("type", t)
		}
	}
	if null {
		out.Set("nullable", jsondoc.NewBool(true))
		w.note(issue{rule: ruleGeminiKeyword, pointer: keywordPointer(s, "type", v), field: field,
			message: "Gemini has no null type; converting says nullable: true instead",
			fix:     "nothing to change"})
	}
}

// geminiTypeNames are the types that have keywords of their own.
var geminiTypeNames = [...]string{"object", "array", "string", "number", "integer"}

// geminiTypeKeywords are the keywords that belong to one type, moved into
// that type's branch when a type list becomes anyOf: Gemini rejects
// properties on a schema that is not an OBJECT (anomalyco/opencode#11888).
func geminiTypeKeywords(typ string) []string {
	switch typ {
	case "object":
		return []string{"properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties"}
	case "array":
		return []string{"items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"}
	case "string":
		return []string{"enum", "format", "minLength", "maxLength", "pattern"}
	case "number", "integer":
		return []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"}
	}
	return nil
}

// typeList splits a schema whose type lists several types other than null
// into an anyOf of one branch per type, each with its own keywords.
func (w *geminiConverter) typeList(s *jsondoc.Value, field string) (*jsondoc.Value, bool) {
	t := s.Get("type")
	if t == nil || !t.IsArray() {
		return nil, false
	}
	var types []string
	null := false
	for _, v := range t.Items() {
		if v.IsString() && v.Text() == "null" {
			null = true
		} else if v.IsString() {
			types = append(types, v.Text())
		}
	}
	if len(types) < 2 {
		return nil, false
	}
	own := map[string]bool{"type": true}
	for _, typ := range geminiTypeNames {
		for _, k := range geminiTypeKeywords(typ) {
			own[k] = true
		}
	}
	parent := jsondoc.NewFrom(jsondoc.Object, s)
	branches := jsondoc.NewFrom(jsondoc.Array, t)
	for i, k := range s.Keys() {
		if !own[k] {
			parent.Set(k, s.Values()[i])
		}
	}
	for _, typ := range types {
		b := jsondoc.NewFrom(jsondoc.Object, s)
		b.Set("type", jsondoc.NewString(typ))
		for _, k := range geminiTypeKeywords(typ) {
			if v := s.Get(k); v != nil {
				b.Set(k, v)
			}
		}
		branches.Append(b)
	}
	if null {
		parent.Set("nullable", jsondoc.NewBool(true))
	}
	parent.Set("anyOf", branches)
	w.note(issue{rule: ruleGeminiKeyword, pointer: keywordPointer(s, "type", t), field: field,
		message: "Gemini takes one type per schema; converting turns the type list into an anyOf with one branch per type",
		fix:     "nothing to change"})
	return parent, true
}
