package check

import (
	"fmt"
	"unicode/utf8"
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
func (c *provConv) openAI(strict bool) *ojson {
	// "Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a
	// maximum length of 64" (the API reference for function.name).
	c.checkName("compat-openai-name", "OpenAI function names", "^[a-zA-Z0-9_-]{1,64}$", 64, func(r rune, _ int) bool {
		return provAlnum(r) || r == '_' || r == '-'
	})
	if n := utf8.RuneCountInString(c.tool.Description); n > openAIDescriptionMax {
		c.block(Finding{Rule: "compat-openai-description", Pointer: "/description",
			Message: fmt.Sprintf("the description has %d characters; OpenAI rejects function descriptions over %d", n, openAIDescriptionMax),
			Fix:     fmt.Sprintf("shorten the description to at most %d characters, moving parameter details into the parameter descriptions", openAIDescriptionMax)})
	}
	c.openAIRoot(strict)
	params := c.schema
	if strict {
		params = c.strictParameters()
	}
	fn := c.envelope()
	fn.set("parameters", params)
	if strict {
		fn.set("strict", ojBoolean(true))
	}
	out := ojObject()
	out.set("type", ojString("function"))
	out.set("function", fn)
	c.dropOutputSchema("OpenAI functions")
	return out
}

// openAIRoot checks that the parameters are an object schema: the API
// answers `schema must be a JSON Schema of 'type: "object"'` otherwise, and
// the Structured Outputs guide adds that the root must not be anyOf.
func (c *provConv) openAIRoot(strict bool) {
	root := c.schema
	if typ, _ := root.str("type"); typ != "object" {
		c.block(Finding{Rule: "compat-openai-root", Pointer: provRootTypePtr(root),
			Message: fmt.Sprintf("OpenAI function parameters must be a schema of type \"object\"; this one has %s", provRootTypeText(root)),
			Fix:     `give the inputSchema "type": "object" and put the arguments under "properties"`})
	}
	if !strict {
		return
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if v := root.get(k); v != nil {
			c.block(Finding{Rule: "compat-openai-root", Pointer: provKeyPtr(root, k, v),
				Message: "strict mode does not accept " + k + " at the root of the parameters",
				Fix:     "make the root one object whose properties cover every variant, with the variant-specific ones nullable"})
		}
	}
}

// anthropic renders a Messages API client tool: {"name", "description",
// "input_schema"} (platform.claude.com/docs/en/agents-and-tools/tool-use/
// implement-tool-use). The schema passes as is: Claude takes JSON Schema,
// $refs included.
func (c *provConv) anthropic() *ojson {
	// "The name of the tool. Must match the regex ^[a-zA-Z0-9_-]{1,64}$."
	c.checkName("compat-anthropic-name", "Anthropic tool names", "^[a-zA-Z0-9_-]{1,64}$", 64, func(r rune, _ int) bool {
		return provAlnum(r) || r == '_' || r == '-'
	})
	root := c.schema
	if typ, _ := root.str("type"); typ != "object" {
		c.block(Finding{Rule: "compat-anthropic-root", Pointer: provRootTypePtr(root),
			Message: fmt.Sprintf("input_schema must be a schema of type \"object\"; this one has %s", provRootTypeText(root)),
			Fix:     `give the inputSchema "type": "object" and put the arguments under "properties"`})
	}
	// The API answers "input_schema does not support oneOf, allOf, or anyOf
	// at the top level" (anthropics/claude-code#5319, mobile-next/mobile-mcp#344).
	for _, k := range []string{"oneOf", "anyOf", "allOf"} {
		if v := root.get(k); v != nil {
			c.block(Finding{Rule: "compat-anthropic-root", Pointer: provKeyPtr(root, k, v),
				Message: "input_schema does not support " + k + " at the top level",
				Fix:     "move the " + k + " into a property, or flatten the variants into one object and check the combinations in the server"})
		}
	}
	out := c.envelope()
	out.set("input_schema", root)
	c.dropOutputSchema("Anthropic tools")
	return out
}

// checkName reports a tool name the provider rejects, suggesting a name
// made of the characters it allows.
func (c *provConv) checkName(rule, who, pattern string, maxLen int, ok func(r rune, i int) bool) {
	name := c.tool.Name
	problem := ""
	for i, r := range name {
		if !ok(r, i) {
			problem = fmt.Sprintf("has %q at position %d", r, utf8.RuneCountInString(name[:i])+1)
			break
		}
	}
	switch n := utf8.RuneCountInString(name); {
	case problem != "":
	case n == 0:
		problem = "is empty"
	case n > maxLen:
		problem = fmt.Sprintf("has %d characters", n)
	default:
		return
	}
	c.block(Finding{Rule: rule, Pointer: "/name",
		Message: fmt.Sprintf("%s must match %s; %q %s", who, pattern, name, problem),
		Fix:     fmt.Sprintf("rename the tool, for example to %q, or map that name back to %q when the model calls it", provSafeName(name, maxLen, ok), name)})
}

// provSafeName replaces the characters a provider rejects with "_", and puts
// "_" before a first character that is allowed only later in a name.
func provSafeName(name string, maxLen int, ok func(r rune, i int) bool) string {
	var out []rune
	for _, r := range name {
		switch {
		case ok(r, len(out)):
			out = append(out, r)
		case len(out) == 0 && ok(r, 1):
			out = append(out, '_', r)
		default:
			out = append(out, '_')
		}
	}
	if len(out) == 0 {
		return "tool"
	}
	return string(out[:min(maxLen, len(out))])
}

func provAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// provKeyPtr is the pointer of keyword k of schema s, whose value is v: the
// value's own pointer when it was parsed, so that keywords a conversion
// merged in from a $ref target still point where they were written.
func provKeyPtr(s *ojson, k string, v *ojson) string {
	if v != nil && v.at != "" {
		return v.at
	}
	return ojPtr(s.at, k)
}

func provRootTypePtr(root *ojson) string {
	if t := root.get("type"); t != nil {
		return provKeyPtr(root, "type", t)
	}
	return "/inputSchema"
}

func provRootTypeText(root *ojson) string {
	if !root.isObj() {
		return "no schema object at all"
	}
	if t := root.get("type"); t != nil {
		return "type " + string(t.marshal())
	}
	return "no type"
}
