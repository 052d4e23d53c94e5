package provider

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"

	"github.com/toolbench/toolbench/tool"
)

// compatSummary lists findings as "rule pointer field", a blocker's
// marked "b ".
func compatSummary(t *testing.T, fs []check.Finding) []string {
	t.Helper()
	out := []string{}
	for _, f := range fs {
		if f.Severity != check.Info {
			t.Errorf("%s at %s is %s; compat findings are infos", f.Rule, f.Pointer, f.Severity)
		}
		mark := ""
		if f.Blocking() {
			mark = "b "
		}
		out = append(out, mark+strings.TrimSpace(f.Rule+" "+f.Pointer+" "+f.Field))
	}
	return out
}

func TestCompat(t *testing.T) {
	t.Parallel()
	shapes := loadTools(t, "shapes.tools.json")
	tools := map[string]tool.Tool{
		"create_order": loadTools(t, "create_order.json")["create_order"],
		"get_weather":  loadTools(t, "get_weather.mcp.json")["get_weather"],
	}
	for name, tl := range shapes {
		tools[name] = tl
	}
	for _, tt := range compatCases {
		t.Run(tt.tl, func(t *testing.T) {
			t.Parallel()
			if got := compatSummary(t, Compat(tools[tt.tl])); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got:\n%q\nwant:\n%q", got, tt.want)
			}
		})
	}
}

// TestCompatRules checks the rules the brief's shapes must trigger, in
// tools whose full lists are long: unions, a root oneOf, names.
func TestCompatRules(t *testing.T) {
	t.Parallel()
	shapes := loadTools(t, "shapes.tools.json")
	tests := []struct {
		tl   tool.Tool
		want []string // each must be among the findings
	}{
		{shapes["draw"], []string{
			"compat-openai-strict-keyword /inputSchema/properties/shape/oneOf /shape",
			"b compat-openai-strict-not-required /inputSchema/properties/label /label",
			"compat-gemini-keyword /inputSchema/properties/shape/oneOf /shape",
			"compat-gemini-keyword /inputSchema/properties/label/type /label"}},
		{shapes["either"], []string{
			"b compat-openai-root /inputSchema/oneOf", "b compat-anthropic-root /inputSchema/oneOf", "b compat-gemini-root /inputSchema/oneOf"}},
		{tool.Tool{Name: "files.read", InputSchema: json.RawMessage(`{"type":"object","properties":{}}`)}, []string{"b compat-openai-name /name", "b compat-anthropic-name /name"}},
		{tool.Tool{Name: "9lives:x", InputSchema: json.RawMessage(`{"type":"object"}`)}, []string{"b compat-gemini-name /name"}},
		{tool.Tool{Name: "s", Description: strings.Repeat("x", 1025)}, []string{"b compat-openai-description /description"}},
		{tool.Tool{Name: "s", InputSchema: json.RawMessage(`{"type":"string"}`)}, []string{
			"b compat-openai-root /inputSchema/type", "b compat-anthropic-root /inputSchema/type", "b compat-gemini-root /inputSchema/type"}},
	}
	for _, tt := range tests {
		got := compatSummary(t, Compat(tt.tl))
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: no %q in\n%q", tt.tl.Name, w, got)
			}
		}
	}
}

// TestCompatEverything checks server-everything's tools: flat inputs, so
// only strict mode's required and closed objects, one format, and Gemini's
// missing $schema field come up.
func TestCompatEverything(t *testing.T) {
	t.Parallel()
	for name, tl := range loadTools(t, "everything.tools.json") {
		rules := map[string]bool{}
		for _, f := range Compat(tl) {
			rules[f.Rule] = true
			if f.Severity != check.Info {
				t.Errorf("%s: %s is %s", name, f.Rule, f.Severity)
			}
		}
		for r := range rules {
			switch r {
			case "compat-openai-strict-not-required", "compat-openai-strict-additional-properties", "compat-gemini-keyword":
			case "compat-openai-strict-keyword":
				if name != "gzip-file-as-resource" {
					t.Errorf("%s: %s", name, r)
				}
			default:
				t.Errorf("%s: unexpected rule %s", name, r)
			}
		}
		if !rules["compat-openai-strict-additional-properties"] {
			t.Errorf("%s: no additionalProperties finding", name)
		}
	}
}

func TestCompatBrokenSchema(t *testing.T) {
	t.Parallel()
	if got := Compat(tool.Tool{Name: "x", InputSchema: json.RawMessage(`{"type":`)}); len(got) != 0 {
		t.Errorf("Compat of a schema that is not JSON: %v", got)
	}
}

// compatCases are whole Compat lists, in order.
var compatCases = []struct {
	tl   string
	want []string
}{
	{"create_order", []string{
		"b compat-openai-strict-not-required /inputSchema/properties/items/items/properties/quantity /items/*/quantity",
		"b compat-openai-strict-not-required /inputSchema/properties/payment_method /payment_method",
		"b compat-openai-strict-not-required /inputSchema/properties/note /note",
		"compat-openai-strict-additional-properties /inputSchema/properties/items/items /items/*",
		"compat-openai-strict-additional-properties /inputSchema/properties/shipping_address /shipping_address",
		"compat-openai-strict-additional-properties /inputSchema"}},
	// The seed's MCP form is already a strict function; only Gemini
	// lacks additionalProperties. The outputSchema is no portability
	// problem, so Compat leaves it to Convert's notes.
	{"get_weather", []string{"compat-gemini-keyword /inputSchema/additionalProperties"}},
	{"org.import", []string{
		"b compat-openai-name /name",
		"b compat-openai-strict-not-required /inputSchema/properties/team /team",
		"compat-openai-strict-keyword /inputSchema/properties/root/$ref /root",
		"b compat-anthropic-name /name",
		"b compat-gemini-recursive /inputSchema/$defs/person/properties/reports/items/$ref /root/reports/*",
		"compat-gemini-keyword /inputSchema/additionalProperties",
		"compat-gemini-keyword /inputSchema/$defs",
		"compat-gemini-keyword /inputSchema/properties/root/$ref /root",
		"compat-gemini-keyword /inputSchema/$defs/person/additionalProperties /root",
		"compat-gemini-keyword /inputSchema/properties/team/$ref /team",
		"compat-gemini-keyword /inputSchema/$defs/team/additionalProperties /team"}},
	{"tag", []string{
		"b compat-openai-strict-additional-properties /inputSchema/properties/labels/patternProperties /labels",
		"compat-openai-strict-keyword /inputSchema/properties/id/format /id",
		"compat-openai-strict-keyword /inputSchema/properties/labels/patternProperties /labels",
		"compat-openai-strict-additional-properties /inputSchema",
		"b compat-gemini-free-form /inputSchema/properties/labels /labels",
		"compat-gemini-keyword /inputSchema/properties/id/format /id",
		"compat-gemini-keyword /inputSchema/properties/labels/patternProperties /labels",
		"compat-gemini-keyword /inputSchema/properties/labels/additionalProperties /labels"}},
	{"ping", []string{"compat-openai-strict-additional-properties /inputSchema"}},
	{"extend", []string{
		"compat-openai-strict-keyword /inputSchema/allOf",
		"compat-openai-strict-additional-properties /inputSchema",
		"compat-openai-strict-additional-properties /inputSchema/$defs/base",
		"b compat-anthropic-root /inputSchema/allOf",
		"compat-gemini-keyword /inputSchema/allOf",
		"compat-gemini-keyword /inputSchema/$defs"}},
}
