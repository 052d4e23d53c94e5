package provider

import (
	"fmt"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// anthropic renders a Messages API client tool: {"name", "description",
// "input_schema"} (platform.claude.com/docs/en/agents-and-tools/tool-use/
// implement-tool-use). The schema passes as is: Claude takes JSON Schema,
// $refs included.
func (c *conversion) anthropic() *jsondoc.Value {
	// "The name of the tool. Must match the regex ^[a-zA-Z0-9_-]{1,64}$."
	c.checkName(ruleAnthropicName, "Anthropic tool names", "^[a-zA-Z0-9_-]{1,64}$", 64, func(r rune, _ int) bool {
		return isASCIIAlnum(r) || r == '_' || r == '-'
	})
	root := c.schema
	if typ, _ := root.GetString("type"); typ != "object" {
		c.block(issue{rule: ruleAnthropicRoot, pointer: rootTypePointer(root),
			message: fmt.Sprintf("input_schema must be a schema of type \"object\"; this one has %s", rootTypeText(root)),
			fix:     `give the inputSchema "type": "object" and put the arguments under "properties"`})
	}
	// The API answers "input_schema does not support oneOf, allOf, or anyOf
	// at the top level" (anthropics/claude-code#5319, mobile-next/mobile-mcp#344).
	for _, k := range []string{"oneOf", "anyOf", "allOf"} {
		if v := root.Get(k); v != nil {
			c.block(issue{rule: ruleAnthropicRoot, pointer: keywordPointer(root, k, v),
				message: "input_schema does not support " + k + " at the top level",
				fix:     "move the " + k + " into a property, or flatten the variants into one object and check the combinations in the server"})
		}
	}
	out := c.envelope()
	out.Set("input_schema", root)
	c.dropOutputSchema("Anthropic tools")
	return out
}
