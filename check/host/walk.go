package host

import (
	"strings"
	"unicode/utf8"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// schemaNode is one schema object of a tool's inputSchema or outputSchema,
// as the walk reaches it.
type schemaNode struct {
	// v is the schema object; its Pointer locates it in the tool object.
	v *jsondoc.Value
	// keyword is the keyword that holds it ("properties", "items",
	// "anyOf"…); "" for the root.
	keyword string
	// field is the argument path of the value the schema describes
	// ("/shipping/phone", "/tags/*" for any list item or map value); ""
	// for the root, for definitions and what they hold (an argument only
	// once a $ref uses them) and for every node of an outputSchema, which
	// nobody fills in.
	field string
	// defs is set in and below $defs and definitions.
	defs bool
}

// walkSchema calls fn for every schema object of the document root, root
// first and in document order, each once. $ref is never followed, so a
// recursive schema cannot loop: its $defs are visited where they are
// written. Boolean subschemas are not objects and are not visited;
// eachBooleanSubschema finds them. Depth is bounded by jsondoc.MaxDepth,
// which the parser enforces.
func walkSchema(root *jsondoc.Value, fields bool, fn func(n schemaNode)) {
	if !root.IsObject() {
		return
	}
	var walk func(n schemaNode)
	walk = func(n schemaNode) {
		fn(n)
		jsondoc.EachSubschema(n.v, func(keyword string, sub *jsondoc.Value) {
			walk(schemaNode{v: sub, keyword: keyword, field: childField(n, keyword, sub, fields),
				defs: n.defs || keyword == "$defs" || keyword == "definitions"})
		})
	}
	walk(schemaNode{v: root})
}

// childField is the argument path of a subschema held by keyword in n.
func childField(n schemaNode, keyword string, sub *jsondoc.Value, fields bool) string {
	if !fields || n.defs {
		return ""
	}
	switch keyword {
	case "properties":
		return n.field + "/" + jsondoc.EscapeToken(sub.Token())
	case "items", "prefixItems", "additionalItems", "unevaluatedItems", "contains",
		"additionalProperties", "unevaluatedProperties", "patternProperties":
		return n.field + "/*"
	case "$defs", "definitions":
		return ""
	}
	// Combinator branches, conditions and dependent schemas describe the
	// same value as n.
	return n.field
}

// booleanAllowed reports the keywords where a boolean is the usual way to
// say "allow" or "forbid" the rest, not a subschema a host must accept in
// place of an object: hosts and the inspector's lint let them be.
func booleanAllowed(keyword string) bool {
	switch keyword {
	case "additionalProperties", "additionalItems", "unevaluatedProperties", "unevaluatedItems":
		return true
	}
	return false
}

// eachBooleanSubschema calls fn for every subschema directly below the
// schema object s that is true or false, with the keyword that holds it,
// except where booleanAllowed says a boolean is the norm.
func eachBooleanSubschema(s *jsondoc.Value, fn func(keyword string, b *jsondoc.Value)) {
	for i, k := range s.Keys() {
		if booleanAllowed(k) {
			continue
		}
		v := s.Values()[i]
		switch jsondoc.Holds(k) {
		case jsondoc.OneSubschema:
			if v.Kind() == jsondoc.Bool {
				fn(k, v)
			} else if v.IsArray() {
				eachBool(k, v.Items(), fn)
			}
		case jsondoc.SubschemaMap:
			if v.IsObject() {
				eachBool(k, v.Values(), fn)
			}
		case jsondoc.SubschemaList:
			if v.IsArray() {
				eachBool(k, v.Items(), fn)
			}
		}
	}
}

func eachBool(keyword string, vals []*jsondoc.Value, fn func(string, *jsondoc.Value)) {
	for _, v := range vals {
		if v != nil && v.Kind() == jsondoc.Bool {
			fn(keyword, v)
		}
	}
}

// typeNames returns the types a schema's "type" names: one for a string,
// each string of a list, none when absent.
func typeNames(s *jsondoc.Value) []string {
	t := s.Get("type")
	if t.IsString() {
		return []string{t.Text()}
	}
	var out []string
	for _, v := range t.Items() {
		if v.IsString() {
			out = append(out, v.Text())
		}
	}
	return out
}

// hasType reports whether a schema's "type" names typ, alone or in a list.
func hasType(s *jsondoc.Value, typ string) bool {
	for _, t := range typeNames(s) {
		if t == typ {
			return true
		}
	}
	return false
}

// keywordPointer is the pointer of member key of the schema object s.
func keywordPointer(s *jsondoc.Value, key string) string {
	return s.Pointer() + "/" + jsondoc.EscapeToken(key)
}

// brief is a value's JSON cut to n bytes, for a hit's detail.
func brief(v *jsondoc.Value, n int) string {
	b := string(v.Marshal())
	if len(b) <= n {
		return b
	}
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return strings.TrimRight(b[:n], " ") + "…"
}
