package lint

import (
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"
)

func TestDescriptionRules(t *testing.T) {
	t.Parallel()
	const p = "/inputSchema/properties/a"
	obj := func(props string) string {
		return schemaTool(`{"type": "object", "properties": ` + props + `, "additionalProperties": false}`)
	}
	runRuleCases(t, []ruleCase{
		{"undescribed string", propTool("a", `{"type": "string"}`), ruleDescMissing, check.Warning, p, "/a"},
		{"blank description", propTool("a", `{"type": "string", "description": " "}`), ruleDescMissing, check.Warning, p, "/a"},
		{"undescribed intermediate object", obj(`{"a": {"type": "object", "properties": {"s": {"type": "string", "description": "记录状态"}}}}`),
			ruleDescMissing, check.Warning, p, "/a"},
		{"undescribed field of an item", obj(`{"a": {"type": "array", "description": "Lines.", "items": {"type": "object",
			"properties": {"q": {"type": "integer"}}}}}`), ruleDescMissing, check.Warning, p + "/items/properties/q", "/a/*/q"},
		{"item object relies on its array", obj(`{"a": {"type": "array", "description": "要创建的商品列表", "items": {"type": "object",
			"properties": {"n": {"type": "string", "description": "商品名称"}}}}}`), ruleDescMissing, 0, "", ""},
		{"$ref'd definition's description counts", schemaTool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/x"}},
			"$defs": {"x": {"type": "string", "description": "Postal code."}}}`), ruleDescMissing, 0, "", ""},
		{"every branch described", propTool("a", `{"anyOf": [{"type": "string", "description": "Hex colour."}, {"type": "null"}]}`), ruleDescMissing, 0, "", ""},
		{"a discriminator const", propTool("a", `{"const": "card"}`), ruleDescMissing, 0, "", ""},
		{"outputSchema is exempt", `{"name": "t", "description": "` + goodDescription + `", "inputSchema": {"type": "object"},
			"outputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}}`, ruleDescMissing, 0, "", ""},
		{"seed 字符串", propTool("a", `{"type": "string", "description": "字符串"}`), ruleDescRestatesType, check.Warning, p + "/description", "/a"},
		{"a string", propTool("a", `{"type": "string", "description": "A string."}`), ruleDescRestatesType, check.Warning, p + "/description", "/a"},
		{"the id", propTool("a", `{"type": "string", "description": "The ID"}`), ruleDescRestatesType, check.Warning, p + "/description", "/a"},
		{"布尔值", propTool("a", `{"type": "boolean", "description": "布尔值"}`), ruleDescRestatesType, check.Warning, p + "/description", "/a"},
		{"number", propTool("a", `{"type": "number", "description": "number"}`), ruleDescRestatesType, check.Warning, p + "/description", "/a"},
		{"the name again", propTool("user_name", `{"type": "string", "description": "User name."}`), ruleDescRestatesType, check.Warning,
			"/inputSchema/properties/user_name/description", "/user_name"},
		{"seed's good description", propTool("a", `{"type": "string", "description": "城市名称，例如：北京、上海"}`), ruleDescRestatesType, 0, "", ""},
	})
}

func TestEnumInProse(t *testing.T) {
	t.Parallel()
	const p = "/inputSchema/properties/a/description"
	str := stringTool
	runRuleCases(t, []ruleCase{
		{"seed 可选值", str("分类筛选，可选值：tech、design、marketing"), ruleEnumInProse, check.Warning, p, "/a"},
		{"seed 可选值为 x 或 y", str("温度单位，可选值为 'celsius' (摄氏度) 或 'fahrenheit' (华氏度)"), ruleEnumInProse, check.Warning, p, "/a"},
		{"one of", str("Sort order, one of asc, desc"), ruleEnumInProse, check.Warning, p, "/a"},
		{"either or", str("Either 'json' or 'text'."), ruleEnumInProse, check.Warning, p, "/a"},
		{"values: a|b", str("Order; values: asc|desc"), ruleEnumInProse, check.Warning, p, "/a"},
		{"quoted after a colon", str(`Unit: \"metric\" or \"imperial\".`), ruleEnumInProse, check.Warning, p, "/a"},
		{"integer values", propTool("a", `{"type": "integer", "description": "Priority, one of 1, 2, 3"}`), ruleEnumInProse, check.Warning, p, "/a"},
		{"enum already there", propTool("a", `{"type": "string", "enum": ["tech", "design"], "description": "可选值：tech、design"}`), ruleEnumInProse, 0, "", ""},
		{"oneOf of consts", propTool("a", `{"oneOf": [{"const": "x"}, {"const": "y"}], "description": "One of x, y"}`), ruleEnumInProse, 0, "", ""},
		{"alternatives that are not values", str("Either a file path or a URL."), ruleEnumInProse, 0, "", ""},
		{"examples are not the allowed set", str(`A duration such as \"90s\" or \"2h\".`), ruleEnumInProse, 0, "", ""},
		{"one of the files", str("Path to one of the allowed directories."), ruleEnumInProse, 0, "", ""},
		{"a boolean", propTool("a", `{"type": "boolean", "description": "Either true or false."}`), ruleEnumInProse, 0, "", ""},
	})
}

func TestNumberNotInteger(t *testing.T) {
	t.Parallel()
	num := func(name, desc string) string {
		return propTool(name, `{"type": "number", "description": "`+desc+`", "default": 1}`)
	}
	at := func(name string) string { return "/inputSchema/properties/" + name + "/type" }
	runRuleCases(t, []ruleCase{
		{"count", num("count", "How much to return."), ruleNumberNotInteger, check.Warning, at("count"), "/count"},
		{"page_size", num("page_size", "Results per page."), ruleNumberNotInteger, check.Warning, at("page_size"), "/page_size"},
		{"maxResults", num("maxResults", "Cap on the results."), ruleNumberNotInteger, check.Warning, at("maxResults"), "/maxResults"},
		{"user_id", num("user_id", "Who to fetch."), ruleNumberNotInteger, check.Warning, at("user_id"), "/user_id"},
		{"pageIndex", num("pageIndex", "Which page."), ruleNumberNotInteger, check.Warning, at("pageIndex"), "/pageIndex"},
		{"offset", num("offset", "Where to start."), ruleNumberNotInteger, check.Warning, at("offset"), "/offset"},
		{"said in the description", num("steps", "Number of steps in the operation"), ruleNumberNotInteger, check.Warning, at("steps"), "/steps"},
		{"数量", num("amount_in_stock", "库存数量"), ruleNumberNotInteger, 0, "", ""},
		{"库存数量 on a plain name", num("stock", "库存数量"), ruleNumberNotInteger, check.Warning, at("stock"), "/stock"},
		{"type list", propTool("limit", `{"type": ["number", "null"], "description": "Cap.", "default": null}`), ruleNumberNotInteger, check.Warning, at("limit"), "/limit"},
		{"item of an ids array", propTool("user_ids", `{"type": "array", "description": "Who.", "items": {"type": "number"}}`),
			ruleNumberNotInteger, check.Warning, "/inputSchema/properties/user_ids/items/type", "/user_ids/*"},
		{"price", num("price", "最低价格，单位：元"), ruleNumberNotInteger, 0, "", ""},
		{"ratio", num("size_ratio", "Scale factor."), ruleNumberNotInteger, 0, "", ""},
		{"latitude", num("latitude", "Degrees north."), ruleNumberNotInteger, 0, "", ""},
		{"already integer", propTool("page", `{"type": "integer", "description": "页码，默认 1"}`), ruleNumberNotInteger, 0, "", ""},
	})
}

func TestDatetimeFormat(t *testing.T) {
	t.Parallel()
	str := func(name, desc string) string {
		return propTool(name, `{"type": "string", "description": "`+desc+`"}`)
	}
	at := func(name string) string { return "/inputSchema/properties/" + name }
	runRuleCases(t, []ruleCase{
		{"seed 日期", str("start_date", "日期"), ruleDatetimeFormat, check.Warning, at("start_date"), "/start_date"},
		{"created_at", str("created_at", "When the record was made."), ruleDatetimeFormat, check.Warning, at("created_at"), "/created_at"},
		{"since", str("since", "Only changes after this."), ruleDatetimeFormat, check.Warning, at("since"), "/since"},
		{"said in the description", str("when", "Timestamp of the event."), ruleDatetimeFormat, check.Warning, at("when"), "/when"},
		{"时间 in the description", str("t", "会议开始时间"), ruleDatetimeFormat, check.Warning, at("t"), "/t"},
		{"format keyword", propTool("day", `{"type": "string", "format": "date", "description": "Day to book."}`), ruleDatetimeFormat, 0, "", ""},
		{"YYYY-MM-DD", str("start_date", "查询的开始日期，格式为 YYYY-MM-DD，例如 2026-01-15"), ruleDatetimeFormat, 0, "", ""},
		{"ISO 8601", str("due_date", "Due date in ISO 8601."), ruleDatetimeFormat, 0, "", ""},
		{"RFC 3339", str("updated_at", "Last change, RFC 3339."), ruleDatetimeFormat, 0, "", ""},
		{"an example date", str("date", "Day to book, e.g. 2026-01-15."), ruleDatetimeFormat, 0, "", ""},
		{"a time zone", str("time_zone", "IANA zone of the user."), ruleDatetimeFormat, 0, "", ""},
		{"a timeout", str("timeout", "How long to wait."), ruleDatetimeFormat, 0, "", ""},
		{"update is not date", str("update", "What to change."), ruleDatetimeFormat, 0, "", ""},
		{"a duration", str("wait", "等待时间，单位秒"), ruleDatetimeFormat, 0, "", ""},
	})
}

func TestDefaultRules(t *testing.T) {
	t.Parallel()
	const p = "/inputSchema/properties/a"
	str := stringTool
	runRuleCases(t, []ruleCase{
		{"optional without default", str("Text to append."), ruleDefaultUnstated, check.Info, p, "/a"},
		{"default keyword", propTool("a", `{"type": "integer", "description": "Rows per page.", "default": 20}`), ruleDefaultUnstated, 0, "", ""},
		{"默认", str("页码，默认 1"), ruleDefaultUnstated, 0, "", ""},
		{"defaults to", str("Sort key; defaults to name."), ruleDefaultUnstated, 0, "", ""},
		{"不传则", str("可选的筛选条件，不传则返回全部结果"), ruleDefaultUnstated, 0, "", ""},
		{"if omitted", str("Branch to read; if omitted, the default branch."), ruleDefaultUnstated, 0, "", ""},
		{"required", schemaTool(`{"type": "object", "properties": {"a": {"type": "string", "description": "Text."}}, "required": ["a"]}`),
			ruleDefaultUnstated, 0, "", ""},
		{"default breaks minimum", propTool("a", `{"type": "integer", "minimum": 1, "default": 0}`), ruleDefaultInvalid, check.Error, p + "/default", "/a"},
		{"default outside enum", propTool("a", `{"type": "string", "enum": ["c", "f"], "default": "k"}`), ruleDefaultInvalid, check.Error, p + "/default", "/a"},
		{"default of the wrong type", propTool("a", `{"type": "boolean", "default": "false"}`), ruleDefaultInvalid, check.Error, p + "/default", "/a"},
		{"default against a $ref'd definition", schemaTool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/u", "default": "k"}},
			"$defs": {"u": {"enum": ["c", "f"]}}}`), ruleDefaultInvalid, check.Error, p + "/default", "/a"},
		{"default in a definition that refs another", schemaTool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/w"}},
			"$defs": {"w": {"type": "object", "properties": {"u": {"$ref": "#/$defs/u"}}, "default": {"u": "k"}}, "u": {"enum": ["c", "f"]}}}`),
			ruleDefaultInvalid, check.Error, "/inputSchema/$defs/w/default", "/a"},
		{"draft-07 definitions", schemaTool(`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
			"properties": {"a": {"$ref": "#/definitions/u", "default": "k"}}, "definitions": {"u": {"enum": ["c", "f"]}}}`),
			ruleDefaultInvalid, check.Error, p + "/default", "/a"},
		{"through an anchor", schemaTool(`{"type": "object", "properties": {"a": {"$ref": "#unit", "default": "k"}},
			"$defs": {"u": {"$anchor": "unit", "enum": ["c", "f"]}}}`), ruleDefaultInvalid, check.Error, p + "/default", "/a"},
		{"valid default", propTool("a", `{"type": "integer", "minimum": 1, "default": 1}`), ruleDefaultInvalid, 0, "", ""},
		{"nullable default", propTool("a", `{"anyOf": [{"type": "string"}, {"type": "null"}], "default": null}`), ruleDefaultInvalid, 0, "", ""},
		{"draft-04 exclusive bounds", schemaTool(`{"$schema": "http://json-schema.org/draft-04/schema#", "type": "object",
			"properties": {"a": {"type": "number", "minimum": 0, "exclusiveMinimum": true, "default": 0.5}}}`), ruleDefaultInvalid, 0, "", ""},
		{"bad example", propTool("a", `{"type": "string", "pattern": "^[0-9]{11}$", "examples": ["13800138000", "138"]}`),
			ruleExampleInvalid, check.Error, p + "/examples/1", "/a"},
		{"good examples", propTool("a", `{"type": "string", "pattern": "^[0-9]{11}$", "examples": ["13800138000"]}`), ruleExampleInvalid, 0, "", ""},
	})
}

func TestNestingTooDeep(t *testing.T) {
	t.Parallel()
	nest := func(depth int) string {
		s := `{"type": "string", "description": "Leaf."}`
		for i := depth; i >= 1; i-- {
			name := string(rune('a' + i - 1))
			s = `{"type": "object", "description": "Level.", "properties": {"` + name + `": ` + s + `}}`
		}
		return schemaTool(s)
	}
	const seedFilter = `{"type": "object", "properties": {"filter": {"type": "object", "description": "筛选条件", "properties": {
		"date_range": {"type": "object", "description": "发布日期范围", "properties": {"start": {"type": "string", "description": "开始日期，格式 YYYY-MM-DD"}}}}}}}`
	runRuleCases(t, []ruleCase{
		// root → a → b → c → d: c opens the fourth level of properties.
		{"four levels", nest(4), ruleNestingTooDeep, check.Warning, "/inputSchema/properties/a/properties/b/properties/c", "/a/b/c"},
		{"reported once per branch", nest(6), ruleNestingTooDeep, check.Warning, "/inputSchema/properties/a/properties/b/properties/c", "/a/b/c"},
		{"seed's three levels", schemaTool(seedFilter), ruleNestingTooDeep, 0, "", ""},
		{"three levels", nest(3), ruleNestingTooDeep, 0, "", ""},
		{"arrays do not count", propTool("a", `{"type": "array", "description": "Rows.", "items": {"type": "array", "items": {"type": "object",
			"properties": {"b": {"type": "object", "description": "B.", "properties": {"c": {"type": "string", "description": "C."}}}}}}}`),
			ruleNestingTooDeep, 0, "", ""},
	})
	var n int
	for _, f := range lintJSON(t, nest(6)) {
		if f.Rule == ruleNestingTooDeep.String() {
			n++
		}
	}
	if n != 1 {
		t.Errorf("six levels: want one nesting finding, got %d", n)
	}
}

func TestProseRules(t *testing.T) {
	t.Parallel()
	const p = "/inputSchema/properties/a/description"
	prop := func(schema string) string { return propTool("a", schema) }
	runRuleCases(t, []ruleCase{
		{"最小为 1", prop(`{"type": "integer", "description": "购买数量，最小为 1", "default": 1}`), ruleProseMinimum, check.Info, p, "/a"},
		{"at least 1", prop(`{"type": "integer", "description": "Copies to print, at least 1."}`), ruleProseMinimum, check.Info, p, "/a"},
		{"must be positive", prop(`{"type": "number", "description": "Radius; must be positive."}`), ruleProseMinimum, check.Info, p, "/a"},
		{"a range", prop(`{"type": "integer", "description": "Rank (1-5)."}`), ruleProseMinimum, check.Info, p, "/a"},
		{"minimum present", prop(`{"type": "integer", "minimum": 1, "description": "购买数量，最小为 1"}`), ruleProseMinimum, 0, "", ""},
		{"exclusiveMinimum present", prop(`{"type": "number", "exclusiveMinimum": 0, "description": "Must be positive."}`), ruleProseMinimum, 0, "", ""},
		{"an upper bound only", prop(`{"type": "integer", "description": "不大于 100"}`), ruleProseMinimum, 0, "", ""},
		{"a string says at least", prop(`{"type": "string", "description": "At least 3 letters."}`), ruleProseMinimum, 0, "", ""},
		{"最大 100", prop(`{"type": "integer", "description": "返回条数上限，最小 1，最大 100"}`), ruleProseMaximum, check.Info, p, "/a"},
		{"up to 50", prop(`{"type": "integer", "description": "Results, up to 50."}`), ruleProseMaximum, check.Info, p, "/a"},
		{"range end", prop(`{"type": "integer", "description": "Rank (1-5)."}`), ruleProseMaximum, check.Info, p, "/a"},
		{"maximum present", prop(`{"type": "integer", "maximum": 100, "description": "最大 100"}`), ruleProseMaximum, 0, "", ""},
		{"a lower bound only", prop(`{"type": "integer", "description": "不小于 0"}`), ruleProseMaximum, 0, "", ""},
		{"an enum", prop(`{"type": "integer", "enum": [1, 2, 3], "description": "Rank, 1 to 3."}`), ruleProseMaximum, 0, "", ""},
		{"最多 200 字", prop(`{"type": "string", "description": "订单备注，最多 200 字"}`), ruleProseMaxLength, check.Info, p, "/a"},
		{"at most 200 characters", prop(`{"type": "string", "description": "Note, at most 200 characters."}`), ruleProseMaxLength, check.Info, p, "/a"},
		{"maxLength present", prop(`{"type": "string", "maxLength": 200, "description": "Note, up to 200 chars."}`), ruleProseMaxLength, 0, "", ""},
		{"a number says up to", prop(`{"type": "integer", "description": "Up to 200 characters are returned."}`), ruleProseMaxLength, 0, "", ""},
		{"11 位数字", prop(`{"type": "string", "description": "收件人手机号，11 位数字"}`), ruleProsePattern, check.Info, p, "/a"},
		{"格式为 ORD-XXXXXXXX", prop(`{"type": "string", "description": "订单编号，格式为 ORD-XXXXXXXX"}`), ruleProsePattern, check.Info, p, "/a"},
		{"digits only", prop(`{"type": "string", "description": "Postcode, digits only."}`), ruleProsePattern, check.Info, p, "/a"},
		{"pattern present", prop(`{"type": "string", "pattern": "^[0-9]{11}$", "description": "11-digit mobile number"}`), ruleProsePattern, 0, "", ""},
		{"format present", prop(`{"type": "string", "format": "date", "description": "开始日期，格式 YYYY-MM-DD"}`), ruleProsePattern, 0, "", ""},
		{"至少包含一个", prop(`{"type": "array", "items": {"type": "string"}, "description": "商品列表，至少包含一个商品"}`), ruleProseMinItems, check.Info, p, "/a"},
		{"non-empty", prop(`{"type": "array", "items": {"type": "string"}, "description": "A non-empty list of tags."}`), ruleProseMinItems, check.Info, p, "/a"},
		{"minItems present", prop(`{"type": "array", "minItems": 1, "description": "At least one item."}`), ruleProseMinItems, 0, "", ""},
		{"a string says at least one", prop(`{"type": "string", "description": "At least one word."}`), ruleProseMinItems, 0, "", ""},
	})
}

// TestProseFixes checks that a fix spells out the keyword and value.
func TestProseFixes(t *testing.T) {
	t.Parallel()
	tests := []struct{ schema, fix string }{
		{`{"type": "integer", "description": "购买数量，最小为 1"}`, `add "minimum": 1`},
		{`{"type": "integer", "description": "Rank (1-5)."}`, `add "maximum": 5`},
		{`{"type": "string", "description": "订单备注，最多 200 字"}`, `add "maxLength": 200`},
		{`{"type": "string", "description": "收件人手机号，11 位数字"}`, `add "pattern": "^[0-9]{11}$"`},
		{`{"type": "string", "description": "订单编号，格式为 ORD-XXXXXXXX"}`, `"^ORD-[0-9A-Z]{8}$"`},
		{`{"type": "array", "description": "至少包含一个商品"}`, `add "minItems": 1`},
	}
	for _, tt := range tests {
		t.Run(tt.fix, func(t *testing.T) {
			t.Parallel()
			for _, f := range lintJSON(t, propTool("a", tt.schema)) {
				if strings.Contains(f.Fix, tt.fix) {
					return
				}
			}
			t.Fatalf("no fix contains %q", tt.fix)
		})
	}
}
