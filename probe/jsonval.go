package probe

import (
	"bytes"
	"encoding/json"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// decode reads JSON the way schemaform and the validator read it: numbers
// exact (json.Number), the last of duplicate keys winning.
func decode(data []byte) (any, error) {
	v, err := jsondoc.Parse(data)
	if err != nil {
		return nil, err
	}
	return v.Any(), nil
}

// encode writes v compactly, object keys sorted (so cases are
// deterministic) and without HTML escaping (so they read as written).
func encode(v any) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return json.RawMessage(bytes.TrimRight(b.Bytes(), "\n")), nil
}

// deepCopy copies decoded JSON so a mutation never touches its source.
func deepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[k] = deepCopy(e)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = deepCopy(e)
		}
		return out
	}
	return v
}
