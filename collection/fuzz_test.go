package collection

import (
	"reflect"
	"testing"
)

// FuzzDecode feeds Decode arbitrary JSON and YAML: it must never panic,
// and what it accepts must survive Marshal and Decode unchanged.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(fullJSON), false)
	f.Add([]byte(fullYAML), true)
	f.Add([]byte(`{"tests": [{"name": "a", "tool": "t", "expect": {"match": {"": {"equals": {"regex": 1}}}}}]}`), false)
	f.Add([]byte("tests:\n  - {name: a, tool: t, expect: {match: {/a~1b: {schema: true}}}}\n"), true)
	f.Fuzz(func(t *testing.T, data []byte, asYAML bool) {
		name := "c.json"
		if asYAML {
			name = "c.yaml"
		}
		c, err := Decode(name, data)
		if err != nil {
			return
		}
		out, err := Marshal(c, asYAML)
		if err != nil {
			t.Fatalf("Marshal of a decoded collection: %v", err)
		}
		again, err := Decode(name, out)
		if err != nil {
			t.Fatalf("Decode of Marshal's output: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(c, again) {
			t.Fatalf("round trip changed it:\n%+v\n%+v\n%s", c, again, out)
		}
	})
}
