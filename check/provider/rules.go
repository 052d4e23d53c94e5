package provider

import "github.com/toolbench/toolbench/check"

// rules is every rule the conversions report. The compat- rules are
// portability problems Compat reports as infos (and Convert as blockers or
// notes); convert- rules are changes only Convert tells of.
var rules check.Registry

var (
	ruleOpenAIName = rules.Add("compat-openai-name", check.Info,
		"The name is not a valid OpenAI function name (^[a-zA-Z0-9_-]{1,64}$).")
	ruleOpenAIDescription = rules.Add("compat-openai-description", check.Info,
		"The description is longer than OpenAI's 1024 characters.")
	ruleOpenAIRoot = rules.Add("compat-openai-root", check.Info,
		"The parameters are not an object schema OpenAI accepts at the root.")
	ruleStrictNotRequired = rules.Add("compat-openai-strict-not-required", check.Info,
		"OpenAI strict mode needs every property listed in required.")
	ruleStrictAdditionalProperties = rules.Add("compat-openai-strict-additional-properties", check.Info,
		"OpenAI strict mode needs additionalProperties: false on every object.")
	ruleStrictKeyword = rules.Add("compat-openai-strict-keyword", check.Info,
		"A keyword or format OpenAI strict mode does not support.")
	ruleStrictType = rules.Add("compat-openai-strict-type", check.Info,
		"OpenAI strict mode needs a type on every schema.")
	ruleStrictFreeForm = rules.Add("compat-openai-strict-free-form", check.Info,
		"OpenAI strict mode cannot express a free-form object or array.")
	ruleStrictDepth = rules.Add("compat-openai-strict-depth", check.Info,
		"Deeper than OpenAI strict mode's nesting limit.")
	ruleStrictSize = rules.Add("compat-openai-strict-size", check.Info,
		"Beyond OpenAI strict mode's size limits (properties, enum values, characters).")
	ruleAnthropicName = rules.Add("compat-anthropic-name", check.Info,
		"The name is not a valid Anthropic tool name (^[a-zA-Z0-9_-]{1,64}$).")
	ruleAnthropicRoot = rules.Add("compat-anthropic-root", check.Info,
		"Anthropic's input_schema needs an object root without a top-level union.")
	ruleGeminiName = rules.Add("compat-gemini-name", check.Info,
		"The name is not a valid Gemini function name.")
	ruleGeminiKeyword = rules.Add("compat-gemini-keyword", check.Info,
		"A keyword outside the OpenAPI subset Gemini accepts.")
	ruleGeminiRecursive = rules.Add("compat-gemini-recursive", check.Info,
		"A recursive $ref, which Gemini cannot take once inlined.")
	ruleGeminiFreeForm = rules.Add("compat-gemini-free-form", check.Info,
		"Gemini needs properties on objects and items on arrays.")
	ruleGeminiType = rules.Add("compat-gemini-type", check.Info,
		"Gemini needs a type on every schema.")
	ruleGeminiRoot = rules.Add("compat-gemini-root", check.Info,
		"Gemini's parameters need an object root with properties.")
	ruleGeminiSize = rules.Add("compat-gemini-size", check.Info,
		"The schema grows too large once $refs are inlined for Gemini.")
	ruleOutputSchemaDropped = rules.Add("convert-output-schema-dropped", check.Info,
		"The provider's tool format has no output schema, so converting leaves the outputSchema out.")
)

// Rules lists every rule the conversions report, for docs and SARIF.
func Rules() []check.Rule { return rules.Rules() }
