package schemaform

import (
	"encoding/json"
	"testing"
)

// FuzzCoerceArg: no schema, key or text may panic the --arg coercion, and
// whatever it returns is one JSON value.
func FuzzCoerceArg(f *testing.F) {
	schemas := []string{
		`{"type":"object","properties":{"n":{"type":"integer"},"s":{"type":"string"},"b":{"type":"boolean"}}}`,
		`{"type":"object","properties":{"u":{"oneOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},"e":{"enum":["a",1,null]}}}`,
		`{"type":"object","properties":{"r":{"$ref":"#/$defs/x"}},"$defs":{"x":{"type":["number","null"]}}}`,
		`{"type":"object","properties":{"any":{}}}`,
		`[1]`, `{"type":"object","properties":{"a":{"$ref":"#"}}}`,
	}
	for _, s := range schemas {
		for _, k := range []string{"n", "s", "u", "e", "r", "any", "missing"} {
			for _, text := range []string{"3", "3.5", "true", "null", "[1,2]", "{\"a\":1}", "hello", "", " 1 ", "1e400"} {
				f.Add([]byte(s), k, text)
			}
		}
	}
	f.Fuzz(func(t *testing.T, schema []byte, key, text string) {
		v, err := CoerceArg(schema, key, text)
		if err != nil {
			return
		}
		if !json.Valid(v) {
			t.Fatalf("CoerceArg(%s, %q, %q) = %q, not JSON", schema, key, text, v)
		}
	})
}
