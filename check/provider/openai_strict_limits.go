package provider

import (
	"fmt"
	"unicode/utf8"

	"github.com/toolbench/toolbench/internal/jsondoc"
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
func (c *conversion) strictLimits() {
	var sz strictSize
	c.strictCount(c.schema, &sz, 0)
	rule := ruleStrictSize
	for _, over := range []struct {
		n, max int
		what   string
	}{
		{sz.props, strictMaxProperties, "object properties"},
		{sz.enums, strictMaxEnumValues, "enum values"},
		{sz.chars, strictMaxChars, "characters in property names, definition names, enum and const values"},
	} {
		if over.n > over.max {
			c.block(issue{rule: rule, pointer: "/inputSchema",
				message: fmt.Sprintf("the schema has %d %s; strict mode allows at most %d", over.n, over.what, over.max),
				fix:     "split the tool, or move rarely used parts into a free-text parameter"})
		}
	}
	memo := map[*jsondoc.Value]int{}
	if d := strictDepth(c.schema, c.schema, memo, map[*jsondoc.Value]bool{}); d > strictMaxDepth {
		deepest := strictDeepest(c.schema, c.schema, memo, strictMaxDepth+1)
		c.block(issue{rule: ruleStrictDepth, pointer: deepest.Pointer(),
			message: fmt.Sprintf("objects nest %d levels deep (the root is level 1); strict mode allows %d", d, strictMaxDepth),
			fix:     "flatten the nesting, for example by lifting inner objects' fields up a level"})
	}
}

// strictCount walks every subschema once, not following $refs.
func (c *conversion) strictCount(s *jsondoc.Value, sz *strictSize, depth int) {
	if !s.IsObject() || depth > jsondoc.MaxDepth {
		return
	}
	for _, k := range [...]string{"properties", "$defs", "definitions", "patternProperties"} {
		for _, name := range s.Get(k).Keys() {
			if k == "properties" {
				sz.props++
			}
			sz.chars += utf8.RuneCountInString(name)
		}
	}
	c.strictEnum(s, sz)
	if v, ok := s.GetString("const"); ok {
		sz.chars += utf8.RuneCountInString(v)
	}
	jsondoc.EachSubschema(s, func(_ string, sub *jsondoc.Value) { c.strictCount(sub, sz, depth+1) })
}

// strictEnum counts one enum, blocking a long string enum over its own limit.
func (c *conversion) strictEnum(s *jsondoc.Value, sz *strictSize) {
	e := s.Get("enum")
	if e == nil || !e.IsArray() {
		return
	}
	chars := 0
	for _, v := range e.Items() {
		if v.IsString() {
			chars += utf8.RuneCountInString(v.Text())
		}
	}
	sz.enums += len(e.Items())
	sz.chars += chars
	if len(e.Items()) > strictBigEnum && chars > strictBigEnumChars {
		c.block(issue{rule: ruleStrictSize, pointer: e.Pointer(),
			message: fmt.Sprintf("this enum has %d values with %d characters in all; strict mode allows at most %d characters in an enum of more than %d values", len(e.Items()), chars, strictBigEnumChars, strictBigEnum),
			fix:     "shorten the values, or take the value as a string checked by the server"})
	}
}

// strictSubschemas are the schemas directly inside s other than those in
// maps of them (properties, definitions).
func strictSubschemas(s *jsondoc.Value) []*jsondoc.Value {
	var out []*jsondoc.Value
	jsondoc.EachSubschema(s, func(k string, sub *jsondoc.Value) {
		if jsondoc.Holds(k) != jsondoc.SubschemaMap {
			out = append(out, sub)
		}
	})
	return out
}

// strictDepth is how many object levels s holds, following $refs but not
// around a cycle (recursion is allowed and does not count as depth).
// Results are memoised so that shared definitions are measured once.
func strictDepth(root, s *jsondoc.Value, memo map[*jsondoc.Value]int, busy map[*jsondoc.Value]bool) int {
	if !s.IsObject() || busy[s] {
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
func strictChildren(root, s *jsondoc.Value) []*jsondoc.Value {
	out := strictSubschemas(s)
	if p := s.Get("properties"); p.IsObject() {
		out = append(out, p.Values()...)
	}
	if ref, ok := s.GetString("$ref"); ok {
		if t := root.LookupFragment(ref); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// strictDeepest follows the deepest path down from s to the object schema
// at level want, to point at where the nesting goes over.
func strictDeepest(root, s *jsondoc.Value, memo map[*jsondoc.Value]int, want int) *jsondoc.Value {
	for level := 0; ; {
		if strictIsObject(s) {
			level++
		}
		if level >= want {
			return s
		}
		next := (*jsondoc.Value)(nil)
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
