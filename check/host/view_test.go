package host

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/tool"
)

// viewTool makes a tool with the given name, description and inputSchema
// ("" for none), its Raw written as a server would send it.
func viewTool(name, desc, schema string) tool.Tool {
	t := tool.Tool{Name: name, Description: desc}
	raw := map[string]any{"name": name}
	if desc != "" {
		raw["description"] = desc
	}
	if schema != "" {
		t.InputSchema = json.RawMessage(schema)
		raw["inputSchema"] = t.InputSchema
	}
	t.Raw, _ = json.Marshal(raw)
	return t
}

// The schemas the view tests hand each host.
const (
	schemaPlain    = `{"type":"object","properties":{"q":{"type":"string"}}}`
	schemaKeywords = `{"type":"object","properties":{"when":{"type":"string","format":"date-time","pattern":"^2"},"n":{"type":"integer","minimum":1,"maximum":9}}}`
	schemaBool     = `{"type":"object","properties":{"any":true}}`
	schemaNullable = `{"type":"object","properties":{"note":{"type":["string","null"]}}}`
	schemaRef      = `{"type":"object","$defs":{"Id":{"type":"string"}},"properties":{"id":{"$ref":"#/$defs/Id"}}}`
	schemaNoProps  = `{"type":"object"}`
	schemaEnumInts = `{"type":"object","properties":{"level":{"type":"integer","enum":[1,2]}},"required":["level","gone"]}`
	schemaGeminiKw = `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","additionalProperties":false,"properties":{"tags":{"type":"array","items":{"type":"string"},"uniqueItems":true}}}`
)

// at2 is a change's pointer and rule, what the table checks of it.
type at2 struct{ pointer, rule string }

// TestViewPerHost: each host's payload for a few telling tools, exactly,
// and where each change is and which rule it belongs to. The payloads are
// written from the sources' behaviour, not from the program's output.
func TestViewPerHost(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 2100)
	// A pair of UTF-16 units straddling the cut must not be split.
	straddle := strings.Repeat("b", 2047) + "😀" + strings.Repeat("c", 10)
	cases := []struct {
		name     string
		host     ID
		provider Provider
		tool     tool.Tool
		want     string // "null" when refused
		changes  []at2
		refused  bool
	}{
		{"claude-code long description", ClaudeCode, "", viewTool("report", long, schemaPlain),
			`{"name":"mcp__srv__report","description":"` + strings.Repeat("a", 2048) + `… [truncated]","input_schema":` + schemaPlain + `}`,
			[]at2{{"/name", ""}, {"/description", idDescLen}, {"/inputSchema", ""}}, false},
		{"claude-code cut inside a surrogate pair", ClaudeCode, "", viewTool("report", straddle, schemaPlain),
			`{"name":"mcp__srv__report","description":"` + strings.Repeat("b", 2047) + `… [truncated]","input_schema":` + schemaPlain + `}`,
			[]at2{{"/name", ""}, {"/description", idDescLen}, {"/inputSchema", ""}}, false},
		{"claude-code dotted name", ClaudeCode, "", viewTool("get.user", "Gets.", schemaPlain),
			`{"name":"mcp__srv__get.user","description":"Gets.","input_schema":` + schemaPlain + `}`,
			[]at2{{"/name", idNameCharset}, {"/inputSchema", ""}}, false},
		{"chatgpt dotted name as sent", ChatGPT, "", viewTool("get.user", "Gets.", schemaPlain),
			`{"name":"get.user","description":"Gets.","inputSchema":` + schemaPlain + `}`, nil, false},
		{"vscode missing description and properties", VSCode, "", viewTool("report", "", schemaNoProps),
			`{"name":"mcp_srv_report","description":"<empty>","inputSchema":{"type":"object","properties":{}}}`,
			[]at2{{"/name", ""}, {"/description", idDescMissing}, {"/inputSchema/properties", idMissingProps}}, false},
		{"vscode dotted name with anthropic", VSCode, Anthropic, viewTool("get.user", "Gets.", schemaPlain),
			`{"name":"mcp_srv_get_user","description":"Gets.","input_schema":` + schemaPlain + `}`,
			[]at2{{"/name", idNameCharset}, {"/inputSchema", ""}}, false},
		{"codex keywords dropped", Codex, "", viewTool("report", "Reports.", schemaKeywords),
			`{"type":"function","name":"mcp__srv__report","description":"Reports.","parameters":{"type":"object","properties":{"n":{"type":"integer"},"when":{"type":"string"}}},"strict":false}`,
			[]at2{{"/name", ""}, {"/inputSchema", ""}, {"/inputSchema/properties/n/minimum", ""}, {"/inputSchema/properties/n/maximum", ""},
				{"/inputSchema/properties/when/format", ""}, {"/inputSchema/properties/when/pattern", ""}}, false},
		{"codex boolean subschema", Codex, "", viewTool("report", "Reports.", schemaBool),
			`{"type":"function","name":"mcp__srv__report","description":"Reports.","parameters":{"type":"object","properties":{"any":{"type":"string"}}},"strict":false}`,
			[]at2{{"/name", ""}, {"/inputSchema", ""}, {"/inputSchema/properties/any", idBoolSubschema}}, false},
		{"codex $ref inlined", Codex, "", viewTool("report", "Reports.", schemaRef),
			`{"type":"function","name":"mcp__srv__report","description":"Reports.","parameters":{"type":"object","properties":{"id":{"type":"string"}}},"strict":false}`,
			[]at2{{"/name", ""}, {"/inputSchema", ""}, {"/inputSchema/properties/id/$ref", idRef}, {"/inputSchema/$defs", ""}}, false},
		{"codex cyclic $ref", Codex, "", viewTool("report", "Reports.", `{"type":"object","properties":{"node":{"$ref":"#"}}}`),
			`{"type":"function","name":"mcp__srv__report","description":"Reports.","parameters":{"type":"object","properties":{"node":{"type":"object","properties":{"node":{"type":"object","properties":{}}}}}},"strict":false}`,
			[]at2{{"/name", ""}, {"/inputSchema", ""}, {"/inputSchema/properties/node/$ref", idRef}, {"/inputSchema/properties/node/$ref", idCyclicRef}}, false},
		{"codex missing description and properties", Codex, "", viewTool("report", "", schemaNoProps),
			`{"type":"function","name":"mcp__srv__report","description":"","parameters":{"type":"object","properties":{}},"strict":false}`,
			[]at2{{"/name", ""}, {"/description", idDescMissing}, {"/inputSchema", ""}, {"/inputSchema/properties", idMissingProps}}, false},
		{"codex null root refused", Codex, "", viewTool("report", "Reports.", `{"type":"null"}`), "null",
			[]at2{{"/name", ""}, {"/inputSchema", ""}, {"/inputSchema/type", idRootNotObject}}, true},
		{"gemini-cli nullable rewrite", GeminiCLI, "", viewTool("note", "Notes.", schemaNullable),
			`{"name":"mcp_srv_note","description":"Notes.","parametersJsonSchema":{"type":"object","properties":{"note":{"type":"string","nullable":true}}}}`,
			[]at2{{"/name", ""}, {"/inputSchema", ""}, {"/inputSchema/properties/note/type", idTypeArray}}, false},
		{"gemini-cli missing inputSchema", GeminiCLI, "", viewTool("note", "Notes.", ""),
			`{"name":"mcp_srv_note","description":"Notes.","parametersJsonSchema":{"type":"object","properties":{}}}`,
			[]at2{{"/name", ""}, {"/inputSchema", idRootNotObject}}, false},
		{"zed gemini format removed", Zed, Gemini, viewTool("report", "Reports.", schemaKeywords),
			`{"name":"report","description":"Reports.","parameters":{"type":"object","properties":{"when":{"type":"string","pattern":"^2"},"n":{"type":"integer","minimum":1,"maximum":9}}}}`,
			[]at2{{"/inputSchema/properties/when/format", idUnsupportedKw}}, false},
		{"zed gemini $ref refused", Zed, Gemini, viewTool("report", "Reports.", schemaRef), "null",
			[]at2{{"/inputSchema/properties/id/$ref", idRef}}, true},
		{"zed any model: gemini noted", Zed, "", viewTool("report", "Reports.", schemaRef),
			`{"name":"report","description":"Reports.","inputSchema":` + schemaRef + `}`,
			[]at2{{"/inputSchema", ""}}, false},
		{"opencode gemini enum of integers", OpenCode, Gemini, viewTool("set_level", "Sets.", schemaEnumInts),
			`{"name":"mcp__srv__set_level","description":"Sets.","inputSchema":{"type":"object","properties":{"level":{"type":"string","enum":["1","2"]}},"required":["level"],"additionalProperties":false}}`,
			[]at2{{"/name", ""}, {"/inputSchema/additionalProperties", ""}, {"/inputSchema/required", ""},
				{"/inputSchema/properties/level/enum", idEnumNonString}, {"/inputSchema/properties/level/type", idEnumNonString}}, false},
		{"opencode missing properties", OpenCode, Anthropic, viewTool("report", "Reports.", schemaNoProps),
			`{"name":"mcp__srv__report","description":"Reports.","input_schema":{"type":"object","properties":{},"additionalProperties":false}}`,
			[]at2{{"/name", ""}, {"/inputSchema/properties", idMissingProps}, {"/inputSchema/additionalProperties", ""}, {"/inputSchema", ""}}, false},
		{"librechat gemini keywords stripped", LibreChat, Gemini, viewTool("tag", "Tags.", schemaGeminiKw),
			`{"name":"tag_mcp_srv","description":"Tags.","parameters":{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"}}}}}`,
			[]at2{{"/name", ""}, {"/inputSchema/$schema", idDollarSchema}, {"/inputSchema/additionalProperties", idAdditionalProp},
				{"/inputSchema/properties/tags/uniqueItems", idUnsupportedKw}}, false},
		{"cline writes a missing description", Cline, "", viewTool("report", "", schemaPlain),
			`{"name":"srv__report","description":"Execute MCP tool \"report\" from server \"srv\".","inputSchema":` + schemaPlain + `}`,
			[]at2{{"/name", ""}, {"/description", idDescMissing}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h, err := View(c.tool, c.host, Options{Server: "srv", Provider: c.provider})
			if err != nil {
				t.Fatal(err)
			}
			if string(h.Tool) != c.want {
				t.Errorf("payload\n got %s\nwant %s", h.Tool, c.want)
			}
			if (h.Refused != "") != c.refused {
				t.Errorf("refused = %q, want refused %v", h.Refused, c.refused)
			}
			var got []at2
			for _, ch := range h.Changes {
				got = append(got, at2{ch.Pointer, ch.Rule})
				if len(ch.Sources) == 0 || ch.What == "" {
					t.Errorf("change %+v has no sources or no words", ch)
				}
			}
			if !slices.Equal(got, c.changes) {
				t.Errorf("changes (pointer, rule)\n got %v\nwant %v\n%s", got, c.changes, describeChanges(h.Changes))
			}
		})
	}
}

func describeChanges(cs []Change) string {
	var b strings.Builder
	for _, c := range cs {
		fmt.Fprintf(&b, "  %s  %s  (%s)\n", c.Pointer, c.What, c.Rule)
	}
	return b.String()
}

// TestViewSaysWhatIsNotKnown: a host whose naming or schema handling no
// source covers says so, and a host chosen without a provider says what a
// Gemini model would add.
func TestViewSaysWhatIsNotKnown(t *testing.T) {
	t.Parallel()
	// Twelve definitions each using the next twice: written out in full,
	// 2^12 copies, past what a view inlines.
	defs := []string{`"A12":{"type":"string"}`}
	for i := range 12 {
		defs = append(defs, fmt.Sprintf(`"A%d":{"type":"object","properties":{"l":{"$ref":"#/$defs/A%d"},"r":{"$ref":"#/$defs/A%d"}}}`, i, i+1, i+1))
	}
	wide := `{"type":"object","$defs":{` + strings.Join(defs, ",") + `},"properties":{"a":{"$ref":"#/$defs/A0"}}}`
	cyclic := `{"type":"object","properties":{"node":{"$ref":"#"}}}`
	cases := []struct {
		host     ID
		provider Provider
		schema   string
		want     string
	}{
		{ChatGPT, "", schemaPlain, "No source says how ChatGPT names tools"},
		{Cursor, Gemini, schemaPlain, "under which key Cursor hands the schema to a Gemini model"},
		{Goose, "", schemaPlain, "No source says what Goose changes"},
		{ClaudeDesktop, "", schemaPlain, "cuts long descriptions"},
		{LibreChat, "", schemaPlain, "Zod"},
		{LibreChat, "", cyclic, "leads back into itself"},
		{Codex, "", wide, "stopped inlining $refs after 1000"},
	}
	for _, c := range cases {
		t.Run(string(c.host)+"/"+c.want, func(t *testing.T) {
			t.Parallel()
			h, err := View(viewTool("report", "Reports.", c.schema), c.host, Options{Server: "srv", Provider: c.provider})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(h.NotKnown, func(s string) bool { return strings.Contains(s, c.want) }) {
				t.Errorf("NotKnown %q lacks %q", h.NotKnown, c.want)
			}
		})
	}
}

// TestViewErrors: an unknown host, and a host that names tools after
// their server asked without the server's key; a host that does not is
// fine without it.
func TestViewErrors(t *testing.T) {
	t.Parallel()
	tl := viewTool("report", "Reports.", schemaPlain)
	var unknown *UnknownHostError
	if _, err := View(tl, "nope", Options{Server: "srv"}); !errors.As(err, &unknown) {
		t.Errorf("unknown host: %v", err)
	}
	var needs *NeedsServerError
	if _, err := View(tl, ClaudeCode, Options{}); !errors.As(err, &needs) || needs.Host != ClaudeCode {
		t.Errorf("claude-code without a server: %v", err)
	}
	if h, err := View(tl, ChatGPT, Options{}); err != nil || h.Refused != "" {
		t.Errorf("chatgpt without a server: %+v, %v", h, err)
	}
	if _, err := View(viewTool("report", "", `{"type":`), Codex, Options{Server: "srv"}); err == nil {
		t.Error("an inputSchema that is not JSON gave no error")
	}
}

// TestViewChangesHaveSources: over every planted tool and the view
// tests' own, for every host and provider, every change names sources
// with a reference and a date, a rule the view may name, and a refusal
// has its change; the payload is JSON carrying the host's model name.
func TestViewChangesHaveSources(t *testing.T) {
	t.Parallel()
	tools := []tool.Tool{viewTool("report", strings.Repeat("x", 3000), schemaKeywords), viewTool("get.user", "", schemaRef),
		viewTool("a", "A.", schemaBool), viewTool("b", "B.", schemaNullable), viewTool("c", "", ""), viewTool("d", "D.", schemaGeminiKw),
		viewTool("e", "E.", `{"type":"object","properties":{"x":{"$ref":"#/properties/x"}, "y":{"if":{},"oneOf":[{"const":1}]}}}`)}
	files, _ := filepath.Glob("testdata/planted-*.json")
	for _, file := range files {
		_, ts := readPlanted(t, file)
		tools = append(tools, ts...)
	}
	for _, id := range IDs() {
		for _, p := range append([]Provider{""}, Providers()...) {
			for _, tl := range tools {
				h, err := View(tl, id, Options{Server: "planted", Provider: p})
				if err != nil {
					t.Errorf("%s %s %s: %v", id, p, tl.Name, err)
					continue
				}
				checkHanded(t, h, tl)
			}
		}
	}
}

func checkHanded(t *testing.T, h Handed, tl tool.Tool) {
	t.Helper()
	for _, c := range h.Changes {
		if len(c.Sources) == 0 || c.Pointer == "" || c.What == "" {
			t.Errorf("%s %s: change %+v lacks sources, pointer or words", h.Host, tl.Name, c)
		}
		for _, s := range c.Sources {
			if s.Ref == "" || s.Date == "" {
				t.Errorf("%s %s: source %+v lacks a reference or a date", h.Host, tl.Name, s)
			}
		}
		if c.Rule != "" && !slices.Contains(viewRules, c.Rule) {
			t.Errorf("%s %s: rule %q is not one the view may name", h.Host, tl.Name, c.Rule)
		}
	}
	if h.Refused != "" {
		if len(h.Changes) == 0 || string(h.Tool) != "null" {
			t.Errorf("%s %s: refused with no change or with a payload", h.Host, tl.Name)
		}
		return
	}
	var payload map[string]any
	if err := json.Unmarshal(h.Tool, &payload); err != nil {
		t.Fatalf("%s %s: payload is not JSON: %v", h.Host, tl.Name, err)
	}
	if want := ModelName(h.Host, "planted", tl.Name).Model; payload["name"] != want {
		t.Errorf("%s %s: name %v, want %q", h.Host, tl.Name, payload["name"], want)
	}
}

// BenchmarkViewCorpus views every tool of the GitHub server's tools/list,
// the corpus's largest, for every host and provider.
func BenchmarkViewCorpus(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "..", "ui", "testdata", "corpus", "github.tools.json"))
	if err != nil {
		b.Fatal(err)
	}
	tools, err := tool.ParseList(data)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		for _, id := range IDs() {
			for _, p := range append([]Provider{""}, Providers()...) {
				for _, tl := range tools {
					if _, err := View(tl, id, Options{Server: "github", Provider: p}); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	}
}
