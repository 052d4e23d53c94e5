package host

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/toolbench/toolbench/check/lint"
	"github.com/toolbench/toolbench/check/provider"
	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/tool"
)

// realisticTools makes n tools shaped like those of large real servers:
// a few typed and described arguments, an enum, a list of objects, an
// optional nested object, a shared definition behind a $ref in some, an
// outputSchema in others.
func realisticTools(tb testing.TB, n int) []tool.Tool {
	tb.Helper()
	out := make([]tool.Tool, n)
	for i := range out {
		schema := map[string]any{
			"type": "object",
			"properties": map[string]any{
				"project_id": map[string]any{"type": "string", "description": "The project's id, such as PRJ-1234."},
				"limit":      map[string]any{"type": "integer", "minimum": 1, "maximum": 100, "description": "How many results to return."},
				"state":      map[string]any{"type": "string", "enum": []string{"open", "closed", "all"}, "description": "Which items to include."},
				"labels": map[string]any{"type": "array", "description": "Labels to filter by.",
					"items": map[string]any{"type": "object", "properties": map[string]any{
						"name":  map[string]any{"type": "string", "description": "The label's name."},
						"color": map[string]any{"type": "string", "pattern": "^#[0-9a-f]{6}$", "description": "Its colour."},
					}, "required": []string{"name"}}},
				"options": map[string]any{"type": "object", "description": "Rarely needed options.", "properties": map[string]any{
					"dry_run": map[string]any{"type": "boolean", "description": "Only say what would change."},
					"since":   map[string]any{"type": "string", "format": "date-time", "description": "Only items changed since then."},
				}},
			},
			"required": []string{"project_id"},
		}
		if i%5 == 0 {
			schema["properties"].(map[string]any)["owner"] = map[string]any{"$ref": "#/$defs/person", "description": "Who owns it."}
			schema["$defs"] = map[string]any{"person": map[string]any{"type": "object", "properties": map[string]any{
				"login": map[string]any{"type": "string", "description": "Their login."}}}}
		}
		raw := map[string]any{"name": fmt.Sprintf("update_item_%d", i), "description": "Update one item of a project and return it.",
			"inputSchema": schema, "annotations": map[string]any{"readOnlyHint": false}}
		if i%3 == 0 {
			raw["outputSchema"] = map[string]any{"type": "object", "properties": map[string]any{
				"id": map[string]any{"type": "string"}, "updated": map[string]any{"type": "boolean"}}}
		}
		data, err := json.Marshal(raw)
		if err != nil {
			tb.Fatal(err)
		}
		out[i] = mustToolTB(tb, data)
	}
	return out
}

func mustToolTB(tb testing.TB, data []byte) tool.Tool {
	tb.Helper()
	tl, err := tool.Parse(json.RawMessage(data))
	if err != nil {
		tb.Fatal(err)
	}
	return tl
}

// BenchmarkJudge1000 judges a 1,000-tool server for all 14 hosts with
// every rule, schemas parsed afresh each time as a new list would be (the
// issue's budget is 200 ms), beside, in the same run, the floor (parsing
// every inputSchema once, which any judge must do) and a peer (what
// toolbench lint does to the same tools: the design rules and every
// provider's compatibility).
func BenchmarkJudge1000(b *testing.B) {
	tools := realisticTools(b, 1000)
	b.Run("parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, t := range tools {
				if _, err := jsondoc.Parse(t.InputSchema); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("lint", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			n := len(lint.Check(tools))
			for _, t := range tools {
				n += len(provider.Compat(t))
			}
			if n == 0 {
				b.Fatal("lint found nothing in 1,000 tools")
			}
		}
	})
	b.Run("hosts", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r := Judge(tools, Options{Server: "tracker"})
			if len(r.Tools) != 1000 {
				b.Fatalf("%d rows", len(r.Tools))
			}
		}
	})
}
