package check

import "strings"

// lintDoc is one schema document of a tool: its inputSchema or its
// outputSchema.
type lintDoc struct {
	root *jnode
	idx  *lintRefs
	// output is true for an outputSchema, which the server fills rather than
	// the model, so only the structural rules apply to it.
	output bool
}

// viewBudget bounds how many schemas the helpers below look at for one
// question: $refs may form cycles, and unions of $refs to unions could
// otherwise fan out exponentially. Real schemas need a handful.
const viewBudget = 256

// target returns the schema n's $ref points at, when it resolves inside
// the document.
func (d *lintDoc) target(n *jnode) *jnode {
	ref, ok := n.getStr("$ref")
	if !ok {
		return nil
	}
	t, outcome := d.idx.resolve(ref, n)
	if outcome != refFound || !t.isObj() {
		return nil
	}
	return t
}

// related calls fn for n and for the schemas that describe the same value:
// its $ref target and its allOf, anyOf and oneOf branches, transitively,
// breadth first. fn returns true to stop; related then returns true.
func (d *lintDoc) related(n *jnode, fn func(*jnode) bool) bool {
	queue := []*jnode{n}
	for i := 0; i < len(queue) && i < viewBudget; i++ {
		s := queue[i]
		if !s.isObj() {
			continue
		}
		if fn(s) {
			return true
		}
		if t := d.target(s); t != nil {
			queue = append(queue, t)
		}
		for _, k := range [...]string{"allOf", "anyOf", "oneOf"} {
			if l := s.get(k); l != nil && l.kind == jArr {
				queue = append(queue, l.vals...)
			}
		}
	}
	return false
}

// hasKeyword reports whether n, or a schema describing the same value,
// carries one of keywords: a constraint in a branch or a $ref'd
// definition still constrains the value.
func (d *lintDoc) hasKeyword(n *jnode, keywords ...string) bool {
	return d.related(n, func(s *jnode) bool {
		for _, k := range keywords {
			if s.has(k) {
				return true
			}
		}
		return false
	})
}

// jtypes is the set of JSON types a schema admits; zero means unknown.
type jtypes uint8

const (
	tString jtypes = 1 << iota
	tNumber
	tInteger
	tBoolean
	tObject
	tArray
	tNull
)

var jtypeBits = map[string]jtypes{"string": tString, "number": tNumber, "integer": tInteger,
	"boolean": tBoolean, "object": tObject, "array": tArray, "null": tNull}

// may reports whether a value of a type in m may be valid; an unknown set
// admits everything.
func (t jtypes) may(m jtypes) bool { return t == 0 || t&m != 0 }

// types returns the types n admits, looking through $ref and branches, and
// guessing from keywords ("properties" means object) where no type is said.
func (d *lintDoc) types(n *jnode) jtypes {
	var t jtypes
	d.related(n, func(s *jnode) bool {
		t |= ownJTypes(s)
		return false
	})
	return t
}

// ownJTypes reads the types one schema object states or implies.
func ownJTypes(s *jnode) jtypes {
	var t jtypes
	switch ty := s.get("type"); {
	case ty == nil:
	case ty.kind == jStr:
		t |= jtypeBits[ty.str]
	case ty.kind == jArr:
		for _, v := range ty.vals {
			t |= jtypeBits[v.str]
		}
	}
	if t != 0 {
		return t
	}
	switch {
	case s.has("properties"), s.has("additionalProperties"), s.has("required"):
		return tObject
	case s.has("items"), s.has("prefixItems"):
		return tArray
	}
	if c := s.get("const"); c != nil {
		return valueJType(c)
	}
	if e := s.get("enum"); e != nil && e.kind == jArr {
		for _, v := range e.vals {
			t |= valueJType(v)
		}
	}
	return t
}

// valueJType is the type of a JSON value.
func valueJType(v *jnode) jtypes {
	switch v.kind {
	case jStr:
		return tString
	case jNum:
		if strings.ContainsAny(v.str, ".eE") {
			return tNumber
		}
		return tInteger | tNumber
	case jBool:
		return tBoolean
	case jArr:
		return tArray
	case jObj:
		return tObject
	}
	return tNull
}

// description returns the description that reaches the model for n: its
// own, its $ref target's, an allOf branch's, or, when every anyOf/oneOf
// branch that is not just null has one, the first of those.
func (d *lintDoc) description(n *jnode) string {
	budget := viewBudget
	return d.descriptionAt(n, &budget)
}

func (d *lintDoc) descriptionAt(n *jnode, budget *int) string {
	if *budget--; !n.isObj() || *budget < 0 {
		return ""
	}
	if s, _ := n.getStr("description"); strings.TrimSpace(s) != "" {
		return s
	}
	if t := d.target(n); t != nil {
		if s := d.descriptionAt(t, budget); s != "" {
			return s
		}
	}
	if l := n.get("allOf"); l != nil && l.kind == jArr {
		for _, b := range l.vals {
			if s := d.descriptionAt(b, budget); s != "" {
				return s
			}
		}
	}
	for _, k := range [...]string{"anyOf", "oneOf"} {
		if s := d.branchDescription(n.get(k), budget); s != "" {
			return s
		}
	}
	return ""
}

// branchDescription returns the first branch description when every
// branch other than a bare {"type": "null"} has one.
func (d *lintDoc) branchDescription(l *jnode, budget *int) string {
	if l == nil || l.kind != jArr {
		return ""
	}
	first := ""
	for _, b := range l.vals {
		if ownJTypes(b) == tNull {
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
