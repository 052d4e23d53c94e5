package lint

import (
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// document is one schema document of a tool: its inputSchema or its
// outputSchema.
type document struct {
	root *jsondoc.Value
	refs *jsondoc.Refs
	// output is true for an outputSchema, which the server fills rather than
	// the model, so only the structural rules apply to it.
	output bool
}

// docBase is the URI a schema document has when it declares no $id. Refs
// that resolve to anything else point outside the document.
const docBase = "lint:///schema.json"

// viewBudget bounds how many schemas the helpers below look at for one
// question: $refs may form cycles, and unions of $refs to unions could
// otherwise fan out exponentially. Real schemas need a handful.
const viewBudget = 256

// target returns the schema n's $ref points at, when it resolves inside
// the document.
func (d *document) target(n *jsondoc.Value) *jsondoc.Value {
	ref, ok := n.GetString("$ref")
	if !ok {
		return nil
	}
	t, err := d.refs.Resolve(ref, n)
	if err != nil || !t.IsObject() {
		return nil
	}
	return t
}

// related calls fn for n and for the schemas that describe the same value:
// its $ref target and its allOf, anyOf and oneOf branches, transitively,
// breadth first. fn returns true to stop; related then returns true.
func (d *document) related(n *jsondoc.Value, fn func(*jsondoc.Value) bool) bool {
	queue := []*jsondoc.Value{n}
	for i := 0; i < len(queue) && i < viewBudget; i++ {
		s := queue[i]
		if !s.IsObject() {
			continue
		}
		if fn(s) {
			return true
		}
		if t := d.target(s); t != nil {
			queue = append(queue, t)
		}
		for _, k := range [...]string{"allOf", "anyOf", "oneOf"} {
			if l := s.Get(k); l != nil && l.IsArray() {
				queue = append(queue, l.Items()...)
			}
		}
	}
	return false
}

// hasKeyword reports whether n, or a schema describing the same value,
// carries one of keywords: a constraint in a branch or a $ref'd
// definition still constrains the value.
func (d *document) hasKeyword(n *jsondoc.Value, keywords ...string) bool {
	return d.related(n, func(s *jsondoc.Value) bool {
		for _, k := range keywords {
			if s.Has(k) {
				return true
			}
		}
		return false
	})
}

// typeSet is the set of JSON types a schema admits; zero means unknown.
type typeSet uint8

const (
	tString typeSet = 1 << iota
	tNumber
	tInteger
	tBoolean
	tObject
	tArray
	tNull
)

// typeBit is the bit of a JSON Schema type name; 0 for anything else.
func typeBit(name string) typeSet {
	switch name {
	case "string":
		return tString
	case "number":
		return tNumber
	case "integer":
		return tInteger
	case "boolean":
		return tBoolean
	case "object":
		return tObject
	case "array":
		return tArray
	case "null":
		return tNull
	}
	return 0
}

// types returns the types n admits, looking through $ref and branches, and
// guessing from keywords ("properties" means object) where no type is said.
func (d *document) types(n *jsondoc.Value) typeSet {
	var t typeSet
	d.related(n, func(s *jsondoc.Value) bool {
		t |= ownTypes(s)
		return false
	})
	return t
}

// ownTypes reads the types one schema object states or implies.
func ownTypes(s *jsondoc.Value) typeSet {
	var t typeSet
	switch ty := s.Get("type"); {
	case ty == nil:
	case ty.IsString():
		t |= typeBit(ty.Text())
	case ty.IsArray():
		for _, v := range ty.Items() {
			t |= typeBit(v.Text())
		}
	}
	if t != 0 {
		return t
	}
	switch {
	case s.Has("properties"), s.Has("additionalProperties"), s.Has("required"):
		return tObject
	case s.Has("items"), s.Has("prefixItems"):
		return tArray
	}
	if c := s.Get("const"); c != nil {
		return valueType(c)
	}
	if e := s.Get("enum"); e != nil && e.IsArray() {
		for _, v := range e.Items() {
			t |= valueType(v)
		}
	}
	return t
}

// valueType is the type of a JSON value.
func valueType(v *jsondoc.Value) typeSet {
	switch v.Kind() {
	case jsondoc.String:
		return tString
	case jsondoc.Number:
		if strings.ContainsAny(v.Text(), ".eE") {
			return tNumber
		}
		return tInteger | tNumber
	case jsondoc.Bool:
		return tBoolean
	case jsondoc.Array:
		return tArray
	case jsondoc.Object:
		return tObject
	}
	return tNull
}

// description returns the description that reaches the model for n: its
// own, its $ref target's, an allOf branch's, or, when every anyOf/oneOf
// branch that is not just null has one, the first of those.
func (d *document) description(n *jsondoc.Value) string {
	budget := viewBudget
	return d.descriptionAt(n, &budget)
}

func (d *document) descriptionAt(n *jsondoc.Value, budget *int) string {
	if *budget--; !n.IsObject() || *budget < 0 {
		return ""
	}
	if s, _ := n.GetString("description"); strings.TrimSpace(s) != "" {
		return s
	}
	if t := d.target(n); t != nil {
		if s := d.descriptionAt(t, budget); s != "" {
			return s
		}
	}
	if l := n.Get("allOf"); l != nil && l.IsArray() {
		for _, b := range l.Items() {
			if s := d.descriptionAt(b, budget); s != "" {
				return s
			}
		}
	}
	for _, k := range [...]string{"anyOf", "oneOf"} {
		if s := d.branchDescription(n.Get(k), budget); s != "" {
			return s
		}
	}
	return ""
}

// branchDescription returns the first branch description when every
// branch other than a bare {"type": "null"} has one.
func (d *document) branchDescription(l *jsondoc.Value, budget *int) string {
	if l == nil || !l.IsArray() {
		return ""
	}
	first := ""
	for _, b := range l.Items() {
		if ownTypes(b) == tNull {
			continue
		}
		s := d.descriptionAt(b, budget)
		if s == "" {
			return ""
		}
		if first == "" {
			first = s
		}
	}
	return first
}
