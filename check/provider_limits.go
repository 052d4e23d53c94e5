package check

import (
	"fmt"
	"unicode/utf8"
)

// Size limits of strict schemas, from the Structured Outputs guide
// ("Objects have limitations on nesting depth and size", "Limitations on
// total string size", "Limitations on enum size"). The guide does not say
// how levels are counted; toolbench counts object schemas, the root being
// level 1, so that a list of objects nests as deep as one object.
const (
	strictMaxDepth      = 10
	strictMaxProperties = 5000
	strictMaxEnumValues = 1000
	strictMaxChars      = 120000 // property and definition names, enum and const values
	strictBigEnum       = 250    // a string enum longer than this...
	strictBigEnumChars  = 15000  // ...may hold at most this many characters
)

// strictSize tallies what the limits count, each schema once as written.
type strictSize struct {
	props, enums, chars int
}

// strictLimits blocks schemas over the strict limits: the API refuses them.
func (c *provConv) strictLimits() {
	var sz strictSize
	c.strictCount(c.schema, &sz, 0)
	const rule = "compat-openai-strict-size"
	for _, over := range []struct {
		n, max int
		what   string
	}{
		{sz.props, strictMaxProperties, "object properties"},
		{sz.enums, strictMaxEnumValues, "enum values"},
		{sz.chars, strictMaxChars, "characters in property names, definition names, enum and const values"},
	} {
		if over.n > over.max {
			c.block(Finding{Rule: rule, Pointer: "/inputSchema",
				Message: fmt.Sprintf("the schema has %d %s; strict mode allows at most %d", over.n, over.what, over.max),
				Fix:     "split the tool, or move rarely used parts into a free-text parameter"})
		}
	}
	memo := map[*ojson]int{}
	if d := strictDepth(c.schema, c.schema, memo, map[*ojson]bool{}); d > strictMaxDepth {
		deepest := strictDeepest(c.schema, c.schema, memo, strictMaxDepth+1)
		c.block(Finding{Rule: "compat-openai-strict-depth", Pointer: deepest.at,
			Message: fmt.Sprintf("objects nest %d levels deep (the root is level 1); strict mode allows %d", d, strictMaxDepth),
			Fix:     "flatten the nesting, for example by lifting inner objects' fields up a level"})
	}
}

// strictCount walks every subschema once, not following $refs.
func (c *provConv) strictCount(s *ojson, sz *strictSize, depth int) {
	if !s.isObj() || depth > ojMaxDepth {
		return
	}
	for _, k := range []string{"properties", "$defs", "definitions", "patternProperties"} {
		if m := s.get(k); m.isObj() {
			for i, name := range m.keys {
				if k == "properties" {
					sz.props++
				}
				sz.chars += utf8.RuneCountInString(name)
				c.strictCount(m.vals[i], sz, depth+1)
			}
		}
	}
	c.strictEnum(s, sz)
	if v, ok := s.str("const"); ok {
		sz.chars += utf8.RuneCountInString(v)
	}
	for _, sub := range strictSubschemas(s) {
		c.strictCount(sub, sz, depth+1)
	}
}

// strictEnum counts one enum, blocking a long string enum over its own limit.
func (c *provConv) strictEnum(s *ojson, sz *strictSize) {
	e := s.get("enum")
	if e == nil || e.kind != ojArr {
		return
	}
	chars := 0
	for _, v := range e.arr {
		if v.kind == ojStr {
			chars += utf8.RuneCountInString(v.lit)
		}
	}
	sz.enums += len(e.arr)
	sz.chars += chars
	if len(e.arr) > strictBigEnum && chars > strictBigEnumChars {
		c.block(Finding{Rule: "compat-openai-strict-size", Pointer: e.at,
			Message: fmt.Sprintf("this enum has %d values with %d characters in all; strict mode allows at most %d characters in an enum of more than %d values", len(e.arr), chars, strictBigEnumChars, strictBigEnum),
			Fix:     "shorten the values, or take the value as a string checked by the server"})
	}
}

// strictSubschemas are the schemas directly inside s other than properties and
// definitions.
func strictSubschemas(s *ojson) []*ojson {
	var out []*ojson
	for _, k := range []string{"items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"} {
		if v := s.get(k); v.isObj() {
			out = append(out, v)
		}
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf", "prefixItems", "items"} {
		if v := s.get(k); v != nil && v.kind == ojArr {
			out = append(out, v.arr...)
		}
	}
	return out
}

// strictDepth is how many object levels s holds, following $refs but not
// around a cycle (recursion is allowed and does not count as depth).
// Results are memoised so that shared definitions are measured once.
func strictDepth(root, s *ojson, memo map[*ojson]int, busy map[*ojson]bool) int {
	if !s.isObj() || busy[s] {
		return 0
	}
	if d, ok := memo[s]; ok {
		return d
	}
	busy[s] = true
	deepest := 0
	for _, sub := range strictChildren(root, s) {
		deepest = max(deepest, strictDepth(root, sub, memo, busy))
	}
	delete(busy, s)
	if strictIsObject(s) {
		deepest++
	}
	memo[s] = deepest
	return deepest
}

// strictChildren are the schemas a value of s can nest into: properties,
// items, union branches and the target of a $ref.
func strictChildren(root, s *ojson) []*ojson {
	out := strictSubschemas(s)
	if p := s.get("properties"); p.isObj() {
		out = append(out, p.vals...)
	}
	if ref, ok := s.str("$ref"); ok {
		if t, ok := ojResolve(root, ref); ok {
			out = append(out, t)
		}
	}
	return out
}

// strictDeepest follows the deepest path down from s to the object schema
// at level want, to point at where the nesting goes over.
func strictDeepest(root, s *ojson, memo map[*ojson]int, want int) *ojson {
	for level := 0; ; {
		if strictIsObject(s) {
			level++
		}
		if level >= want {
			return s
		}
		next := (*ojson)(nil)
		for _, sub := range strictChildren(root, s) {
			if next == nil || memo[sub] > memo[next] {
				next = sub
			}
		}
		if next == nil || memo[next] == 0 {
			return s
		}
		s = next
	}
}
