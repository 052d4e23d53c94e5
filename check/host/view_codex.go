package host

import (
	"slices"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// Codex normalises an MCP tool's inputSchema into its own JsonSchema
// struct (codex-rs/tools/src/json_schema.rs): local $refs resolved,
// single-variant combinators unwrapped, boolean subschemas made strings,
// const made a one-value enum, a missing type inferred, and every keyword
// but eight lost when the struct is read. It then sends the tool as a
// Responses API function with strict: false (mcp_tool.rs).

// codexKept are the JsonSchema struct's fields, in the order serde writes
// them: every other keyword is lost.
var codexKept = []string{"type", "description", "enum", "items", "properties", "required", "additionalProperties", "anyOf"}

func viewCodex(v *viewing) {
	v.shape = shapeCodex
	if v.desc == nil {
		empty := ""
		v.desc = &empty
		v.change("/description", idDescMissing, srcCodexTool, `the tool has no description, so Codex sends ""`)
	}
	if v.schema == nil {
		v.unknown("No source says what Codex sends for a tool with no inputSchema; none is shown.")
		return
	}
	v.change("/inputSchema", "", srcCodexTool, "sent as the function's parameters, with strict: false")
	in := newRefInliner(v, srcCodexSchema, codexCycle)
	in.descend = codexDescends
	s := in.walk(v.schema, nil)
	if in.stopped {
		v.unknown("toolbench stopped inlining $refs after %d; the rest, which Codex would inline, are shown unresolved.", maxInlined)
	}
	s = codexProject(v, codexNormalize(v, s))
	if t, _ := s.GetString("type"); t == "null" {
		v.refused = `Codex refuses an input schema whose only type is "null" ("tool input schema must not be a singleton null type").`
		v.change(at(v.schema, "type"), idRootNotObject, srcCodexSchema, `the root type is "null" alone, which Codex refuses`)
		v.unknown("No source says whether Codex then leaves out only this tool or the whole server.")
		return
	}
	if s.IsObject() && !s.Has("properties") {
		s.Set("properties", jsondoc.NewObject())
		v.change(at(v.schema, "properties"), idMissingProps, srcCodexTool, "properties: {} added: OpenAI models need it")
	}
	v.schema = s
}

// codexDescends says which keywords Codex's sanitizer follows: the
// struct's own subschemas, prefixItems, and a combinator of one variant,
// which it unwraps.
func codexDescends(s *jsondoc.Value, k string) bool {
	switch k {
	case "properties", "items", "additionalProperties", "prefixItems", "anyOf":
		return true
	case "oneOf", "allOf":
		return s.Get(k).Len() == 1
	}
	return false
}

// codexCycle is Codex's permissive stand-in for a $ref back into itself,
// by the type of the schema it points at.
func codexCycle(target *jsondoc.Value) *jsondoc.Value {
	types := codexTypes(target)
	has := func(t string) bool { return slices.Contains(types, t) }
	switch {
	case has("object") || target.Has("properties") || target.Has("required") || target.Has("additionalProperties"):
		o := typed("object")
		o.Set("properties", jsondoc.NewObject())
		return o
	case has("array") || target.Has("items") || target.Has("prefixItems"):
		o := typed("array")
		o.Set("items", typed("string"))
		return o
	case has("number"):
		return typed("number")
	case has("integer"):
		return typed("integer")
	case has("boolean"):
		return typed("boolean")
	}
	return typed("string")
}

// typed is {"type": t}.
func typed(t string) *jsondoc.Value {
	o := jsondoc.NewObject()
	o.Set("type", jsondoc.NewString(t))
	return o
}

// codexTypes are the type names of a schema object Codex understands.
func codexTypes(s *jsondoc.Value) []string {
	known := func(t string) bool {
		return slices.Contains([]string{"string", "number", "boolean", "integer", "object", "array", "null"}, t)
	}
	t := s.Get("type")
	var out []string
	if t.IsString() && known(t.Text()) {
		out = append(out, t.Text())
	}
	for _, item := range t.Items() {
		if item.IsString() && known(item.Text()) {
			out = append(out, item.Text())
		}
	}
	return out
}

// codexNormalize rewrites one schema as sanitize_json_schema does, its
// $refs already inlined.
func codexNormalize(v *viewing, s *jsondoc.Value) *jsondoc.Value {
	switch {
	case s.Kind() == jsondoc.Bool:
		v.change(s.Pointer(), idBoolSubschema, srcCodexSchema, `the boolean subschema %s becomes {"type":"string"}`, s.Marshal())
		return typed("string")
	case s.IsArray():
		a := jsondoc.NewFrom(jsondoc.Array, s)
		for _, item := range s.Items() {
			a.Append(codexNormalize(v, item))
		}
		return a
	case !s.IsObject():
		return s
	}
	if r := codexUnwrap(v, s); r != nil {
		return codexNormalize(v, r)
	}
	o := s.Shallow()
	if p := o.Get("properties"); p.IsObject() {
		m := jsondoc.NewFrom(jsondoc.Object, p)
		for _, k := range p.Keys() {
			m.Set(k, codexNormalize(v, p.Get(k)))
		}
		o.Set("properties", m)
	}
	for _, k := range []string{"items", "additionalProperties", "prefixItems", "anyOf"} {
		if x := o.Get(k); x != nil && !(k == "additionalProperties" && x.Kind() == jsondoc.Bool) {
			o.Set(k, codexNormalize(v, x))
		}
	}
	if o.Has("const") {
		c := o.Get("const")
		o.Delete("const")
		o.Set("enum", jsondoc.NewArray(c))
		v.change(at(s, "const"), "", srcCodexSchema, "const %s becomes enum [%s]", c.Marshal(), c.Marshal())
	}
	codexTyped(v, s, o)
	return o
}

// codexTyped writes the types Codex understands into o, inferring one
// when there is none, and fills what objects and arrays must have.
func codexTyped(v *viewing, s, o *jsondoc.Value) {
	types := codexTypes(o)
	if len(types) == 0 && o.Has("anyOf") {
		return
	}
	if len(types) == 0 {
		types = []string{codexInfer(o)}
		v.change(s.Pointer(), idUntyped, srcCodexSchema, "no type, so Codex infers %q", types[0])
	}
	if len(types) == 1 {
		o.Set("type", jsondoc.NewString(types[0]))
	} else {
		o.Set("type", jsondoc.NewStrings(types...))
	}
	if slices.Contains(types, "object") && !o.Has("properties") {
		o.Set("properties", jsondoc.NewObject())
		v.change(at(s, "properties"), idMissingProps, srcCodexSchema, "an object without properties gets properties: {}")
	}
	if slices.Contains(types, "array") && !o.Has("items") {
		o.Set("items", typed("string"))
		v.change(at(s, "items"), idMissingItems, srcCodexSchema, `an array without items gets items: {"type":"string"}`)
	}
}

// codexInfer is the type Codex gives a schema with none, from its
// keywords.
func codexInfer(o *jsondoc.Value) string {
	hasAny := func(keys ...string) bool { return slices.ContainsFunc(keys, o.Has) }
	switch {
	case hasAny("properties", "required", "additionalProperties"):
		return "object"
	case hasAny("items", "prefixItems"):
		return "array"
	case hasAny("enum", "format"):
		return "string"
	case hasAny("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
		return "number"
	}
	return "string"
}

// codexUnwrap replaces a oneOf, anyOf or allOf of one variant by that
// variant, given the members of s it lacks; nil when s has none.
func codexUnwrap(v *viewing, s *jsondoc.Value) *jsondoc.Value {
	for _, comb := range []string{"oneOf", "anyOf", "allOf"} {
		variants := s.Get(comb)
		if !variants.IsArray() || variants.Len() != 1 {
			continue
		}
		v.change(at(s, comb), "", srcCodexSchema, "a %s of one variant is replaced by that variant", comb)
		r := variants.Items()[0]
		if !r.IsObject() {
			return r
		}
		r = r.Shallow()
		for _, k := range s.Keys() {
			if k != comb && !r.Has(k) {
				r.Set(k, s.Get(k))
			}
		}
		return r
	}
	return nil
}

// codexProject keeps what the JsonSchema struct reads, in its order, and
// says what is lost. Properties come out sorted by name: the struct holds
// them in a BTreeMap.
func codexProject(v *viewing, s *jsondoc.Value) *jsondoc.Value {
	if !s.IsObject() {
		return s
	}
	out := jsondoc.NewFrom(jsondoc.Object, s)
	for _, k := range codexKept {
		x := s.Get(k)
		switch {
		case x == nil:
			continue
		case k == "items" && x.IsArray():
			v.unknown("Codex cannot read items written as a list (at %s); no source says what it does with such a tool.", at(s, k))
		case k == "items" || k == "additionalProperties":
			x = codexProject(v, x)
		case k == "properties" && x.IsObject():
			m := jsondoc.NewFrom(jsondoc.Object, x)
			names := slices.Clone(x.Keys())
			slices.Sort(names)
			for _, name := range slices.Compact(names) {
				m.Set(name, codexProject(v, x.Get(name)))
			}
			x = m
		case k == "anyOf" && x.IsArray():
			a := jsondoc.NewFrom(jsondoc.Array, x)
			for _, item := range x.Items() {
				a.Append(codexProject(v, item))
			}
			x = a
		}
		out.Set(k, x)
	}
	for _, k := range s.Keys() {
		if !slices.Contains(codexKept, k) {
			v.change(at(s, k), "", srcCodexSchema, "%q dropped: Codex keeps only type, description, enum, items, properties, required, additionalProperties and anyOf", k)
		}
	}
	return out
}
