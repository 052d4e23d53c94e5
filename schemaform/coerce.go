package schemaform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// CoerceArg turns the text of a command-line `key=value` argument into the
// JSON value the schema's property key wants: `count=3` becomes the integer 3
// when count is an integer, and stays the string "3" when it is a string.
// Text that fits none of the property's types is an error naming them.
func CoerceArg(schema json.RawMessage, key, text string) (json.RawMessage, error) {
	var root map[string]any
	if err := json.Unmarshal(schema, &root); err != nil {
		return nil, fmt.Errorf("inputSchema is not a JSON object: %w", err)
	}
	props, _ := root["properties"].(map[string]any)
	prop, ok := props[key]
	if !ok {
		return nil, fmt.Errorf("the inputSchema has no property %q (it has: %s); use --args to send undeclared properties",
			key, strings.Join(sortedKeys(props), ", "))
	}
	types := typesOf(root, prop, 0)
	if len(types) == 0 || types["string"] && len(types) == 1 {
		return json.Marshal(text)
	}
	if v, ok := parseAs(text, types); ok {
		return v, nil
	}
	if types["string"] {
		return json.Marshal(text)
	}
	return nil, fmt.Errorf("property %q wants %s; %q is not one", key, describeTypes(types), text)
}

// parseAs reads text as JSON and keeps it when its type is one of types.
func parseAs(text string, types map[string]bool) (json.RawMessage, bool) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		return nil, false
	}
	t := jsonType(v)
	if types[t] || t == "integer" && types["number"] {
		return json.RawMessage(bytes.TrimSpace([]byte(text))), true
	}
	return nil, false
}

// jsonType names the JSON Schema type of a decoded value; whole numbers are
// "integer".
func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		if _, err := x.Int64(); err == nil || !strings.ContainsAny(string(x), ".eE") {
			return "integer"
		}
		if f, err := x.Float64(); err == nil && f == float64(int64(f)) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	default:
		return "object"
	}
}

// typesOf collects the JSON types a schema admits, looking through local
// $refs, enum and const values and union branches. Empty means "anything".
func typesOf(root map[string]any, s any, depth int) map[string]bool {
	m, ok := s.(map[string]any)
	if !ok || depth > 32 {
		return nil
	}
	if ref, ok := m["$ref"].(string); ok {
		if target := resolveLocal(root, ref); target != nil {
			return typesOf(root, target, depth+1)
		}
		return nil
	}
	out := map[string]bool{}
	switch t := m["type"].(type) {
	case string:
		out[t] = true
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				out[s] = true
			}
		}
	}
	if e, ok := m["enum"].([]any); ok {
		for _, v := range e {
			out[jsonType(normalizeNumber(v))] = true
		}
	}
	if c, ok := m["const"]; ok {
		out[jsonType(normalizeNumber(c))] = true
	}
	if n, _ := m["nullable"].(bool); n {
		out["null"] = true
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		branches, _ := m[kw].([]any)
		for _, b := range branches {
			bt := typesOf(root, b, depth+1)
			if len(bt) == 0 {
				return nil
			}
			for k := range bt {
				out[k] = true
			}
		}
	}
	return out
}

// normalizeNumber lets values decoded without UseNumber be typed like ones
// decoded with it.
func normalizeNumber(v any) any {
	if f, ok := v.(float64); ok {
		return json.Number(fmt.Sprint(f))
	}
	return v
}

// resolveLocal follows a "#/..." JSON pointer within the document.
func resolveLocal(root map[string]any, ref string) any {
	if !strings.HasPrefix(ref, "#") {
		return nil
	}
	var cur any = root
	for _, tok := range strings.Split(strings.TrimPrefix(ref, "#"), "/")[1:] {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[tok]
	}
	return cur
}

func describeTypes(types map[string]bool) string {
	return strings.Join(sortedKeys(types), " or ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
