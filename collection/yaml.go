package collection

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"

	yaml "go.yaml.in/yaml/v2"
)

// isYAML says whether path names a YAML collection, by its extension.
func isYAML(path string) bool {
	lower := strings.ToLower(path)
	return strings.HasSuffix(lower, ".yaml") || strings.HasSuffix(lower, ".yml")
}

// yamlToJSON turns a YAML document into JSON text keeping every mapping's
// key order: match expectations run in the file's order, and a converter
// through Go maps (sigs.k8s.io/yaml's YAMLToJSON) would sort them.
func yamlToJSON(data []byte) ([]byte, error) {
	// A document that is not a mapping cannot decode into a MapSlice, and
	// the decoder's complaint about that is a line per key; decoded as
	// anything first, its JSON form gets Decode's plain "want an object".
	var anyDoc any
	if err := yaml.UnmarshalStrict(data, &anyDoc); err != nil {
		return nil, err
	}
	if _, isMap := anyDoc.(map[any]any); !isMap && anyDoc != nil {
		return plainJSON(anyDoc)
	}
	var doc yaml.MapSlice
	if err := yaml.UnmarshalStrict(data, &doc); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := writeJSON(&b, doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// plainJSON writes a document that is not a mapping as JSON; mappings
// inside it are not needed in order, as Decode refuses it anyway.
func plainJSON(doc any) ([]byte, error) {
	switch doc.(type) {
	case []any:
		return []byte("[]"), nil
	}
	var b bytes.Buffer
	if err := writeJSON(&b, doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// writeJSON writes one decoded YAML value as JSON.
func writeJSON(b *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case yaml.MapSlice:
		b.WriteByte('{')
		for i, item := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			key, _ := json.Marshal(yamlKey(item.Key))
			b.Write(key)
			b.WriteByte(':')
			if err := writeJSON(b, item.Value); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, item := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeJSON(b, item); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("%v has no JSON form", x)
		}
		b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
	case nil, bool, string, int, int64, uint64:
		text, _ := json.Marshal(x)
		b.Write(text)
	default:
		return fmt.Errorf("a YAML value of type %T has no JSON form", v)
	}
	return nil
}

// yamlKey is a mapping key as a JSON member name: YAML allows numbers and
// booleans as keys, JSON only strings.
func yamlKey(k any) string {
	if s, ok := k.(string); ok {
		return s
	}
	if k == nil {
		return "null"
	}
	return fmt.Sprint(k)
}

// toYAML writes a JSON value as YAML, keeping the key order.
func toYAML(v *jsondoc.Value) ([]byte, error) {
	return yaml.Marshal(yamlValue(v))
}

// yamlValue is v as what the YAML encoder writes in order: objects as
// MapSlice, numbers as json.Number so their literal survives.
func yamlValue(v *jsondoc.Value) any {
	switch v.Kind() {
	case jsondoc.Object:
		out := make(yaml.MapSlice, 0, v.Len())
		for i, k := range v.Keys() {
			out = append(out, yaml.MapItem{Key: k, Value: yamlValue(v.Values()[i])})
		}
		return out
	case jsondoc.Array:
		out := make([]any, 0, v.Len())
		for _, item := range v.Items() {
			out = append(out, yamlValue(item))
		}
		return out
	case jsondoc.Number:
		return json.Number(v.Text())
	case jsondoc.String:
		return v.Text()
	case jsondoc.Bool:
		return v.IsTrue()
	}
	return nil
}
