package lint

import (
	"encoding/json"
	"testing"

	"github.com/toolbench/toolbench/tool"
)

// FuzzLint checks that no schema makes Check panic, and that every finding
// points into the tool object and names a rule this package registers.
func FuzzLint(f *testing.F) {
	f.Add(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"$ref": "#/$defs/a", "default": 1}}}`)
	f.Add(`{"type": "object", "properties": {"n": {"type": "number", "description": "Number of items, 1-10, default 3"}}}`)
	registered := map[string]bool{}
	for _, r := range Rules() {
		registered[r.ID] = true
	}
	f.Fuzz(func(t *testing.T, schema string) {
		for _, fd := range Check([]tool.Tool{{Name: "t", Description: schema, InputSchema: json.RawMessage(schema), OutputSchema: json.RawMessage(schema)}}) {
			if !registered[fd.Rule] {
				t.Fatalf("finding %+v names an unregistered rule", fd)
			}
		}
	})
}
