package jsondoc

// Holding says how a JSON Schema keyword holds subschemas.
type Holding uint8

// The ways a keyword holds subschemas.
const (
	// NoSubschema: the keyword's value is data or an annotation.
	NoSubschema Holding = iota
	// OneSubschema: the value is a schema ("not": {...}). "items" is one,
	// or, before 2020-12, a list of them.
	OneSubschema
	// SubschemaMap: the value is an object whose member values are schemas
	// ("properties": {"a": {...}}).
	SubschemaMap
	// SubschemaList: the value is an array of schemas ("allOf": [{...}]).
	SubschemaList
)

// Holds says how keyword holds subschemas, in any draft from 04 to
// 2020-12. This is the one table of them: the form compiler, lint and the
// provider conversions all walk schemas by it.
func Holds(keyword string) Holding {
	switch keyword {
	case "additionalProperties", "additionalItems", "unevaluatedProperties", "unevaluatedItems",
		"contains", "propertyNames", "not", "if", "then", "else", "items", "contentSchema":
		return OneSubschema
	case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies":
		return SubschemaMap
	case "allOf", "anyOf", "oneOf", "prefixItems":
		return SubschemaList
	}
	return NoSubschema
}

// EachSubschema calls fn for every schema object directly below the schema
// s, in document order, with the keyword that holds it. Boolean schemas are
// skipped, and so are map members and list items that are not objects
// (draft-07 "dependencies" mixes schemas with lists of names).
func EachSubschema(s *Value, fn func(keyword string, sub *Value)) {
	if !s.IsObject() {
		return
	}
	for i, k := range s.keys {
		v := s.vals[i]
		switch Holds(k) {
		case OneSubschema:
			if v.IsArray() {
				eachObject(k, v.vals, fn) // items as a tuple
			} else if v.IsObject() {
				fn(k, v)
			}
		case SubschemaMap:
			if v.IsObject() {
				eachObject(k, v.vals, fn)
			}
		case SubschemaList:
			if v.IsArray() {
				eachObject(k, v.vals, fn)
			}
		}
	}
}

func eachObject(keyword string, vals []*Value, fn func(string, *Value)) {
	for _, sub := range vals {
		if sub.IsObject() {
			fn(keyword, sub)
		}
	}
}

// HasType reports whether schema s's "type" names typ, alone or in a list
// ("type": ["string", "null"] has both).
func HasType(s *Value, typ string) bool {
	t := s.Get("type")
	if t.IsString() {
		return t.Text() == typ
	}
	for _, v := range t.Items() {
		if v.IsString() && v.Text() == typ {
			return true
		}
	}
	return false
}
