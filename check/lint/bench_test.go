package lint

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/tool"
)

// benchSchemas are the shapes the generated tools rotate through: flat and
// nested, arrays of objects, $defs, unions, Chinese and English prose, and
// the mistakes lint looks for. %[1]d makes each tool's schema distinct, so
// a cold run compiles every default's validator.
var benchSchemas = []string{
	`{"type":"object","properties":{"keyword":{"type":"string","description":"搜索关键词"},
	  "category":{"type":"string","description":"分类筛选，可选值：tech、design、marketing"},
	  "page":{"type":"integer","description":"页码，默认 1","default":%[1]d}},"required":["keyword"]}`,
	`{"type":"object","properties":{"keyword":{"type":"string","description":"Word to look for."},
	  "filter":{"type":"object","description":"Optional restrictions; all records when omitted.","properties":{
	    "status":{"type":"string","enum":["draft","published","archived"],"description":"Publication state."},
	    "date_range":{"type":"object","description":"Dates, inclusive.","properties":{
	      "start":{"type":"string","format":"date","description":"First day, YYYY-MM-DD."},
	      "end":{"type":"string","description":"Last day %[1]d."}},"required":["start","end"]}}}},"required":["keyword"]}`,
	`{"type":"object","$defs":{"line":{"type":"object","description":"One order line.","properties":{
	    "product_id":{"type":"string","description":"商品 ID，格式为 PRD-XXXXXX"},
	    "quantity":{"type":"integer","description":"购买数量，最小为 1","default":%[1]d}},"required":["product_id"]}},
	  "properties":{"items":{"type":"array","description":"订单中的商品列表，至少包含一个商品","items":{"$ref":"#/$defs/line"}},
	    "note":{"type":"string","description":"订单备注，最多 200 字"}},"required":["items"],"additionalProperties":false}`,
	`{"type":"object","properties":{"count":{"type":"number","description":"Number of results (1-%[1]d)"},
	  "created_at":{"type":"string","description":"When it happened."},"path":{"type":"string"},
	  "mode":{"type":"strin","description":"Either 'fast' or 'safe'."}},"required":["path","missing_%[1]d"]}`,
	`{"type":"object","properties":{"color":{"description":"Fill colour as #RRGGBB, or null.","anyOf":[
	    {"type":"string","pattern":"^#[0-9a-fA-F]{6}$","examples":["#00ff00"],"$comment":"v%[1]d"},{"type":"null"}],"default":null},
	  "unit":{"type":"string","enum":["celsius","fahrenheit","celsius"],"default":"kelvin"}},"additionalProperties":false}`,
	`{"type":"object","properties":{},"additionalProperties":false,"$comment":"tool %[1]d takes nothing"}`,
}

// benchOutput is the outputSchema every third tool declares.
const benchOutput = `{"type":"object","properties":{"id":{"type":"string","description":"New id."},
  "total":{"type":"integer"},"items":{"type":"array","items":{"type":"object","properties":{"n":{"type":"int"}}}}},"required":["id"]}`

// benchTools makes n varied tools; offset makes their schemas distinct
// from another call's.
func benchTools(n, offset int) []tool.Tool {
	tools := make([]tool.Tool, n)
	for i := range tools {
		k := i + offset
		schema := benchSchemas[i%len(benchSchemas)]
		t := tool.Tool{
			Name:        fmt.Sprintf("tool_%05d_%s", k, []string{"search", "update", "delete", "list"}[i%4]),
			Description: fmt.Sprintf("Does thing number %d to the records it is given and returns what changed.", k),
			InputSchema: json.RawMessage(fmt.Sprintf(schema, k)),
		}
		if i%7 == 0 {
			t.Description = "天气工具"
		}
		if i%3 == 0 {
			t.OutputSchema = json.RawMessage(benchOutput)
		}
		tools[i] = t
	}
	return tools
}

// BenchmarkLint1000 lints 1,000 varied tools, as a large server lists
// them, with the validators of their defaults already compiled.
func BenchmarkLint1000(b *testing.B) {
	tools := benchTools(1000, 0)
	Check(tools)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		Check(tools)
	}
}

// coldOffset keeps BenchmarkLint1000Cold's tools new across runs (-count):
// compiled validators are cached for the life of the process.
var coldOffset = 1_000_000

// BenchmarkLint1000Cold lints 1,000 tools never seen before, so every
// default and example compiles its validator first.
func BenchmarkLint1000Cold(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		tools := benchTools(1000, coldOffset)
		coldOffset += 1000
		b.StartTimer()
		Check(tools)
	}
}

// TestBenchTools keeps the generator honest: every shape lints, and the
// deliberate mistakes are found.
func TestBenchTools(t *testing.T) {
	t.Parallel()
	fs := Check(benchTools(len(benchSchemas)*3, 0))
	seen := map[string]bool{}
	for _, f := range fs {
		seen[f.Rule] = true
	}
	for _, r := range []check.RuleID{ruleEnumInProse, ruleTypeUnknown, ruleRequiredMissing, ruleDefaultInvalid, ruleEnumDuplicate,
		ruleNumberNotInteger, ruleDatetimeFormat, ruleDescMissing, ruleToolDescVague, ruleProseMinItems} {
		if !seen[r.String()] {
			t.Errorf("the benchmark tools never trigger %s:\n%s", r, summary(fs))
		}
	}
}
