package provider

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
	shapes := loadTools(t, "shapes.tools.json")
	order := loadTools(t, "create_order.json")["create_order"]
	for _, tt := range shapeCases {
		t.Run(tt.tool+"/"+string(tt.p), func(t *testing.T) {
			t.Parallel()
			tool, ok := shapes[tt.tool]
			if tt.tool == "create_order" {
				tool, ok = order, true
			}
			if !ok {
				t.Fatalf("no tool %q", tt.tool)
			}
			out, fs := mustConvert(t, tool, tt.p)
			if got := summary(fs); !reflect.DeepEqual(got, tt.findings) {
				t.Errorf("findings:\n%q\nwant:\n%q", got, tt.findings)
			}
			for ptr, want := range tt.parts {
				if got := jsonAt(t, out, ptr); got != want {
					t.Errorf("%q = %s\nwant  %s", ptr, got, want)
				}
			}
		})
	}
}

// shapeCase is one tool converted for one provider.
type shapeCase struct {
	tool     string
	p        Name
	findings []string
	parts    map[string]string // pointer into the converted tool: its compact JSON, "" when absent
}

const strictParams = "/function/parameters"

var shapeCases = []shapeCase{
	{"create_order", OpenAI, []string{}, map[string]string{
		"/type": `"function"`, "/function/name": `"create_order"`, "/function/strict": "",
		strictParams + "/required": `["items","shipping_address"]`}},
	{"create_order", OpenAIStrict, []string{
		"b compat-openai-strict-not-required /inputSchema/properties/items/items/properties/quantity",
		"b compat-openai-strict-not-required /inputSchema/properties/payment_method",
		"b compat-openai-strict-not-required /inputSchema/properties/note",
		"i compat-openai-strict-additional-properties /inputSchema/properties/items/items",
		"i compat-openai-strict-additional-properties /inputSchema/properties/shipping_address",
		"i compat-openai-strict-additional-properties /inputSchema"}, map[string]string{
		"/function/strict":                                                "true",
		strictParams + "/required":                                        `["items","shipping_address","payment_method","note"]`,
		strictParams + "/additionalProperties":                            "false",
		strictParams + "/properties/note/type":                            `["string","null"]`,
		strictParams + "/properties/payment_method/enum":                  `["alipay","wechat_pay","bank_card",null]`,
		strictParams + "/properties/items/items/required":                 `["product_id","quantity"]`,
		strictParams + "/properties/shipping_address/required":            `["receiver","phone","province","city","detail"]`,
		strictParams + "/properties/items/items/properties/quantity/type": `["integer","null"]`}},
	{"create_order", Anthropic, []string{}, map[string]string{
		"/name": `"create_order"`, "/input_schema/required": `["items","shipping_address"]`, "/inputSchema": ""}},
	{"create_order", Gemini, []string{}, map[string]string{
		"/parameters/required": `["items","shipping_address"]`, "/parameters/properties/items/items/properties/quantity/default": "1"}},

	{"org.import", OpenAI, []string{"b compat-openai-name /name"}, map[string]string{
		strictParams + "/properties/root":                       `{"$ref":"#/$defs/person","description":"The person at the top of the chart."}`,
		strictParams + "/$defs/person/properties/reports/items": `{"$ref":"#/$defs/person"}`}},
	{"org.import", OpenAIStrict, []string{
		"b compat-openai-name /name",
		"b compat-openai-strict-not-required /inputSchema/properties/team",
		"i compat-openai-strict-keyword /inputSchema/properties/root/$ref"}, map[string]string{
		strictParams + "/required":                                 `["root","team"]`,
		strictParams + "/properties/team":                          `{"anyOf":[{"$ref":"#/$defs/team"},{"type":"null"}]}`,
		strictParams + "/properties/root/description":              `"The person at the top of the chart."`,
		strictParams + "/properties/root/properties/reports/items": `{"$ref":"#/$defs/person"}`,
		strictParams + "/$defs/person/additionalProperties":        "false"}},
	{"org.import", Anthropic, []string{"b compat-anthropic-name /name"}, map[string]string{
		"/name": `"org.import"`, "/input_schema/$defs/team/required": `["title"]`}},
	{"org.import", Gemini, []string{
		"b compat-gemini-recursive /inputSchema/$defs/person/properties/reports/items/$ref",
		"i compat-gemini-keyword /inputSchema/additionalProperties",
		"i compat-gemini-keyword /inputSchema/$defs",
		"i compat-gemini-keyword /inputSchema/properties/root/$ref",
		"i compat-gemini-keyword /inputSchema/$defs/person/additionalProperties",
		"i compat-gemini-keyword /inputSchema/properties/team/$ref",
		"i compat-gemini-keyword /inputSchema/$defs/team/additionalProperties"}, map[string]string{
		"/name": `"org.import"`, "/parameters/$defs": "", "/parameters/required": `["root"]`,
		"/parameters/properties/root": `{"description":"The person at the top of the chart.","type":"object","properties":{"name":{"type":"string","description":"Full name."}},"required":["name"]}`,
		"/parameters/properties/team": `{"type":"object","properties":{"title":{"type":"string","description":"Team name."}},"required":["title"]}`}},

	{"draw", OpenAIStrict, []string{
		"b compat-openai-strict-not-required /inputSchema/properties/label",
		"i compat-openai-strict-type /inputSchema/properties/shape/oneOf/0/properties/kind",
		"i compat-openai-strict-additional-properties /inputSchema/properties/shape/oneOf/0",
		"i compat-openai-strict-type /inputSchema/properties/shape/oneOf/1/properties/kind",
		"i compat-openai-strict-additional-properties /inputSchema/properties/shape/oneOf/1",
		"i compat-openai-strict-keyword /inputSchema/properties/shape/oneOf"}, map[string]string{
		strictParams + "/properties/shape/oneOf":                   "",
		strictParams + "/properties/shape/anyOf/0/properties/kind": `{"const":"circle","type":"string"}`,
		strictParams + "/properties/shape/anyOf/1/required":        `["kind","side"]`,
		strictParams + "/properties/color":                         `{"description":"Fill colour; null for none.","anyOf":[{"type":"string","enum":["red","green"]},{"type":"null"}]}`,
		strictParams + "/properties/label/type":                    `["string","integer","null"]`}},
	{"draw", Anthropic, []string{}, map[string]string{"/input_schema/properties/shape/oneOf/1/required": `["kind","side"]`}},
	{"draw", Gemini, []string{
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

	{"tag", OpenAIStrict, []string{
		"b compat-openai-strict-additional-properties /inputSchema/properties/labels/patternProperties",
		"i compat-openai-strict-keyword /inputSchema/properties/id/format",
		"i compat-openai-strict-keyword /inputSchema/properties/labels/patternProperties",
		"i compat-openai-strict-additional-properties /inputSchema"}, map[string]string{
		strictParams + "/properties/id":     `{"type":"string","description":"Resource URI."}`,
		strictParams + "/properties/labels": `{"type":"object","description":"Label values by label name.","additionalProperties":false,"properties":{},"required":[]}`}},
	{"tag", Gemini, []string{
		"b compat-gemini-free-form /inputSchema/properties/labels",
		"i compat-gemini-keyword /inputSchema/properties/id/format",
		"i compat-gemini-keyword /inputSchema/properties/labels/patternProperties",
		"i compat-gemini-keyword /inputSchema/properties/labels/additionalProperties"}, map[string]string{
		"/parameters/properties/labels": "", "/parameters/required": `["id"]`}},

	{"ping", OpenAI, []string{}, map[string]string{strictParams: `{"type":"object"}`}},
	{"ping", OpenAIStrict, []string{"i compat-openai-strict-additional-properties /inputSchema"}, map[string]string{
		strictParams: `{"type":"object","properties":{},"required":[],"additionalProperties":false}`}},
	{"ping", Anthropic, []string{}, map[string]string{"/input_schema": `{"type":"object"}`}},
	{"ping", Gemini, []string{}, map[string]string{"": `{"name":"ping","description":"Check that the server answers."}`}},

	{"either", OpenAI, []string{}, nil},
	{"either", OpenAIStrict, []string{
		"b compat-openai-root /inputSchema/oneOf",
		"i compat-openai-strict-additional-properties /inputSchema/oneOf/0",
		"i compat-openai-strict-type /inputSchema/oneOf/0",
		"i compat-openai-strict-additional-properties /inputSchema/oneOf/1",
		"i compat-openai-strict-type /inputSchema/oneOf/1",
		"i compat-openai-strict-keyword /inputSchema/oneOf",
		"i compat-openai-strict-additional-properties /inputSchema"}, nil},
	{"either", Anthropic, []string{"b compat-anthropic-root /inputSchema/oneOf"}, nil},
	{"either", Gemini, []string{
		"b compat-gemini-root /inputSchema/oneOf",
		"i compat-gemini-keyword /inputSchema/oneOf",
		"i compat-gemini-type /inputSchema/oneOf/0",
		"i compat-gemini-keyword /inputSchema/oneOf/1/properties/email/format",
		"i compat-gemini-type /inputSchema/oneOf/1"}, map[string]string{
		"/parameters/anyOf/1/properties/email": `{"type":"string","description":"User email."}`}},

	{"extend", OpenAIStrict, []string{
		"i compat-openai-strict-keyword /inputSchema/allOf",
		"i compat-openai-strict-additional-properties /inputSchema",
		"i compat-openai-strict-additional-properties /inputSchema/$defs/base"}, map[string]string{
		strictParams + "/allOf": "", strictParams + "/required": `["id","extra"]`, strictParams + "/properties/extra/type": `"integer"`}},
	{"extend", Anthropic, []string{"b compat-anthropic-root /inputSchema/allOf"}, nil},
	{"extend", Gemini, []string{
		"i compat-gemini-keyword /inputSchema/allOf",
		"i compat-gemini-keyword /inputSchema/$defs"}, map[string]string{
		"/parameters": `{"type":"object","properties":{"id":{"type":"string","description":"Record id."},"extra":{"type":"integer","description":"Extra count."}},"required":["id","extra"]}`}},
}
