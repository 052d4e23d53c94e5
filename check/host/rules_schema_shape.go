package host

import "github.com/toolbench/toolbench/internal/jsondoc"

import "fmt"

// fieldName is how a hit's detail names the value a schema describes.
func fieldName(n schemaNode) string {
	if f := n.field(); f != "" {
		return "argument " + f
	}
	return "the schema at " + n.v.Pointer()
}

// eachInput calls fn for every schema object of the tool's inputSchema.
func eachInput(s *Subject, fn func(n schemaNode)) { walkSchema(s.Input(), true, fn) }

const fixMissingItems = `Give every array an "items" schema, {"type": "string"} or whatever its elements are.`

// Others is Unknown: every host hands the array to a model or a validator
// that must take it or refuse it, and only these are sourced.
var ruleArrayMissingItems = add(&Rule{
	ID:      "schema.array-missing-items",
	Summary: "An array schema has no items.",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: VSCode, Verdict: Rejected, Whole: true,
			Does:    "Copilot Chat fails with \"tool parameters array type must have items\" and stops every interaction until the tool is removed.",
			Fix:     fixMissingItems,
			Sources: []Source{{Ref: "microsoft/vscode#248810", Date: "2025-05-13"}, {Ref: "microsoft/vscode#284536", Date: "2025-12-19"}}, Seen: "2025-12"},
		{Host: Windsurf, Verdict: Rejected, Whole: true,
			Does:    "Cascade fails the run: \"MCP tool … has an invalid schema: … array schema missing items\".",
			Fix:     fixMissingItems,
			Sources: []Source{{Ref: "DaxianLee/cocos-mcp-server#14", Date: "2026-03-17"}}, Seen: "1.9566.11"},
		{Host: OpenCode, Via: OpenAI, Verdict: Rejected, Whole: true,
			Does:    "Hands the schema to the OpenAI API, which answers 400 \"array schema missing items\" for every request.",
			Fix:     fixMissingItems,
			Sources: []Source{{Ref: "spacelift-io/spacectl#402", Date: "2026-03-18"}, openAIMissingItems}, Seen: "2026-04"},
	},
	Others:   Unknown,
	NotKnown: "No source says what HOST, or its model's API, does with an array schema that has no items.",
	detect: func(s *Subject) []Hit {
		if !mentions(s.Tool.InputSchema, "array") {
			return nil
		}
		var hits []Hit
		eachInput(s, func(n schemaNode) {
			if jsondoc.HasType(n.v, "array") && !n.v.Has("items") {
				hits = append(hits, Hit{Tool: s.Tool.Name, Pointer: n.v.Pointer(), Field: n.field(),
					Detail: fieldName(n) + " is an array with no items schema"})
			}
		})
		return hits
	},
})

// Others is Unknown: the OpenAI API answers 400 "object schema missing
// properties" to a host that forwards such a schema as it is
// (bnb-chain/bnbchain-mcp#68, 2026-03-30), and no source says which hosts
// do. The root is not judged: {"type": "object"} with no properties is a
// tool without arguments, which the specification (2025-11-25, server/tools,
// inputSchema) recommends writing as {"type": "object",
// "additionalProperties": false}; VS Code, Codex and opencode fill in
// "properties": {} there, which schema --as HOST shows as a change.
var ruleObjectMissingProperties = add(&Rule{
	ID:       "schema.object-missing-properties",
	Summary:  "An object schema below the root has no properties.",
	Scope:    ToolScope,
	Others:   Unknown,
	NotKnown: "No source says whether HOST fills in properties or hands an object schema without them to a model API, which may answer 400 \"object schema missing properties\" (OpenAI).",
	detect: func(s *Subject) []Hit {
		var hits []Hit
		eachInput(s, func(n schemaNode) {
			if n.v.Pointer() != "/inputSchema" && jsondoc.HasType(n.v, "object") && !n.v.Has("properties") {
				hits = append(hits, Hit{Tool: s.Tool.Name, Pointer: n.v.Pointer(), Field: n.field(),
					Detail: fieldName(n) + " is an object with no properties"})
			}
		})
		return hits
	},
})

// annotationKeywords say nothing about what a value may be: a schema with
// only these is untyped.
func annotationKeyword(k string) bool {
	switch k {
	case "title", "description", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly", "$id", "$anchor":
		return true
	}
	return false
}

// Others is Unknown: every host hands the property to a model or
// converts it, and only these are sourced.
var ruleUntypedProperty = add(&Rule{
	ID:      "schema.untyped-property",
	Summary: "A property or list item has a schema with no type or other constraining keyword.",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: Codex, Verdict: Degraded,
			Does:    "Infers a type for the schema and, with nothing to infer it from, makes it a string.",
			Fix:     "Give the property a \"type\" (or an enum, or a $ref to a typed definition).",
			Sources: []Source{codexSchema}, Seen: "2026"},
		{Host: Zed, Via: Gemini, Verdict: Degraded,
			Does:    "Adds \"type\": \"string\" to a field that has only a description before sending it to a Gemini model.",
			Fix:     "Give the property a \"type\" (or an enum, or a $ref to a typed definition).",
			Sources: []Source{zedSchema, {Ref: "zed-industries/zed#32373", Date: "2025-06-09"}}, Seen: "2025–26"},
	},
	Others:   Unknown,
	NotKnown: "No source says what HOST does with a property whose schema has no type.",
	detect: func(s *Subject) []Hit {
		var hits []Hit
		eachInput(s, func(n schemaNode) {
			if n.keyword != "properties" && n.keyword != "items" {
				return
			}
			for _, k := range n.v.Keys() {
				if !annotationKeyword(k) {
					return
				}
			}
			hits = append(hits, Hit{Tool: s.Tool.Name, Pointer: n.v.Pointer(), Field: n.field(),
				Detail: fmt.Sprintf("%s has the schema %s, which gives no type", fieldName(n), brief(n.v, 80))})
		})
		return hits
	},
})

// schemaCap is the size past which claude.ai's connector ingestion drops a
// tool: 16 KiB of compact inputSchema JSON.
const schemaCap = 16384

// Others is Works: the cap is Claude Desktop's own, and no other host is
// known to limit a schema's size.
var ruleSchemaSize = add(&Rule{
	ID:      "schema.size.16k",
	Summary: "The inputSchema is more than 16,384 bytes as compact JSON.",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: ClaudeDesktop, Verdict: Hidden,
			Does:    "Connector ingestion silently drops a tool whose serialized inputSchema is over 16,384 bytes (a single report, filed in the wrong repository).",
			Fix:     "Shrink the inputSchema under 16 KB: shorten descriptions, move long enums into descriptions of a few values, split the tool.",
			Sources: []Source{{Ref: "anthropics/claude-code#77296", Date: "2026-07-13"}}, Seen: "2026-07"},
	},
	Others: Works,
	detect: func(s *Subject) []Hit {
		// Compact JSON is at most twice the text as sent (only U+2028 and
		// U+2029 grow, from 3 bytes to 6), so most schemas are cleared
		// without marshalling.
		if len(s.Tool.InputSchema) <= schemaCap/2 || s.Input() == nil {
			return nil
		}
		n := len(s.Input().Marshal())
		if n <= schemaCap {
			return nil
		}
		return []Hit{{Tool: s.Tool.Name, Pointer: "/inputSchema",
			Detail: fmt.Sprintf("the inputSchema is %d bytes as compact JSON, %d over 16,384", n, n-schemaCap)}}
	},
})
