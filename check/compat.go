package check

import "github.com/toolbench/toolbench/tool"

// compatProviders are the providers Compat judges a tool for: the MCP form
// is the tool itself, and plain OpenAI functions share their problems with
// strict ones, so both run and their findings are merged.
var compatProviders = []Provider{ProviderOpenAI, ProviderOpenAIStrict, ProviderAnthropic, ProviderGemini}

// Compat reports, for every provider, what keeps t from being accepted as
// that provider's tool as is: each finding names the keyword and points
// into the tool object ("/inputSchema/properties/x/oneOf"), with Field set
// when it is about one argument. All are infos: an MCP tool need not be an
// OpenAI function, so portability is advice. Rule ids start with
// "compat-openai-", "compat-openai-strict-", "compat-anthropic-" or
// "compat-gemini-". A tool whose inputSchema is not JSON gets none; lint
// reports that.
func Compat(t tool.Tool) []Finding {
	first, err := newProvConv(t)
	if err != nil {
		return nil
	}
	out := []Finding{}
	seen := map[string]bool{}
	for _, p := range compatProviders {
		c := &provConv{tool: t, schema: first.schema, seen: map[string]int{}}
		c.convert(p)
		for _, is := range c.issues {
			key := is.Rule + "\x00" + is.Pointer
			if is.kind == provChange || seen[key] {
				continue
			}
			seen[key] = true
			f := is.Finding
			f.Severity = Info
			out = append(out, f)
		}
	}
	return out
}

// compatRuleTable describes the portability rules Compat reports, for docs
// and SARIF; all are infos.
var compatRuleTable = []Rule{
	{"compat-openai-name", Info, "The name is not a valid OpenAI function name (^[a-zA-Z0-9_-]{1,64}$)."},
	{"compat-openai-description", Info, "The description is longer than OpenAI's 1024 characters."},
	{"compat-openai-root", Info, "The parameters are not an object schema OpenAI accepts at the root."},
	{"compat-openai-strict-not-required", Info, "OpenAI strict mode needs every property listed in required."},
	{"compat-openai-strict-additional-properties", Info, "OpenAI strict mode needs additionalProperties: false on every object."},
	{"compat-openai-strict-keyword", Info, "A keyword or format OpenAI strict mode does not support."},
	{"compat-openai-strict-type", Info, "OpenAI strict mode needs a type on every schema."},
	{"compat-openai-strict-free-form", Info, "OpenAI strict mode cannot express a free-form object or array."},
	{"compat-openai-strict-depth", Info, "Deeper than OpenAI strict mode's nesting limit."},
	{"compat-openai-strict-size", Info, "Beyond OpenAI strict mode's size limits (properties, enum values, characters)."},
	{"compat-anthropic-name", Info, "The name is not a valid Anthropic tool name (^[a-zA-Z0-9_-]{1,64}$)."},
	{"compat-anthropic-root", Info, "Anthropic's input_schema needs an object root without a top-level union."},
	{"compat-gemini-name", Info, "The name is not a valid Gemini function name."},
	{"compat-gemini-keyword", Info, "A keyword outside the OpenAPI subset Gemini accepts."},
	{"compat-gemini-recursive", Info, "A recursive $ref, which Gemini cannot take once inlined."},
	{"compat-gemini-free-form", Info, "Gemini needs properties on objects and items on arrays."},
	{"compat-gemini-type", Info, "Gemini needs a type on every schema."},
	{"compat-gemini-root", Info, "Gemini's parameters need an object root."},
	{"compat-gemini-size", Info, "The schema grows too large once $refs are inlined for Gemini."},
}
