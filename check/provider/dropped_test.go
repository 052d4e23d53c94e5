package provider

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/tool"
)

// TestGeminiNamesLostParameters: a schema whose root recurses, or whose
// definitions refer to each other in a loop, used to convert to a Gemini
// declaration with no parameters and no finding at all.
func TestGeminiNamesLostParameters(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, schema string
		// lost are the pointers (or their $ref) that must have a finding.
		lost []string
	}{
		{"recursive root", `{"type":"object","properties":{"r":{"$ref":"#"}}}`,
			[]string{"/inputSchema/properties/r"}},
		{"A and B refer to each other", `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{
			"A":{"type":"object","properties":{"b":{"$ref":"#/$defs/B"}}},"B":{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}}}}}`,
			[]string{"/inputSchema/properties/a", "/inputSchema/$defs/A/properties/b"}},
		{"required and recursive", `{"type":"object","properties":{"r":{"$ref":"#"},"s":{"$ref":"#"}},"required":["s"]}`,
			[]string{"/inputSchema/properties/r", "/inputSchema/properties/s"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tl := tool.Tool{Name: "loop", Description: "Recursive.", InputSchema: []byte(tt.schema)}
			out, fs := mustConvert(t, tl, Gemini)
			if jsonAt(t, out, "/parameters") != "" {
				t.Fatalf("parameters went out: %s", out)
			}
			var blockers []string
			for _, f := range fs {
				if f.Blocking() {
					blockers = append(blockers, f.Rule+" "+f.Pointer)
				}
			}
			if !slices.Contains(blockers, "compat-gemini-root /inputSchema/properties") {
				t.Errorf("no blocker says the declaration lost every parameter: %q", summary(fs))
			}
			for _, ptr := range tt.lost {
				if !slices.ContainsFunc(fs, func(f check.Finding) bool { return f.Pointer == ptr || strings.HasPrefix(f.Pointer, ptr+"/") }) {
					t.Errorf("no finding names %s: %q", ptr, summary(fs))
				}
			}
			assertDropsNamed(t, tl, Gemini)
		})
	}
}

// TestDropsNamedOnTheCorpora checks the fuzz property on every schema the
// conversions are tested on, for every provider.
func TestDropsNamedOnTheCorpora(t *testing.T) {
	t.Parallel()
	var tools []tool.Tool
	for _, file := range []string{"shapes.tools.json", "everything.tools.json", "create_order.json", "get_weather.mcp.json"} {
		for _, tl := range loadTools(t, file) {
			tools = append(tools, tl)
		}
	}
	for _, tl := range tools {
		for _, p := range All() {
			assertDropsNamed(t, tl, p)
		}
	}
}
