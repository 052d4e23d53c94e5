package provider

import (
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// The rules below follow the Structured Outputs guide, "Supported schemas"
// (developers.openai.com/api/docs/guides/structured-outputs#supported-schemas),
// which strict function calling shares: every property required, optional
// ones expressed as a union with null, additionalProperties: false on every
// object, anyOf but not at the root, local $refs and $defs (recursion
// included), and a keyword subset.

// strictFormat reports the string formats the guide lists; any other fails
// the request, e.g. "'uri' is not a valid format" (posit-dev/chatlas#255).
func strictFormat(f string) bool {
	switch f {
	case "date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid":
		return true
	}
	return false
}

// strictDropped says why strict mode rejects keyword k, or "" when it does
// not. The guide lists the composition keywords as unsupported; the
// open-object keywords mean nothing once every object is closed
// (propertyNames is rejected in practice, TanStack/ai#976); tuples are not
// in the subset.
func strictDropped(k string) string {
	switch k {
	case "not", "dependentRequired", "dependentSchemas", "dependencies":
		return "strict mode does not support " + k
	case "if", "then", "else":
		return "strict mode does not support if/then/else"
	case "patternProperties":
		return "strict objects are closed (additionalProperties: false), so patternProperties cannot be kept"
	case "propertyNames", "unevaluatedProperties":
		return "strict objects are closed, so " + k + " cannot be kept"
	case "prefixItems", "additionalItems":
		return "tuples (" + k + ") are not in the strict subset"
	}
	return ""
}

// strictConverter reshapes a schema for strict mode. $refs stay: strict mode
// resolves them itself, so each definition is reshaped once, in $defs.
type strictConverter struct {
	*conversion
	inlining map[*jsondoc.Value]bool   // $ref targets being inlined, to stop on recursion
	fields   map[*jsondoc.Value]string // the argument path where each $ref target is first used
	order    []*jsondoc.Value          // $ref targets in the order first used
	nulls    map[*jsondoc.Value]bool   // acceptsNull's answers, for $refs met again
	// budget counts down the schemas walked. Inlining $refs copies their
	// targets, which nest and can multiply; past the budget, $refs stay.
	budget int
}

// strictBudget is how many schemas beyond the size of the schema itself a
// strict conversion walks before it stops inlining $refs.
const strictBudget = 10000

// strictParameters is the inputSchema reshaped for strict mode.
func (c *conversion) strictParameters() *jsondoc.Value {
	root := c.schema
	if !root.IsObject() {
		return root
	}
	w := &strictConverter{conversion: c, inlining: map[*jsondoc.Value]bool{}, fields: map[*jsondoc.Value]string{}, nulls: map[*jsondoc.Value]bool{}, budget: strictBudget + valueCount(root)}
	out := w.walk(root, "", true)
	done := map[*jsondoc.Value]*jsondoc.Value{}
	// Reshaping a definition can reach more definitions, which join order;
	// going in order of first use gives findings inside them a field.
	for i := 0; i < len(w.order); i++ {
		if t := w.order[i]; t != root && done[t] == nil {
			done[t] = w.walk(t, w.fields[t], false)
		}
	}
	for _, k := range []string{"$defs", "definitions"} {
		defs := root.Get(k)
		if !defs.IsObject() {
			continue
		}
		nd := jsondoc.NewFrom(jsondoc.Object, defs)
		for i, name := range defs.Keys() {
			d := done[defs.Values()[i]]
			if d == nil {
				d = w.walk(defs.Values()[i], "", false)
			}
			nd.Set(name, d)
		}
		out.Set(k, nd)
	}
	c.strictLimits()
	return out
}

// walk reshapes schema src, whose value sits at argument path field.
func (w *strictConverter) walk(src *jsondoc.Value, field string, root bool) *jsondoc.Value {
	w.budget--
	if src.Kind() == jsondoc.Bool {
		w.block(issue{rule: ruleStrictFreeForm, pointer: src.Pointer(), field: field,
			message: notObjectText(src) + "; strict mode needs a typed schema",
			fix:     "replace it with a typed schema"})
		return src
	}
	if !src.IsObject() {
		return src
	}
	if _, ok := src.GetString("$ref"); ok {
		return w.ref(src, field)
	}
	s := src
	if src.Get("allOf") != nil {
		s = w.flattenAllOf(src, field, ruleStrictKeyword, "strict mode does not support allOf")
	}
	out := jsondoc.NewFrom(jsondoc.Object, s)
	for i, k := range s.Keys() {
		w.keyword(s, out, k, s.Values()[i], field)
	}
	if strictIsObject(s) {
		w.object(s, out, field, root)
	}
	w.freeForm(out, field)
	return out
}

// keyword copies keyword k of s into out, reshaped or dropped as strict
// mode needs. properties, required and additionalProperties are copied
// here to keep their place and replaced by object.
func (w *strictConverter) keyword(s, out *jsondoc.Value, k string, v *jsondoc.Value, field string) {
	switch {
	case k == "items" && v.IsArray():
		w.dropKeyword(s, k, v, field, "tuples (items as a list) are not in the strict subset")
	case k == "items":
		out.Set(k, w.walk(v, field+"/*", false))
	case k == "anyOf" || k == "oneOf":
		w.union(s, out, k, v, field)
	case k == "format" && v.IsString() && !strictFormat(v.Text()):
		w.dropKeyword(s, k, v, field, fmt.Sprintf("format %q is not one of the formats strict mode supports (date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid)", v.Text()))
	case strictDropped(k) != "":
		w.dropKeyword(s, k, v, field, strictDropped(k))
	default:
		out.Set(k, v)
	}
}

// dropKeyword notes that keyword k was left out. The server still checks
// the value against its own schema; only the model is no longer held to it.
func (w *strictConverter) dropKeyword(s *jsondoc.Value, k string, v *jsondoc.Value, field, why string) {
	is := issue{rule: ruleStrictKeyword, pointer: keywordPointer(s, k, v), field: field,
		message: why + "; converting leaves it out, so the model is no longer held to it (the server still checks it)",
		fix:     "express the rule in the description, or with keywords strict mode supports"}
	if holdsSchemas(k, v) {
		w.lose(is)
		return
	}
	w.note(is)
}

// union reshapes anyOf and oneOf branches; oneOf becomes anyOf, the only
// union strict mode supports.
func (w *strictConverter) union(s, out *jsondoc.Value, k string, v *jsondoc.Value, field string) {
	if !v.IsArray() {
		out.Set(k, v)
		return
	}
	branches := make([]*jsondoc.Value, len(v.Items()))
	for i, b := range v.Items() {
		branches[i] = w.walk(b, field, false)
	}
	if k == "oneOf" {
		w.note(issue{rule: ruleStrictKeyword, pointer: keywordPointer(s, k, v), field: field,
			message: "strict mode supports anyOf but not oneOf; converting turns the oneOf into an anyOf, whose branches are not exclusive",
			fix:     "use anyOf with branches that cannot both match, such as ones told apart by a const field"})
	}
	if cur := out.Get("anyOf"); cur != nil {
		joined := cur.Shallow()
		joined.Append(branches...)
		out.Set("anyOf", joined)
		return
	}
	out.Set("anyOf", listAt(v, branches...))
}

// ref keeps a bare $ref, and inlines one with other keywords beside it:
// strict mode takes no keywords beside $ref, so openai-python unravels such
// refs the same way (lib/_pydantic.py, to_strict_json_schema).
func (w *strictConverter) ref(src *jsondoc.Value, field string) *jsondoc.Value {
	ref, _ := src.GetString("$ref")
	target := w.schema.LookupFragment(ref)
	if target == nil {
		w.block(issue{rule: ruleStrictKeyword, pointer: jsondoc.Join(src.Pointer(), "$ref"), field: field,
			message: fmt.Sprintf("$ref %q does not resolve inside the schema; strict mode follows only local references such as #/$defs/name", ref),
			fix:     "define the referenced schema under $defs and refer to it as #/$defs/name"})
		return src
	}
	if _, seen := w.fields[target]; !seen {
		w.fields[target] = field
		w.order = append(w.order, target)
	}
	if len(src.Keys()) == 1 {
		return src
	}
	siblings := strings.Join(without(src.Keys(), "$ref"), ", ")
	bare := jsondoc.NewFrom(jsondoc.Object, src)
	bare.Set("$ref", src.Get("$ref"))
	merged, why := flatten(w.schema, src)
	if w.inlining[target] || target == w.schema || why != "" || w.budget < 0 {
		switch {
		case w.budget < 0:
			why = "the schema is too large to inline more $refs"
		case why == "":
			why = "the $ref is recursive"
		}
		w.note(issue{rule: ruleStrictKeyword, pointer: jsondoc.Join(src.Pointer(), "$ref"), field: field,
			message: fmt.Sprintf("strict mode takes no keywords beside $ref, and %q cannot be inlined here (%s), so converting leaves out %s", ref, why, siblings),
			fix:     "move those keywords into the referenced definition"})
		for i, k := range src.Keys() {
			if holdsSchemas(k, src.Values()[i]) {
				w.dropKeyword(src, k, src.Values()[i], field, fmt.Sprintf("strict mode takes no keywords beside $ref, and %q cannot be inlined here", ref))
			}
		}
		return bare
	}
	w.note(issue{rule: ruleStrictKeyword, pointer: jsondoc.Join(src.Pointer(), "$ref"), field: field,
		message: fmt.Sprintf("strict mode takes no keywords beside $ref (here %s); converting inlines %q at this place", siblings, ref),
		fix:     "move those keywords into the referenced definition, or leave them out"})
	w.inlining[target] = true
	out := w.walk(merged, field, false)
	delete(w.inlining, target)
	return out
}

func without(keys []string, drop string) []string {
	var out []string
	for _, k := range keys {
		if k != drop {
			out = append(out, k)
		}
	}
	return out
}
