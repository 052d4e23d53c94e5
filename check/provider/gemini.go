package provider

import (
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// Gemini function declarations (ai.google.dev/api/caching#FunctionDeclaration)
// take parameters as a Schema: "a select subset of an OpenAPI 3.0 schema
// object" (ai.google.dev/api/caching#Schema). It has no $ref, $defs,
// allOf, oneOf, const or additionalProperties, rejects fields it does not
// know ("Invalid JSON payload received. Unknown name"), marks null with
// nullable, allows enum only on strings, and format only as "float",
// "double", "int32", "int64", "enum" and "date-time" ("only 'enum' and
// 'date-time' are supported for STRING type", google-gemini/gemini-cli#3178).

// geminiKept reports the Schema fields copied as they are.
func geminiKept(k string) bool {
	switch k {
	case "title", "description", "nullable", "default", "example", "minItems", "maxItems", "minProperties",
		"maxProperties", "minLength", "maxLength", "pattern", "minimum", "maximum", "propertyOrdering":
		return true
	}
	return false
}

// geminiFormat reports the formats Gemini accepts.
func geminiFormat(f string) bool {
	switch f {
	case "float", "double", "int32", "int64", "enum", "date-time":
		return true
	}
	return false
}

// geminiBudget bounds the schemas a conversion may produce beyond the size
// of the schema itself: inlining every $ref of a schema whose definitions
// share definitions grows it exponentially.
const geminiBudget = 10000

// geminiConverter converts a JSON Schema into the Gemini Schema subset.
type geminiConverter struct {
	*conversion
	busy   map[*jsondoc.Value]bool // $ref targets being inlined, to stop on recursion
	budget int
	// lostParams counts the properties left out, at any depth.
	lostParams int
}

// gemini renders a function declaration: {"name", "description",
// "parameters"}, parameters left out when the tool takes none ("For
// function with no parameters, this can be left unset").
func (c *conversion) gemini() *jsondoc.Value {
	// "Must be a-z, A-Z, 0-9, or contain underscores, colons, dots, and
	// dashes, with a maximum length of 64"; Vertex AI adds "Must start with
	// a letter or an underscore".
	c.checkName(ruleGeminiName, "Gemini function names", "^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$", 64, func(r rune, i int) bool {
		return r == '_' || isASCIIAlnum(r) && (i > 0 || r > '9') || i > 0 && (r == '.' || r == ':' || r == '-')
	})
	out := c.envelope()
	w := &geminiConverter{conversion: c, busy: map[*jsondoc.Value]bool{}, budget: geminiBudget + valueCount(c.schema)}
	// The root counts as being inlined: a "#" reference back to it recurses.
	w.busy[c.schema] = true
	mark := len(c.issues)
	params, lost := w.walk(c.schema, "", true)
	switch {
	case params == nil && lost != nil:
		lost.pointer, lost.field = c.schema.Pointer(), ""
		c.block(*lost)
	case params == nil:
		// Over budget, already reported.
	case !jsondoc.HasType(params, "object"):
		c.block(issue{rule: ruleGeminiRoot, pointer: rootTypePointer(c.schema),
			message: fmt.Sprintf("function parameters must be a schema of type \"object\"; this one has %s", rootTypeText(c.schema)),
			fix:     `give the inputSchema "type": "object" and put the arguments under "properties"`})
		out.Set("parameters", params)
	case len(params.Get("properties").Keys()) > 0:
		out.Set("parameters", params)
	case params.Get("anyOf") != nil:
		c.block(issue{rule: ruleGeminiRoot, pointer: keywordPointer(params, "anyOf", params.Get("anyOf")),
			message: "the parameters are a union with no properties of their own; Gemini needs them to be one object with properties",
			fix:     "flatten the variants into one object whose variant-specific properties are optional"})
		out.Set("parameters", params)
	default:
		// No parameters go out, so what the walk changed in them does not
		// matter; unless something blocked, the notes are noise. What it
		// left out stays told: a tool whose parameters were all lost must
		// not convert silently into one that takes none.
		c.rollback(mark)
		w.allLost()
		w.openRoot()
	}
	c.dropOutputSchema("Gemini function declarations")
	return out
}

// allLost blocks a declaration left without parameters because every one
// the tool declares was lost (a recursive root, a $ref loop): each has a
// finding of its own, and this one says what they add up to.
func (w *geminiConverter) allLost() {
	if w.lostParams == 0 {
		return
	}
	root := w.schema
	ptr := root.Pointer()
	if p := root.Get("properties"); p != nil {
		ptr = keywordPointer(root, "properties", p)
	}
	w.block(issue{rule: ruleGeminiRoot, pointer: ptr,
		message: fmt.Sprintf("converting leaves out every parameter (%d in all; the findings at each say why), so the declaration takes none", w.lostParams),
		fix:     "bound the recursion or inline the definitions by hand, so that the parameters can be written out"})
}

// openRoot blocks a tool whose whole input is a free-form map: with no
// declared properties, Gemini gets no parameters at all.
func (w *geminiConverter) openRoot() {
	root := w.schema
	for _, k := range []string{"additionalProperties", "patternProperties"} {
		if v := root.Get(k); v != nil && !(v.Kind() == jsondoc.Bool && !v.IsTrue()) {
			w.block(issue{rule: ruleGeminiFreeForm, pointer: keywordPointer(root, k, v),
				message: "the tool takes arbitrary keys but declares no properties; Gemini has no additionalProperties, so the converted declaration has no parameters",
				fix:     "declare the keys as properties, or take the entries as an array of {key, value} objects"})
			return
		}
	}
}

// walk converts schema src, whose value sits at argument path field. A nil
// result means src cannot be expressed at all; lost says why, for the
// caller to report as a blocker or a note depending on whether the
// parameter was required.
func (w *geminiConverter) walk(src *jsondoc.Value, field string, root bool) (*jsondoc.Value, *issue) {
	if w.budget--; w.budget < 0 {
		if w.budget == -1 {
			w.block(issue{rule: ruleGeminiSize, pointer: "/inputSchema",
				message: "inlining the $refs makes the schema too large, so converting stops there and leaves the rest out",
				fix:     "share fewer definitions between definitions, or flatten the schema"})
		}
		return nil, nil
	}
	if !src.IsObject() {
		return nil, &issue{rule: ruleGeminiFreeForm, pointer: src.Pointer(), field: field,
			message: notObjectText(src) + "; Gemini needs a typed schema, so converting leaves this value out",
			fix:     "replace it with a typed schema"}
	}
	if _, ok := src.GetString("$ref"); ok {
		return w.ref(src, field)
	}
	s := src
	if src.Get("allOf") != nil {
		s = w.flattenAllOf(src, field, ruleGeminiKeyword, "Gemini has no allOf")
	}
	if split, ok := w.typeList(s, field); ok {
		s = split
	}
	out := jsondoc.NewFrom(jsondoc.Object, s)
	for i, k := range s.Keys() {
		if lost := w.keyword(s, out, k, s.Values()[i], field); lost != nil {
			return nil, lost
		}
	}
	if strictIsObject(s) {
		w.object(s, out, field)
	}
	return w.shaped(s, out, field, root)
}

// keyword converts keyword k of s into out. A non-nil result means the
// whole schema is lost (an array whose items cannot be expressed).
func (w *geminiConverter) keyword(s, out *jsondoc.Value, k string, v *jsondoc.Value, field string) *issue {
	switch {
	case k == "type":
		w.types(s, out, v, field)
	case k == "properties" || k == "required":
		// object converts these, keeping their place.
		out.Set(k, v)
	case k == "items" && v.IsObject():
		item, lost := w.walk(v, field+"/*", false)
		if item == nil {
			return lost
		}
		out.Set(k, item)
	case k == "items":
		w.drop(s, k, v, field, "Gemini needs items to be one schema; tuples and boolean items are not in its Schema")
	case k == "anyOf" || k == "oneOf":
		return w.union(s, out, k, v, field)
	case k == "enum":
		w.enum(s, out, v, field)
	case k == "const":
		w.constant(s, out, v, field)
	case k == "format" && v.IsString() && !geminiFormat(v.Text()):
		w.drop(s, k, v, field, fmt.Sprintf("Gemini accepts format only as float, double, int32, int64, enum or date-time, not %q", v.Text()))
	case geminiKept(k) || k == "format":
		out.Set(k, v)
	case k == "examples" && len(v.Items()) > 0 && s.Get("example") == nil:
		// Gemini's Schema holds one example, OpenAPI 3.0 style.
		out.Set("example", v.Items()[0])
		w.note(issue{rule: ruleGeminiKeyword, pointer: keywordPointer(s, k, v), field: field,
			message: "Gemini's Schema has example, not examples; converting keeps the first example as example",
			fix:     "nothing to change"})
	default:
		w.drop(s, k, v, field, fmt.Sprintf("Gemini's Schema has no %q field", k))
	}
	return nil
}

// drop notes a keyword left out. The server still checks it.
func (w *geminiConverter) drop(s *jsondoc.Value, k string, v *jsondoc.Value, field, why string) {
	fix := "express the rule in the description if the model needs it"
	if isAnnotation(k) || strings.HasPrefix(k, "$") {
		fix = "nothing to change: it does not constrain the value"
	}
	is := issue{rule: ruleGeminiKeyword, pointer: keywordPointer(s, k, v), field: field, message: why + "; converting leaves it out", fix: fix}
	if holdsSchemas(k, v) {
		w.lose(is)
		return
	}
	w.note(is)
}
