package lint

import (
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"

	"github.com/toolbench/toolbench/tool"
)

func TestToolRules(t *testing.T) {
	t.Parallel()
	const schema = `{"type": "object", "properties": {}, "additionalProperties": false}`
	tl := func(name, desc string) string {
		return `{"name": "` + name + `", "description": "` + desc + `", "inputSchema": ` + schema + `}`
	}
	long := strings.Repeat("a", 129)
	runRuleCases(t, []ruleCase{
		{"description missing", `{"name": "t", "inputSchema": ` + schema + `}`, ruleToolDescMissing, check.Error, "/description", ""},
		{"description blank", tl("t", "  "), ruleToolDescMissing, check.Error, "/description", ""},
		{"description present", tl("t", goodDescription), ruleToolDescMissing, 0, "", ""},
		{"seed 天气工具", tl("get_weather", "天气工具"), ruleToolDescVague, check.Warning, "/description", ""},
		{"repeats the name", tl("get_weather", "Get weather."), ruleToolDescVague, check.Warning, "/description", ""},
		{"name plus tool", tl("search", "Search tool"), ruleToolDescVague, check.Warning, "/description", ""},
		{"too few words", tl("t", "Does lookups."), ruleToolDescVague, check.Warning, "/description", ""},
		{"short Chinese", tl("delete_users", "批量删除用户。"), ruleToolDescVague, check.Warning, "/description", ""},
		{"seed's clear Chinese", tl("get_weather", "获取指定城市的实时天气数据，包括温度、湿度、风速。当用户询问某个地方的天气时使用。"), ruleToolDescVague, 0, "", ""},
		{"short but complete Chinese", tl("get_weather", "获取指定城市的当前天气信息"), ruleToolDescVague, 0, "", ""},
		{"clear English", tl("t", goodDescription), ruleToolDescVague, 0, "", ""},
		{"name with a space", tl("get weather", goodDescription), ruleToolNameInvalid, check.Error, "/name", ""},
		{"empty name", tl("", goodDescription), ruleToolNameInvalid, check.Error, "/name", ""},
		{"name too long", tl(long, goodDescription), ruleToolNameInvalid, check.Error, "/name", ""},
		{"Chinese name", tl("查天气", goodDescription), ruleToolNameInvalid, check.Error, "/name", ""},
		{"dots and dashes", tl("weather.get-v2_beta", goodDescription), ruleToolNameInvalid, 0, "", ""},
	})
}

func TestToolNameDuplicate(t *testing.T) {
	t.Parallel()
	const schema = `"inputSchema": {"type": "object", "properties": {}, "additionalProperties": false}`
	tl := func(name string) string {
		return `{"name": "` + name + `", "description": "` + goodDescription + `", ` + schema + `}`
	}
	fs := lintJSON(t, "["+strings.Join([]string{tl("a"), tl("b"), tl("a"), tl("a")}, ",")+"]")
	var dups []check.Finding
	for _, f := range fs {
		if f.Rule == ruleToolNameDuplicate.String() {
			dups = append(dups, f)
		}
	}
	// The first "a" is not a duplicate; the later two are, of tool #1.
	if len(dups) != 2 || !strings.Contains(dups[0].Message, "tool #1") || dups[0].Severity != check.Error || dups[0].Pointer != "/name" {
		t.Fatalf("want two duplicate findings naming tool #1, got %+v", dups)
	}
}

func TestRootRules(t *testing.T) {
	t.Parallel()
	named := func(rest string) string {
		return `{"name": "t", "description": "` + goodDescription + `"` + rest + `}`
	}
	runRuleCases(t, []ruleCase{
		{"no inputSchema", named(""), ruleInputNotObject, check.Error, "/inputSchema", ""},
		{"inputSchema null", named(`, "inputSchema": null`), ruleInputNotObject, check.Error, "/inputSchema", ""},
		{"inputSchema array", named(`, "inputSchema": []`), ruleInputNotObject, check.Error, "/inputSchema", ""},
		{"root type array", schemaTool(`{"type": "array", "items": {"type": "string"}}`), ruleInputNotObject, check.Error, "/inputSchema/type", ""},
		{"root type missing", schemaTool(`{"properties": {}, "additionalProperties": false}`), ruleInputNotObject, check.Error, "/inputSchema", ""},
		{"root object", schemaTool(`{"type": "object", "properties": {}, "additionalProperties": false}`), ruleInputNotObject, 0, "", ""},
		{"no params, open", schemaTool(`{"type": "object"}`), ruleNoParamsOpen, check.Warning, "/inputSchema", ""},
		{"empty properties, open", schemaTool(`{"type": "object", "properties": {}}`), ruleNoParamsOpen, check.Warning, "/inputSchema", ""},
		{"no params, closed", schemaTool(`{"type": "object", "properties": {}, "additionalProperties": false}`), ruleNoParamsOpen, 0, "", ""},
		{"has params", propTool("q", `{"type": "string", "description": "Text to search for."}`), ruleNoParamsOpen, 0, "", ""},
		{"params via $ref", schemaTool(`{"type": "object", "$ref": "#/$defs/a", "$defs": {"a": {"properties": {"q": {"type": "string"}}}}}`), ruleNoParamsOpen, 0, "", ""},
		{"output array", named(`, "inputSchema": {"type": "object"}, "outputSchema": {"type": "array"}`), ruleOutputNotObject, check.Error, "/outputSchema/type", ""},
		{"output string", named(`, "inputSchema": {"type": "object"}, "outputSchema": "x"`), ruleOutputNotObject, check.Error, "/outputSchema", ""},
		{"output object", named(`, "inputSchema": {"type": "object"}, "outputSchema": {"type": "object"}`), ruleOutputNotObject, 0, "", ""},
		{"no output", named(`, "inputSchema": {"type": "object"}`), ruleOutputNotObject, 0, "", ""},
	})
}

func TestInvalidJSONSchema(t *testing.T) {
	t.Parallel()
	fs := Check([]tool.Tool{{Name: "t", Description: goodDescription, InputSchema: []byte(`{"type": "object",`)}})
	if len(fs) != 1 || fs[0].Rule != ruleInputNotObject.String() || !strings.Contains(fs[0].Message, "not valid JSON") {
		t.Fatalf("want one input-schema-not-object about JSON, got %+v", fs)
	}
}

func TestStructureRules(t *testing.T) {
	t.Parallel()
	const p = "/inputSchema/properties/a"
	runRuleCases(t, []ruleCase{
		{"typo in type", propTool("a", `{"type": "strin"}`), ruleTypeUnknown, check.Error, p + "/type", "/a"},
		{"unknown in a type list", propTool("a", `{"type": ["boolean", "bool"]}`), ruleTypeUnknown, check.Error, p + "/type/1", "/a"},
		{"type not a string", propTool("a", `{"type": 5}`), ruleTypeUnknown, check.Error, p + "/type", "/a"},
		{"property not a schema", propTool("a", `"string"`), ruleTypeUnknown, check.Error, p, "/a"},
		{"in an outputSchema", `{"name": "t", "description": "` + goodDescription + `", "inputSchema": {"type": "object"},
			"outputSchema": {"type": "object", "properties": {"x": {"type": "int"}}}}`, ruleTypeUnknown, check.Error, "/outputSchema/properties/x/type", ""},
		{"known types", propTool("a", `{"type": ["string", "null"]}`), ruleTypeUnknown, 0, "", ""},
		{"empty enum", propTool("a", `{"type": "string", "enum": []}`), ruleEnumEmpty, check.Error, p + "/enum", "/a"},
		{"enum with values", propTool("a", `{"type": "string", "enum": ["x"]}`), ruleEnumEmpty, 0, "", ""},
		{"repeated string", propTool("a", `{"enum": ["x", "y", "x"]}`), ruleEnumDuplicate, check.Warning, p + "/enum/2", "/a"},
		{"1 and 1.0", propTool("a", `{"enum": [1, 1.0]}`), ruleEnumDuplicate, check.Warning, p + "/enum/1", "/a"},
		{"objects in another key order", propTool("a", `{"enum": [{"x": 1, "y": 2}, {"y": 2, "x": 1}]}`), ruleEnumDuplicate, check.Warning, p + "/enum/1", "/a"},
		{"1 and \"1\" differ", propTool("a", `{"enum": [1, "1"]}`), ruleEnumDuplicate, 0, "", ""},
		{"dangling $ref", propTool("a", `{"$ref": "#/$defs/missing"}`), ruleRefUnresolvable, check.Error, p + "/$ref", "/a"},
		{"missing anchor", propTool("a", `{"$ref": "#nowhere"}`), ruleRefUnresolvable, check.Error, p + "/$ref", "/a"},
		{"$ref found", schemaTool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/x"}}, "$defs": {"x": {"type": "string"}}}`), ruleRefUnresolvable, 0, "", ""},
		{"anchor found", schemaTool(`{"type": "object", "properties": {"a": {"$ref": "#x"}}, "$defs": {"x": {"$anchor": "x", "type": "string"}}}`), ruleRefUnresolvable, 0, "", ""},
		{"https $ref", propTool("a", `{"$ref": "https://example.com/s.json"}`), ruleRefRemote, check.Warning, p + "/$ref", "/a"},
		{"relative file $ref", propTool("a", `{"$ref": "other.json#/x"}`), ruleRefRemote, check.Warning, p + "/$ref", "/a"},
		{"embedded $id", schemaTool(`{"$id": "https://x.test/root.json", "type": "object", "properties": {"a": {"$ref": "addr.json"}},
			"$defs": {"addr": {"$id": "addr.json", "type": "string"}}}`), ruleRefRemote, 0, "", ""},
		{"draft-03", schemaTool(`{"$schema": "http://json-schema.org/draft-03/schema#", "type": "object"}`), ruleDialectUnknown, check.Warning, "/inputSchema/$schema", ""},
		{"home-made dialect", schemaTool(`{"$schema": "https://example.com/dialect", "type": "object"}`), ruleDialectUnknown, check.Warning, "/inputSchema/$schema", ""},
		{"draft-07", schemaTool(`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object"}`), ruleDialectUnknown, 0, "", ""},
		{"2020-12", schemaTool(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}`), ruleDialectUnknown, 0, "", ""},
		{"2019-09", schemaTool(`{"$schema": "https://json-schema.org/draft/2019-09/schema", "type": "object"}`), ruleDialectUnknown, 0, "", ""},
		{"draft-04", schemaTool(`{"$schema": "http://json-schema.org/draft-04/schema#", "type": "object"}`), ruleDialectUnknown, 0, "", ""},
	})
}

func TestRequiredRule(t *testing.T) {
	t.Parallel()
	runRuleCases(t, []ruleCase{
		{"renamed property", schemaTool(`{"type": "object", "properties": {"customer": {"type": "string"}}, "required": ["customer", "customer_id"]}`),
			ruleRequiredMissing, check.Error, "/inputSchema/required/1", "/customer_id"},
		{"nested object", schemaTool(`{"type": "object", "properties": {"o": {"type": "object", "properties": {}, "required": ["x"]}}}`),
			ruleRequiredMissing, check.Error, "/inputSchema/properties/o/required/0", "/o/x"},
		{"patternProperties covers it", schemaTool(`{"type": "object", "patternProperties": {"^x_": {"type": "string"}}, "required": ["x_1"]}`),
			ruleRequiredMissing, check.Info, "/inputSchema/required/0", "/x_1"},
		{"additionalProperties schema covers it", schemaTool(`{"type": "object", "additionalProperties": {"type": "string"}, "required": ["k"]}`),
			ruleRequiredMissing, check.Info, "/inputSchema/required/0", "/k"},
		{"defined", schemaTool(`{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}`), ruleRequiredMissing, 0, "", ""},
		{"allOf splits properties from required", schemaTool(`{"type": "object", "allOf": [{"properties": {"a": {"type": "string"}}}, {"required": ["a"]}]}`),
			ruleRequiredMissing, 0, "", ""},
		{"branch requires a parent property", schemaTool(`{"type": "object", "properties": {"a": {"type": "string"}}, "anyOf": [{"required": ["a"]}]}`),
			ruleRequiredMissing, 0, "", ""},
		{"through $ref", schemaTool(`{"type": "object", "$ref": "#/$defs/b", "required": ["a"], "$defs": {"b": {"properties": {"a": {"type": "string"}}}}}`),
			ruleRequiredMissing, 0, "", ""},
	})
}
