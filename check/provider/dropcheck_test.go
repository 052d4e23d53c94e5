package provider

import (
	"strconv"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/tool"
)

// The property FuzzConvert checks: whenever a conversion leaves out a
// property of the input (at any depth), an issue that drops or blocks names
// it: at its pointer, inside it (its $ref that recursed) or at something
// enclosing it that was dropped as a whole (a tuple, an unmergeable allOf,
// a lost object). A blocker at the schema root covers everything: the
// whole input was lost or cut short.

// argPath is where a property sits in the arguments, written as a pointer
// whose wildcard tokens ("~*" any item, "~k" any key, "~t0" a tuple
// position) cannot be a property name's escaped token.
type argPath = string

// paramLimits bound the walk: recursive schemas describe infinitely many
// paths, and both sides are walked to the same depth.
const (
	paramMaxDepth = 6
	paramBudget   = 4000
)

// params walks a schema's properties as arguments, following local $refs
// against root, and returns every argument path with the pointers of the
// schemas that define a property there. complete is false when the budget
// ran out, and the walk proves nothing.
func params(root *jsondoc.Value) (paths map[argPath][]string, complete bool) {
	w := &paramWalk{root: root, paths: map[argPath][]string{}, budget: paramBudget}
	w.walk(root, "", 0, map[*jsondoc.Value]bool{})
	return w.paths, w.budget >= 0
}

type paramWalk struct {
	root   *jsondoc.Value
	paths  map[argPath][]string
	budget int
}

func (w *paramWalk) walk(s *jsondoc.Value, at argPath, depth int, refs map[*jsondoc.Value]bool) {
	if w.budget--; w.budget < 0 || !s.IsObject() || depth > paramMaxDepth {
		return
	}
	if ref, ok := s.GetString("$ref"); ok {
		// A $ref followed twice at the same depth is a cycle the path does
		// not grow in (allOf: [{$ref: "#"}]); stop there.
		if t := w.root.LookupFragment(ref); t != nil && !refs[t] {
			refs[t] = true
			w.walk(t, at, depth, refs)
			delete(refs, t)
		}
	}
	if !admits(s, "object") {
		// properties apply to objects only: a schema of other types has
		// none to lose, whatever it lists.
		w.keywords(s, at, depth, refs, "object")
		return
	}
	props := s.Get("properties")
	for i, name := range props.Keys() {
		p := jsondoc.Join(at, name)
		w.paths[p] = append(w.paths[p], props.Values()[i].Pointer())
		w.walk(props.Values()[i], p, depth+1, map[*jsondoc.Value]bool{})
	}
	w.keywords(s, at, depth, refs, "")
}

// keywords walks the keywords of s, skipping those of the type skip.
func (w *paramWalk) keywords(s *jsondoc.Value, at argPath, depth int, refs map[*jsondoc.Value]bool, skip string) {
	for i, k := range s.Keys() {
		if (skip == "object" && objectKeyword(k)) || (!admits(s, "array") && arrayKeyword(k)) {
			continue
		}
		w.keyword(k, s.Values()[i], at, depth, refs)
	}
}

// admits reports whether s's type, when it states one, includes typ.
func admits(s *jsondoc.Value, typ string) bool {
	t := s.Get("type")
	switch {
	case t.IsString():
		return t.Text() == typ
	case t.IsArray():
		for _, v := range t.Items() {
			if v.IsString() && v.Text() == typ {
				return true
			}
		}
		return false
	}
	return true
}

func objectKeyword(k string) bool {
	return k == "additionalProperties" || k == "patternProperties" || k == "unevaluatedProperties" || k == "dependentSchemas" || k == "dependencies"
}

func arrayKeyword(k string) bool {
	return k == "items" || k == "prefixItems" || k == "additionalItems"
}

// keyword walks the subschemas keyword k holds that describe arguments;
// conditions (not, if, propertyNames, contains) do not.
func (w *paramWalk) keyword(k string, v *jsondoc.Value, at argPath, depth int, refs map[*jsondoc.Value]bool) {
	next := map[*jsondoc.Value]bool{}
	switch k {
	case "allOf", "anyOf", "oneOf":
		for _, b := range v.Items() {
			w.walk(b, at, depth, refs)
		}
	case "then", "else":
		w.walk(v, at, depth, refs)
	case "dependentSchemas", "dependencies":
		for _, d := range v.Values() {
			w.walk(d, at, depth, refs)
		}
	case "items", "prefixItems":
		if v.IsObject() {
			w.walk(v, at+"/~*", depth+1, next)
		}
		for i, item := range v.Items() {
			w.walk(item, at+"/~t"+strconv.Itoa(i), depth+1, next)
		}
	case "additionalItems":
		w.walk(v, at+"/~*", depth+1, next)
	case "additionalProperties", "unevaluatedProperties":
		w.walk(v, at+"/~k", depth+1, next)
	case "patternProperties":
		for _, p := range v.Values() {
			w.walk(p, at+"/~k", depth+1, next)
		}
	}
}

// parametersOf returns the converted tool's parameters schema.
func parametersOf(p Name, out *jsondoc.Value) *jsondoc.Value {
	switch p {
	case MCP:
		return out.Get("inputSchema")
	case OpenAI, OpenAIStrict:
		return out.Lookup("/function/parameters")
	case Anthropic:
		return out.Get("input_schema")
	}
	return out.Get("parameters")
}

// assertDropsNamed converts tl for p and checks the property.
func assertDropsNamed(t *testing.T, tl tool.Tool, p Name) {
	t.Helper()
	c, err := newConversion(tl)
	if err != nil {
		return
	}
	in, inComplete := params(c.schema)
	got := parametersOf(p, c.convert(p))
	out, outComplete := params(got)
	if !inComplete || !outComplete {
		return
	}
	for path, ptrs := range in {
		if _, kept := out[path]; kept || named(c.issues, path, ptrs) {
			continue
		}
		t.Fatalf("%s leaves out the property at %s (%s) and no finding names it\nschema: %s\nconverted: %s\nissues: %+v",
			p, path, strings.Join(ptrs, ", "), tl.InputSchema, got.Marshal(), c.issues)
	}
}

// named reports whether an issue that drops or blocks names the property
// at path, defined at ptrs: by pointer, or by the argument path of what it
// drops (Field writes any item or key as "*").
func named(issues []issue, path argPath, ptrs []string) bool {
	field := path
	for _, wild := range []string{"~*", "~k"} {
		field = strings.ReplaceAll(field, wild, "*")
	}
	for _, is := range issues {
		if is.kind != dropped && is.kind != blocker {
			continue
		}
		if is.kind == blocker && is.pointer == "/inputSchema" {
			return true
		}
		if is.field != "" && (is.field == field || strings.HasPrefix(field, is.field+"/")) {
			return true
		}
		for _, ptr := range ptrs {
			if is.pointer == ptr || strings.HasPrefix(ptr, is.pointer+"/") && is.pointer != "/inputSchema" ||
				strings.HasPrefix(is.pointer, ptr+"/") {
				return true
			}
		}
	}
	return false
}
