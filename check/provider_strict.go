package check

import (
	"fmt"
	"strings"
)

// The rules below follow the Structured Outputs guide, "Supported schemas"
// (developers.openai.com/api/docs/guides/structured-outputs#supported-schemas),
// which strict function calling shares: every property required, optional
// ones expressed as a union with null, additionalProperties: false on every
// object, anyOf but not at the root, local $refs and $defs (recursion
// included), and a keyword subset.

// strictFormats are the string formats the guide lists; any other fails the
// request, e.g. "'uri' is not a valid format" (posit-dev/chatlas#255).
var strictFormats = map[string]bool{"date-time": true, "time": true, "date": true, "duration": true,
	"email": true, "hostname": true, "ipv4": true, "ipv6": true, "uuid": true}

// strictDropped are keywords strict mode rejects, with why. The guide lists
// the composition keywords as unsupported; the open-object keywords mean
// nothing once every object is closed (propertyNames is rejected in
// practice, TanStack/ai#976); tuples are not in the subset.
var strictDropped = map[string]string{
	"not":                   "strict mode does not support not",
	"if":                    "strict mode does not support if/then/else",
	"then":                  "strict mode does not support if/then/else",
	"else":                  "strict mode does not support if/then/else",
	"dependentRequired":     "strict mode does not support dependentRequired",
	"dependentSchemas":      "strict mode does not support dependentSchemas",
	"dependencies":          "strict mode does not support dependencies",
	"patternProperties":     "strict objects are closed (additionalProperties: false), so patternProperties cannot be kept",
	"propertyNames":         "strict objects are closed, so propertyNames cannot be kept",
	"unevaluatedProperties": "strict objects are closed, so unevaluatedProperties cannot be kept",
	"prefixItems":           "tuples (prefixItems) are not in the strict subset",
	"additionalItems":       "tuples (additionalItems) are not in the strict subset",
}

const strictKeywordRule = "compat-openai-strict-keyword"

// strictWalk reshapes a schema for strict mode. $refs stay: strict mode
// resolves them itself, so each definition is reshaped once, in $defs.
type strictWalk struct {
	*provConv
	inlining map[*ojson]bool   // $ref targets being inlined, to stop on recursion
	fields   map[*ojson]string // the argument path where each $ref target is first used
	order    []*ojson          // $ref targets in the order first used
	nulls    map[*ojson]bool   // acceptsNull's answers, for $refs met again
	// budget counts down the schemas walked. Inlining $refs copies their
	// targets, which nest and can multiply; past the budget, $refs stay.
	budget int
}

// strictBudget is how many schemas beyond the size of the schema itself a
// strict conversion walks before it stops inlining $refs.
const strictBudget = 10000

// strictParameters is the inputSchema reshaped for strict mode.
func (c *provConv) strictParameters() *ojson {
	root := c.schema
	if !root.isObj() {
		return root
	}
	w := &strictWalk{provConv: c, inlining: map[*ojson]bool{}, fields: map[*ojson]string{}, nulls: map[*ojson]bool{}, budget: strictBudget + root.count()}
	out := w.walk(root, "", true)
	done := map[*ojson]*ojson{}
	// Reshaping a definition can reach more definitions, which join order;
	// going in order of first use gives findings inside them a field.
	for i := 0; i < len(w.order); i++ {
		if t := w.order[i]; t != root && done[t] == nil {
			done[t] = w.walk(t, w.fields[t], false)
		}
	}
	for _, k := range []string{"$defs", "definitions"} {
		defs := root.get(k)
		if !defs.isObj() {
			continue
		}
		nd := &ojson{kind: ojObj, at: defs.at}
		for i, name := range defs.keys {
			d := done[defs.vals[i]]
			if d == nil {
				d = w.walk(defs.vals[i], "", false)
			}
			nd.keys, nd.vals = append(nd.keys, name), append(nd.vals, d)
		}
		out.set(k, nd)
	}
	c.strictLimits()
	return out
}

// walk reshapes schema src, whose value sits at argument path field.
func (w *strictWalk) walk(src *ojson, field string, root bool) *ojson {
	w.budget--
	if src.kind == ojBool {
		w.block(Finding{Rule: "compat-openai-strict-free-form", Pointer: src.at, Field: field,
			Message: provBoolSchema(src) + "; strict mode needs a typed schema",
			Fix:     "replace it with a typed schema"})
		return src
	}
	if !src.isObj() {
		return src
	}
	if _, ok := src.str("$ref"); ok {
		return w.ref(src, field)
	}
	s := src
	if src.get("allOf") != nil {
		s = w.flattenAllOf(src, field, strictKeywordRule, "strict mode does not support allOf")
	}
	out := &ojson{kind: ojObj, at: s.at}
	for i, k := range s.keys {
		w.keyword(s, out, k, s.vals[i], field)
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
func (w *strictWalk) keyword(s, out *ojson, k string, v *ojson, field string) {
	switch {
	case k == "items" && v.kind == ojArr:
		w.dropKeyword(s, k, v, field, "tuples (items as a list) are not in the strict subset")
	case k == "items":
		out.set(k, w.walk(v, field+"/*", false))
	case k == "anyOf" || k == "oneOf":
		w.union(s, out, k, v, field)
	case k == "format" && v.kind == ojStr && !strictFormats[v.lit]:
		w.dropKeyword(s, k, v, field, fmt.Sprintf("format %q is not one of the formats strict mode supports (date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid)", v.lit))
	case strictDropped[k] != "":
		w.dropKeyword(s, k, v, field, strictDropped[k])
	default:
		out.set(k, v)
	}
}

// dropKeyword notes that keyword k was left out. The server still checks
// the value against its own schema; only the model is no longer held to it.
func (w *strictWalk) dropKeyword(s *ojson, k string, v *ojson, field, why string) {
	w.note(Finding{Rule: strictKeywordRule, Pointer: provKeyPtr(s, k, v), Field: field,
		Message: why + "; converting leaves it out, so the model is no longer held to it (the server still checks it)",
		Fix:     "express the rule in the description, or with keywords strict mode supports"})
}

// union reshapes anyOf and oneOf branches; oneOf becomes anyOf, the only
// union strict mode supports.
func (w *strictWalk) union(s, out *ojson, k string, v *ojson, field string) {
	if v.kind != ojArr {
		out.set(k, v)
		return
	}
	branches := make([]*ojson, len(v.arr))
	for i, b := range v.arr {
		branches[i] = w.walk(b, field, false)
	}
	if k == "oneOf" {
		w.note(Finding{Rule: strictKeywordRule, Pointer: provKeyPtr(s, k, v), Field: field,
			Message: "strict mode supports anyOf but not oneOf; converting turns the oneOf into an anyOf, whose branches are not exclusive",
			Fix:     "use anyOf with branches that cannot both match, such as ones told apart by a const field"})
	}
	if cur := out.get("anyOf"); cur != nil {
		joined := cur.shallow()
		joined.arr = append(joined.arr, branches...)
		out.set("anyOf", joined)
		return
	}
	out.set("anyOf", &ojson{kind: ojArr, arr: branches, at: v.at})
}

// ref keeps a bare $ref, and inlines one with other keywords beside it:
// strict mode takes no keywords beside $ref, so openai-python unravels such
// refs the same way (lib/_pydantic.py, to_strict_json_schema).
func (w *strictWalk) ref(src *ojson, field string) *ojson {
	ref, _ := src.str("$ref")
	target, ok := ojResolve(w.provConv.schema, ref)
	if !ok {
		w.block(Finding{Rule: strictKeywordRule, Pointer: ojPtr(src.at, "$ref"), Field: field,
			Message: fmt.Sprintf("$ref %q does not resolve inside the schema; strict mode follows only local references such as #/$defs/name", ref),
			Fix:     "define the referenced schema under $defs and refer to it as #/$defs/name"})
		return src
	}
	if _, seen := w.fields[target]; !seen {
		w.fields[target] = field
		w.order = append(w.order, target)
	}
	if len(src.keys) == 1 {
		return src
	}
	siblings := strings.Join(provWithout(src.keys, "$ref"), ", ")
	bare := &ojson{kind: ojObj, keys: []string{"$ref"}, vals: []*ojson{src.get("$ref")}, at: src.at}
	merged, why := provFlatten(w.provConv.schema, src)
	if w.inlining[target] || target == w.provConv.schema || why != "" || w.budget < 0 {
		switch {
		case w.budget < 0:
			why = "the schema is too large to inline more $refs"
		case why == "":
			why = "the $ref is recursive"
		}
		w.note(Finding{Rule: strictKeywordRule, Pointer: ojPtr(src.at, "$ref"), Field: field,
			Message: fmt.Sprintf("strict mode takes no keywords beside $ref, and %q cannot be inlined here (%s), so converting leaves out %s", ref, why, siblings),
			Fix:     "move those keywords into the referenced definition"})
		return bare
	}
	w.note(Finding{Rule: strictKeywordRule, Pointer: ojPtr(src.at, "$ref"), Field: field,
		Message: fmt.Sprintf("strict mode takes no keywords beside $ref (here %s); converting inlines %q at this place", siblings, ref),
		Fix:     "move those keywords into the referenced definition, or leave them out"})
	w.inlining[target] = true
	out := w.walk(merged, field, false)
	delete(w.inlining, target)
	return out
}

func provWithout(keys []string, drop string) []string {
	var out []string
	for _, k := range keys {
		if k != drop {
			out = append(out, k)
		}
	}
	return out
}
