package check

import (
	"reflect"
	"testing"
)

// TestConvertShapes converts the seed create_order and one tool per hard
// shape (shapes.tools.json): $defs with a $ref and recursion under a dotted
// name (org.import), oneOf and anyOf (draw), patternProperties and an
// unsupported format (tag), no parameters (ping), a root oneOf (either) and
// allOf over a $ref (extend).
func TestConvertShapes(t *testing.T) {
	t.Parallel()
	shapes := provLoad(t, "shapes.tools.json")
	order := provLoad(t, "create_order.json")["create_order"]
	for _, tt := range provShapeCases {
		t.Run(tt.tool+"/"+string(tt.p), func(t *testing.T) {
			t.Parallel()
			tool, ok := shapes[tt.tool]
			if tt.tool == "create_order" {
				tool, ok = order, true
			}
			if !ok {
				t.Fatalf("no tool %q", tt.tool)
			}
			out, fs := provConvert(t, tool, tt.p)
			if got := provSummary(fs); !reflect.DeepEqual(got, tt.findings) {
				t.Errorf("findings:\n%q\nwant:\n%q", got, tt.findings)
			}
			for ptr, want := range tt.parts {
				if got := provAt(t, out, ptr); got != want {
					t.Errorf("%q = %s\nwant  %s", ptr, got, want)
				}
			}
		})
	}
}

// provShapeCase is one tool converted for one provider.
type provShapeCase struct {
	tool     string
	p        Provider
	findings []string
	parts    map[string]string // pointer into the converted tool: its compact JSON, "" when absent
}

const provFn = "/function/parameters"

var provShapeCases = []provShapeCase{
	{"create_order", ProviderOpenAI, []string{}, map[string]string{
		"/type": `"function"`, "/function/name": `"create_order"`, "/function/strict": "",
		provFn + "/required": `["items","shipping_address"]`}},
	{"create_order", ProviderOpenAIStrict, []string{
		"e compat-openai-strict-not-required /inputSchema/properties/items/items/properties/quantity",
		"e compat-openai-strict-not-required /inputSchema/properties/payment_method",
		"e compat-openai-strict-not-required /inputSchema/properties/note",
		"i compat-openai-strict-additional-properties /inputSchema/properties/items/items",
		"i compat-openai-strict-additional-properties /inputSchema/properties/shipping_address",
		"i compat-openai-strict-additional-properties /inputSchema"}, map[string]string{
		"/function/strict":                                          "true",
		provFn + "/required":                                        `["items","shipping_address","payment_method","note"]`,
		provFn + "/additionalProperties":                            "false",
		provFn + "/properties/note/type":                            `["string","null"]`,
		provFn + "/properties/payment_method/enum":                  `["alipay","wechat_pay","bank_card",null]`,
		provFn + "/properties/items/items/required":                 `["product_id","quantity"]`,
		provFn + "/properties/shipping_address/required":            `["receiver","phone","province","city","detail"]`,
		provFn + "/properties/items/items/properties/quantity/type": `["integer","null"]`}},
	{"create_order", ProviderAnthropic, []string{}, map[string]string{
		"/name": `"create_order"`, "/input_schema/required": `["items","shipping_address"]`, "/inputSchema": ""}},
	{"create_order", ProviderGemini, []string{}, map[string]string{
		"/parameters/required": `["items","shipping_address"]`, "/parameters/properties/items/items/properties/quantity/default": "1"}},

	{"org.import", ProviderOpenAI, []string{"e compat-openai-name /name"}, map[string]string{
		provFn + "/properties/root":                       `{"$ref":"#/$defs/person","description":"The person at the top of the chart."}`,
		provFn + "/$defs/person/properties/reports/items": `{"$ref":"#/$defs/person"}`}},
	{"org.import", ProviderOpenAIStrict, []string{
		"e compat-openai-name /name",
		"e compat-openai-strict-not-required /inputSchema/properties/team",
		"i compat-openai-strict-keyword /inputSchema/properties/root/$ref"}, map[string]string{
		provFn + "/required":                                 `["root","team"]`,
		provFn + "/properties/team":                          `{"anyOf":[{"$ref":"#/$defs/team"},{"type":"null"}]}`,
		provFn + "/properties/root/description":              `"The person at the top of the chart."`,
		provFn + "/properties/root/properties/reports/items": `{"$ref":"#/$defs/person"}`,
		provFn + "/$defs/person/additionalProperties":        "false"}},
	{"org.import", ProviderAnthropic, []string{"e compat-anthropic-name /name"}, map[string]string{
		"/name": `"org.import"`, "/input_schema/$defs/team/required": `["title"]`}},
	{"org.import", ProviderGemini, []string{
		"e compat-gemini-recursive /inputSchema/$defs/person/properties/reports/items/$ref",
		"i compat-gemini-keyword /inputSchema/additionalProperties",
		"i compat-gemini-keyword /inputSchema/$defs",
		"i compat-gemini-keyword /inputSchema/properties/root/$ref",
		"i compat-gemini-keyword /inputSchema/$defs/person/additionalProperties",
		"i compat-gemini-keyword /inputSchema/properties/team/$ref",
		"i compat-gemini-keyword /inputSchema/$defs/team/additionalProperties"}, map[string]string{
		"/name": `"org.import"`, "/parameters/$defs": "", "/parameters/required": `["root"]`,
		"/parameters/properties/root": `{"description":"The person at the top of the chart.","type":"object","properties":{"name":{"type":"string","description":"Full name."}},"required":["name"]}`,
		"/parameters/properties/team": `{"type":"object","properties":{"title":{"type":"string","description":"Team name."}},"required":["title"]}`}},

	{"draw", ProviderOpenAIStrict, []string{
		"e compat-openai-strict-not-required /inputSchema/properties/label",
		"i compat-openai-strict-type /inputSchema/properties/shape/oneOf/0/properties/kind",
		"i compat-openai-strict-additional-properties /inputSchema/properties/shape/oneOf/0",
		"i compat-openai-strict-type /inputSchema/properties/shape/oneOf/1/properties/kind",
		"i compat-openai-strict-additional-properties /inputSchema/properties/shape/oneOf/1",
		"i compat-openai-strict-keyword /inputSchema/properties/shape/oneOf"}, map[string]string{
		provFn + "/properties/shape/oneOf":                   "",
		provFn + "/properties/shape/anyOf/0/properties/kind": `{"const":"circle","type":"string"}`,
		provFn + "/properties/shape/anyOf/1/required":        `["kind","side"]`,
		provFn + "/properties/color":                         `{"description":"Fill colour; null for none.","anyOf":[{"type":"string","enum":["red","green"]},{"type":"null"}]}`,
		provFn + "/properties/label/type":                    `["string","integer","null"]`}},
	{"draw", ProviderAnthropic, []string{}, map[string]string{"/input_schema/properties/shape/oneOf/1/required": `["kind","side"]`}},
	{"draw", ProviderGemini, []string{
		"i compat-gemini-keyword /inputSchema/additionalProperties",
		"i compat-gemini-keyword /inputSchema/properties/shape/oneOf",
		"i compat-gemini-keyword /inputSchema/properties/shape/oneOf/0/properties/kind/const",
		"i compat-gemini-type /inputSchema/properties/shape/oneOf/0/properties/kind",
		"i compat-gemini-keyword /inputSchema/properties/shape/oneOf/1/properties/kind/const",
		"i compat-gemini-type /inputSchema/properties/shape/oneOf/1/properties/kind",
		"i compat-gemini-keyword /inputSchema/properties/label/type"}, map[string]string{
		"/parameters/properties/shape/anyOf/0/properties/kind": `{"enum":["circle"],"type":"string"}`,
		"/parameters/properties/color":                         `{"description":"Fill colour; null for none.","nullable":true,"type":"string","enum":["red","green"]}`,
		"/parameters/properties/label":                         `{"description":"A caption, or a number to print.","anyOf":[{"type":"string"},{"type":"integer"}]}`}},

	{"tag", ProviderOpenAIStrict, []string{
		"e compat-openai-strict-additional-properties /inputSchema/properties/labels/patternProperties",
		"i compat-openai-strict-keyword /inputSchema/properties/id/format",
		"i compat-openai-strict-keyword /inputSchema/properties/labels/patternProperties",
		"i compat-openai-strict-additional-properties /inputSchema"}, map[string]string{
		provFn + "/properties/id":     `{"type":"string","description":"Resource URI."}`,
		provFn + "/properties/labels": `{"type":"object","description":"Label values by label name.","additionalProperties":false,"properties":{},"required":[]}`}},
	{"tag", ProviderGemini, []string{
		"e compat-gemini-free-form /inputSchema/properties/labels",
		"i compat-gemini-keyword /inputSchema/properties/id/format",
		"i compat-gemini-keyword /inputSchema/properties/labels/patternProperties",
		"i compat-gemini-keyword /inputSchema/properties/labels/additionalProperties"}, map[string]string{
		"/parameters/properties/labels": "", "/parameters/required": `["id"]`}},

	{"ping", ProviderOpenAI, []string{}, map[string]string{provFn: `{"type":"object"}`}},
	{"ping", ProviderOpenAIStrict, []string{"i compat-openai-strict-additional-properties /inputSchema"}, map[string]string{
		provFn: `{"type":"object","properties":{},"required":[],"additionalProperties":false}`}},
	{"ping", ProviderAnthropic, []string{}, map[string]string{"/input_schema": `{"type":"object"}`}},
	{"ping", ProviderGemini, []string{}, map[string]string{"": `{"name":"ping","description":"Check that the server answers."}`}},

	{"either", ProviderOpenAI, []string{}, nil},
	{"either", ProviderOpenAIStrict, []string{
		"e compat-openai-root /inputSchema/oneOf",
		"i compat-openai-strict-additional-properties /inputSchema/oneOf/0",
		"i compat-openai-strict-type /inputSchema/oneOf/0",
		"i compat-openai-strict-additional-properties /inputSchema/oneOf/1",
		"i compat-openai-strict-type /inputSchema/oneOf/1",
		"i compat-openai-strict-keyword /inputSchema/oneOf",
		"i compat-openai-strict-additional-properties /inputSchema"}, nil},
	{"either", ProviderAnthropic, []string{"e compat-anthropic-root /inputSchema/oneOf"}, nil},
	{"either", ProviderGemini, []string{
		"e compat-gemini-root /inputSchema/oneOf",
		"i compat-gemini-keyword /inputSchema/oneOf",
		"i compat-gemini-type /inputSchema/oneOf/0",
		"i compat-gemini-keyword /inputSchema/oneOf/1/properties/email/format",
		"i compat-gemini-type /inputSchema/oneOf/1"}, map[string]string{
		"/parameters/anyOf/1/properties/email": `{"type":"string","description":"User email."}`}},

	{"extend", ProviderOpenAIStrict, []string{
		"i compat-openai-strict-keyword /inputSchema/allOf",
		"i compat-openai-strict-additional-properties /inputSchema",
		"i compat-openai-strict-additional-properties /inputSchema/$defs/base"}, map[string]string{
		provFn + "/allOf": "", provFn + "/required": `["id","extra"]`, provFn + "/properties/extra/type": `"integer"`}},
	{"extend", ProviderAnthropic, []string{"e compat-anthropic-root /inputSchema/allOf"}, nil},
	{"extend", ProviderGemini, []string{
		"i compat-gemini-keyword /inputSchema/allOf",
		"i compat-gemini-keyword /inputSchema/$defs"}, map[string]string{
		"/parameters": `{"type":"object","properties":{"id":{"type":"string","description":"Record id."},"extra":{"type":"integer","description":"Extra count."}},"required":["id","extra"]}`}},
}
