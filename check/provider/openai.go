package provider

import (
	"fmt"
	"unicode/utf8"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// openAIDescriptionMax is the longest function description Chat Completions
// accepts: a longer one fails the whole request with "string too long.
// Expected a string with maximum length 1024" (getsentry/sentry-mcp#106,
// OpenHands/OpenHands#4838).
const openAIDescriptionMax = 1024

// openAI renders a Chat Completions function tool, strict or not. The
// function calling guide (platform.openai.com/docs/guides/function-calling)
// gives the shape: {"type": "function", "function": {"name", "description",
// "parameters", "strict"}}.
func (c *conversion) openAI(strict bool) *jsondoc.Value {
	// "Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a
	// maximum length of 64" (the API reference for function.name).
	c.checkName(ruleOpenAIName, "OpenAI function names", "^[a-zA-Z0-9_-]{1,64}$", 64, func(r rune, _ int) bool {
		return isASCIIAlnum(r) || r == '_' || r == '-'
	})
	if n := utf8.RuneCountInString(c.tool.Description); n > openAIDescriptionMax {
		c.block(issue{rule: ruleOpenAIDescription, pointer: "/description",
			message: fmt.Sprintf("the description has %d characters; OpenAI rejects function descriptions over %d", n, openAIDescriptionMax),
			fix:     fmt.Sprintf("shorten the description to at most %d characters, moving parameter details into the parameter descriptions", openAIDescriptionMax)})
	}
	c.openAIRoot(strict)
	params := c.schema
	if strict {
		params = c.strictParameters()
	}
	fn := c.envelope()
	fn.Set("parameters", params)
	if strict {
		fn.Set("strict", jsondoc.NewBool(true))
	}
	out := jsondoc.NewObject()
	out.Set("type", jsondoc.NewString("function"))
	out.Set("function", fn)
	c.dropOutputSchema("OpenAI functions")
	return out
}

// openAIRoot checks that the parameters are an object schema: the API
// answers `schema must be a JSON Schema of 'type: "object"'` otherwise, and
// the Structured Outputs guide adds that the root must not be anyOf.
func (c *conversion) openAIRoot(strict bool) {
	root := c.schema
	if typ, _ := root.GetString("type"); typ != "object" {
		c.block(issue{rule: ruleOpenAIRoot, pointer: rootTypePointer(root),
			message: fmt.Sprintf("OpenAI function parameters must be a schema of type \"object\"; this one has %s", rootTypeText(root)),
			fix:     `give the inputSchema "type": "object" and put the arguments under "properties"`})
	}
	if !strict {
		return
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if v := root.Get(k); v != nil {
			c.block(issue{rule: ruleOpenAIRoot, pointer: keywordPointer(root, k, v),
				message: "strict mode does not accept " + k + " at the root of the parameters",
				fix:     "make the root one object whose properties cover every variant, with the variant-specific ones nullable"})
		}
	}
}
