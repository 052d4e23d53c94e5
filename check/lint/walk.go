package lint

import (
	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/internal/jsondoc"
)

// maxDepth bounds recursion: JSON nested this deep is an accident or an
// attack, not a schema someone means a model to fill.
const maxDepth = 200

// schemaPlace says how the walk reached a schema: what the value is called
// in the arguments and how deep it sits.
type schemaPlace struct {
	// field is the argument path ("/shipping_address/phone", "*" for any
	// list item or map value).
	field string
	// name is the property's name, or an array's name for its items: the
	// name heuristics read it.
	name string
	// desc is the description of the property the schema belongs to, for
	// branches and $ref targets that have none of their own.
	desc string
	// level counts the "properties" keywords above the schema.
	level int
	// deep is set below an object already reported as nested too deep.
	deep bool
	// cond is set inside "if", "not" and "propertyNames": those schemas
	// test values rather than describe parameters to the model.
	cond bool
	// outer lists the object schemas this one is a branch or $ref target
	// of: their properties are the same object's properties.
	outer *outerSchema
}

// outerSchema is a link in the chain of enclosing same-value schemas.
type outerSchema struct {
	n    *jsondoc.Value
	next *outerSchema
}

// walker visits every schema level of one document once.
type walker struct {
	*linter
	doc *document
	// visited makes every schema object judged once, however many $refs
	// lead to it, and breaks $ref cycles.
	visited map[*jsondoc.Value]bool
	// pending holds $defs entries to judge after the main walk, so that
	// those reached through a $ref get that site's field first.
	pending []*jsondoc.Value
}

// walkDoc lints one schema document, root first.
func (l *linter) walkDoc(root *jsondoc.Value, output bool) {
	d := &document{root: root, refs: jsondoc.NewRefs(root, docBase), output: output}
	w := &walker{linter: l, doc: d, visited: map[*jsondoc.Value]bool{}}
	if !output {
		w.noParamsOpen(root)
	}
	w.walk(root, schemaPlace{}, 0)
	for len(w.pending) > 0 {
		n := w.pending[0]
		w.pending = w.pending[1:]
		w.walk(n, schemaPlace{}, 0)
	}
}

// report records a finding about the document. Output findings carry no
// field: Field locates arguments, and nobody fills in a result.
func (w *walker) report(rule check.RuleID, n *jsondoc.Value, suffix, field, msg, fix string) {
	w.reportAs(rule.Severity(), rule, n, suffix, field, msg, fix)
}

// reportAs records a finding at an explicit severity.
func (w *walker) reportAs(sev check.Severity, rule check.RuleID, n *jsondoc.Value, suffix, field, msg, fix string) {
	if w.doc.output {
		field = ""
	}
	w.addAs(sev, rule, n.Pointer()+suffix, field, msg, fix)
}

// walk judges n and everything below it that it has not judged yet, then
// follows its $ref.
func (w *walker) walk(n *jsondoc.Value, at schemaPlace, depth int) {
	if !n.IsObject() || depth > maxDepth || w.visited[n] {
		return
	}
	w.visited[n] = true
	at = w.schemaRules(n, at)
	w.walkChildren(n, at, depth+1)
	if t := w.doc.target(n); t != nil {
		w.walk(t, w.same(n, at), depth+1)
	}
}

// same is the place of a schema that describes the same value as n: a
// branch or a $ref target.
func (w *walker) same(n *jsondoc.Value, at schemaPlace) schemaPlace {
	at.outer = &outerSchema{n: n, next: at.outer}
	return at
}

// insidePlace is the place of a value inside the one at at: a list item or a
// map value.
func insidePlace(at schemaPlace, token string) schemaPlace {
	return schemaPlace{field: at.field + "/" + token, name: at.name, level: at.level, deep: at.deep, cond: at.cond}
}

// walkChildren walks the subschemas of n, each with the place its value
// has in the arguments.
func (w *walker) walkChildren(n *jsondoc.Value, at schemaPlace, depth int) {
	for i, k := range n.Keys() {
		v := n.Values()[i]
		switch k {
		case "properties":
			w.walkProperties(n, v, at, depth)
		case "items", "prefixItems":
			w.walkItems(v, at, depth)
		case "additionalItems", "unevaluatedItems", "contains",
			"additionalProperties", "unevaluatedProperties":
			w.walk(v, insidePlace(at, "*"), depth)
		case "patternProperties":
			w.walkAll(v, func(*jsondoc.Value) schemaPlace { return insidePlace(at, "*") }, depth)
		case "allOf", "anyOf", "oneOf", "dependentSchemas", "dependencies":
			w.walkAll(v, func(*jsondoc.Value) schemaPlace { return w.same(n, at) }, depth)
		case "then", "else":
			w.walk(v, w.same(n, at), depth)
		case "if", "not", "propertyNames":
			cond := w.same(n, at)
			cond.cond = true
			w.walk(v, cond, depth)
		case "$defs", "definitions":
			if v.IsObject() {
				w.pending = append(w.pending, v.Values()...)
			}
		}
	}
}

// walkAll walks each member of an object or array of subschemas.
func (w *walker) walkAll(v *jsondoc.Value, at func(*jsondoc.Value) schemaPlace, depth int) {
	if !v.IsObject() && !v.IsArray() {
		return
	}
	for _, sub := range v.Children() {
		w.walk(sub, at(sub), depth)
	}
}

// walkItems walks "items" (one schema for every item, or a draft-04 tuple)
// and "prefixItems".
func (w *walker) walkItems(v *jsondoc.Value, at schemaPlace, depth int) {
	if v.IsObject() {
		w.walk(v, insidePlace(at, "*"), depth)
		return
	}
	if v.IsArray() {
		for _, sub := range v.Items() {
			p := insidePlace(at, sub.Token())
			p.name = "" // a tuple position is not the array's namesake
			w.walk(sub, p, depth)
		}
	}
}

// walkProperties judges each property as a parameter, then walks it.
func (w *walker) walkProperties(n, props *jsondoc.Value, at schemaPlace, depth int) {
	if !props.IsObject() {
		return
	}
	required := w.requiredNames(n, at)
	for i, name := range props.Keys() {
		p := props.Values()[i]
		child := schemaPlace{field: jsondoc.Join(at.field, name), name: name,
			level: at.level + 1, deep: at.deep, cond: at.cond}
		if !p.IsObject() && p.Kind() != jsondoc.Bool {
			w.notSchema(p, child)
			continue
		}
		if p.IsObject() {
			child.desc = w.doc.description(p)
			if !w.doc.output && !at.cond {
				w.parameterRules(p, child, required[name])
			}
		}
		w.walk(p, child, depth)
	}
}

// requiredNames collects the names required of the object n belongs to:
// n's own list, its branches' and $ref targets', and those of the schemas
// it is a branch of (allOf often splits properties from required).
func (w *walker) requiredNames(n *jsondoc.Value, at schemaPlace) map[string]bool {
	names := map[string]bool{}
	w.sameObject(n, at, func(s *jsondoc.Value) {
		if l := s.Get("required"); l != nil && l.IsArray() {
			for _, v := range l.Items() {
				names[v.Text()] = true
			}
		}
	})
	return names
}
