package schemaform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// CoerceArg turns the text of a command-line `key=value` argument into the
// JSON value the schema's property key wants: `count=3` becomes the integer 3
// when count is an integer, and stays the string "3" when it is a string.
// Text that fits none of the property's types is an error naming them.
func CoerceArg(schema json.RawMessage, key, text string) (json.RawMessage, error) {
	f, err := Compile(schema)
	if err != nil {
		return nil, fmt.Errorf("inputSchema: %w", err)
	}
	var prop *Property
	var names []string
	for _, p := range f.Shape().Object.Properties {
		names = append(names, p.Name)
		if p.Name == key {
			prop = p
		}
	}
	if prop == nil {
		sort.Strings(names)
		return nil, fmt.Errorf("the inputSchema has no property %q (it has: %s); use --args to send undeclared properties",
			key, strings.Join(names, ", "))
	}
	types := typesOf(prop.Shape, 0)
	if len(types) == 0 || types["string"] && len(types) == 1 {
		return json.Marshal(text)
	}
	if v, ok := parseAs(text, types); ok {
		return v, nil
	}
	if types["string"] {
		return json.Marshal(text)
	}
	return nil, fmt.Errorf("property %q wants %s; %q is not one", key, strings.Join(sortedKeys(types), " or "), text)
}

// typesOf collects the JSON types a shape admits; empty means anything.
func typesOf(s *Shape, depth int) map[string]bool {
	out := map[string]bool{}
	if s.Nullable {
		out["null"] = true
	}
	switch s.Kind {
	case KindRaw:
		return nil
	case KindString:
		out["string"] = true
	case KindNumber:
		out["number"] = true
	case KindInteger:
		out["integer"] = true
	case KindBoolean:
		out["boolean"] = true
	case KindNull:
		out["null"] = true
	case KindObject, KindMap:
		out["object"] = true
	case KindArray, KindMultiSelect:
		out["array"] = true
	case KindConst:
		out[jsonTypeOf(s.Const)] = true
	case KindEnum:
		for _, c := range s.Choices {
			out[jsonTypeOf(c.Value)] = true
		}
	case KindUnion:
		if s.Any || depth > 16 {
			return nil
		}
		for _, v := range s.Variants {
			vt := typesOf(v.Shape, depth+1)
			if vt == nil {
				return nil
			}
			for k := range vt {
				out[k] = true
			}
		}
	}
	return out
}

// parseAs reads text as JSON and keeps it when its type is one of types.
func parseAs(text string, types map[string]bool) (json.RawMessage, bool) {
	t := bytes.TrimSpace([]byte(text))
	if !json.Valid(t) {
		return nil, false
	}
	jt := jsonTypeOf(t)
	if types[jt] || jt == "integer" && types["number"] {
		return json.RawMessage(t), true
	}
	return nil, false
}

// jsonTypeOf names the JSON Schema type of a JSON text; whole numbers are
// "integer".
func jsonTypeOf(raw []byte) string {
	v, err := jsondoc.Parse(raw)
	if err != nil {
		return ""
	}
	switch v.Kind() {
	case jsondoc.Null:
		return "null"
	case jsondoc.Bool:
		return "boolean"
	case jsondoc.String:
		return "string"
	case jsondoc.Array:
		return "array"
	case jsondoc.Object:
		return "object"
	}
	if isWholeNumber(v.Text()) {
		return "integer"
	}
	return "number"
}

// isWholeNumber reports a number literal with no fractional part: 3, 3.0,
// 1e3 (JSON Schema counts 3.0 as an integer).
func isWholeNumber(lit string) bool {
	mant, exp := lit, 0
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		mant = lit[:i]
		fmt.Sscan(lit[i+1:], &exp)
	}
	_, frac, _ := strings.Cut(mant, ".")
	frac = strings.TrimRight(frac, "0")
	return len(frac) <= exp
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
