package schemaform

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// ObjectKeys returns the keys of a JSON object in document order. Go maps
// forget order, and a form should list fields the way the server wrote them.
func ObjectKeys(raw json.RawMessage) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("object keys: %w", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("object keys: not a JSON object")
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("object keys: %w", err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, fmt.Errorf("object keys: value of %q: %w", tok, err)
		}
	}
	return keys, nil
}
