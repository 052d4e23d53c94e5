package host

import (
	"encoding/json"
	"fmt"
	"github.com/toolbench/toolbench/internal/jsondoc"
	"strings"
)

// tsSDKWhole is the effect a schema the TypeScript SDK's tools/list schema
// refuses has in a host that lists tools through it: the parse fails as a
// whole, so the host gets no tools from the server.
func tsSDKWhole(id ID, does, fix string, sources ...Source) Effect {
	return Effect{Host: id, Verdict: Hidden, Whole: true, Does: does, Fix: fix, Sources: sources, Seen: "SDK 1.23–1.25"}
}

const fixRootObject = `Give inputSchema "type": "object" at the root; move a top-level anyOf/oneOf into a property.`

// Others is Unknown: every host must do something with such a tool, and
// only these are sourced. Claude Desktop's effect is limited to a missing
// type, the case its source shows; the engine counts a host whose effect
// declines a hit as unaffected, so with an explicit non-object type
// ("string") Claude Desktop shows works where no source speaks.
var ruleInputRootNotObject = add(&Rule{
	ID:      "schema.input.root-not-object",
	Summary: "The inputSchema's root is not a JSON Schema with \"type\": \"object\".",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: ClaudeCode, Verdict: Hidden, Whole: true,
			Does:    "Drops every tool of the server: /mcp shows it connected with 0 tools, and nothing is logged.",
			Fix:     fixRootObject,
			Sources: []Source{{Ref: "anthropics/claude-code#88049", Date: "2026-08-19"}}, Seen: "2026-08"},
		tsSDKWhole(Cline, "Parses tools/list with the TypeScript SDK's schema, which fails as a whole, so the server lists no tools (the error is only logged).",
			fixRootObject, tsSDKList, clineList),
		tsSDKWhole(GeminiCLI, "Lists tools through the TypeScript SDK, whose schema fails the whole tools/list, and a failed tools/list fails the server.",
			fixRootObject, tsSDKList, geminiSDKPin, geminiDiscover),
		tsSDKWhole(OpenCode, "Lists tools through the TypeScript SDK, whose schema fails the whole tools/list; a listTools error marks the server failed with no tools.",
			fixRootObject, tsSDKList, opencodeCreate),
		{Host: ClaudeDesktop, Via: Anthropic, Verdict: Rejected, Whole: true,
			Does:    "Hands the schema to the Anthropic API, which answers 400 \"tools.N.custom.input_schema.type: Field required\" for every request.",
			Fix:     fixRootObject,
			Sources: []Source{anthropicRootType}, Seen: "2026-07", applies: rootTypeMissing},
		{Host: Codex, Verdict: Degraded,
			Does:    "Infers the missing root type from the keywords beside it (properties, required or additionalProperties make an object; otherwise a scalar), so the model may get a different root than the server wrote.",
			Fix:     fixRootObject,
			Sources: []Source{codexSchema}, Seen: "2026", applies: rootTypeMissing},
		{Host: Codex, Verdict: Rejected,
			Does:    "Refuses a root of {\"type\": \"null\"} when it normalises the schema.",
			Fix:     fixRootObject,
			Sources: []Source{codexSchema}, Seen: "2026", applies: rootTypeIs("null")},
		{Host: Codex, Via: OpenAI, Verdict: Rejected, Whole: true,
			Does:    "Keeps the root's type and sends the tool to the OpenAI API, which answers 400 \"schema must be a JSON Schema of 'type: \\\"object\\\"'\" for the whole request.",
			Fix:     fixRootObject,
			Sources: []Source{codexSchema, openAIRootType}, Seen: "2025-07", applies: rootTypeOther},
	},
	Others:   Unknown,
	NotKnown: "No source says what HOST does with a tool whose inputSchema root is not an object.",
	// Claude Desktop's source shows a root without a type, Codex's a
	// null root or another type: a case no effect covers is not known.
	Declined: Unknown,
	detect:   detectInputRootNotObject,
})

// detectInputRootNotObject finds an inputSchema that is not an object, or
// an object schema without "type": "object". A missing inputSchema is
// schema.input.missing's.
func detectInputRootNotObject(s *Subject) []Hit {
	return rootNotObject(s, "inputSchema", s.Tool.InputSchema, s.Input())
}

// rootNotObject is the hit of a schema (the tool's member named, raw as
// sent and parsed) whose root is not an object schema with "type":
// "object", saying what it has instead; none when the schema is absent.
func rootNotObject(s *Subject, member string, raw json.RawMessage, root *jsondoc.Value) []Hit {
	if len(raw) == 0 {
		return nil
	}
	ptr := "/" + member
	if root == nil || !root.IsObject() {
		return []Hit{{Tool: s.Tool.Name, Pointer: ptr, Detail: member + " is not a JSON object"}}
	}
	t := root.Get("type")
	if t.IsString() && t.Text() == "object" {
		return nil
	}
	got := "no type"
	if t != nil {
		got = "type " + brief(t, 60)
	}
	if c := rootCombinators(root); c != "" {
		got += " and a top-level " + c
	}
	return []Hit{{Tool: s.Tool.Name, Pointer: ptr, Detail: member + " has " + got + " at its root"}}
}

// rootCombinators says which of anyOf, oneOf and allOf a schema's root
// has, with how many variants: "anyOf of 2 variants".
func rootCombinators(root *jsondoc.Value) string {
	var out []string
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if v := root.Get(k); v != nil {
			out = append(out, fmt.Sprintf("%s of %d variants", k, v.Len()))
		}
	}
	return strings.Join(out, " and ")
}

// rootTypeMissing applies an effect to an object root without "type".
func rootTypeMissing(s *Subject, _ Hit) (string, bool) {
	root := s.Input()
	return "", root.IsObject() && !root.Has("type")
}

// rootTypeIs applies an effect to a root whose type is typ.
func rootTypeIs(typ string) func(*Subject, Hit) (string, bool) {
	return func(s *Subject, _ Hit) (string, bool) {
		t := s.Input().Get("type")
		return "", t.IsString() && t.Text() == typ
	}
}

// rootTypeOther applies an effect to a root with a type that is neither
// "object" nor "null": not a JSON object at all, or a type the normaliser
// keeps.
func rootTypeOther(s *Subject, _ Hit) (string, bool) {
	root := s.Input()
	if !root.IsObject() {
		return "", true
	}
	t := root.Get("type")
	return "", t != nil && !(t.IsString() && (t.Text() == "null" || t.Text() == "object"))
}

const fixInputMissing = `Give every tool an inputSchema; one that takes no arguments is {"type": "object", "properties": {}}.`

// Others is Unknown: every host must do something with a tool that has no
// inputSchema, and few are sourced.
var ruleInputMissing = add(&Rule{
	ID:      "schema.input.missing",
	Summary: "The tool has no inputSchema.",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: ClaudeDesktop, Verdict: Hidden, Does: "Does not show a tool without an inputSchema.", Fix: fixInputMissing,
			Sources: []Source{swiftMissing}, Seen: "2025-04"},
		{Host: Cursor, Verdict: Hidden, Does: "Does not show a tool without an inputSchema.", Fix: fixInputMissing,
			Sources: []Source{swiftMissing}, Seen: "2025-04"},
		tsSDKWhole(Cline, "Parses tools/list with the TypeScript SDK's schema, in which inputSchema is required, so the whole list fails and the server lists no tools.",
			fixInputMissing, tsSDKList, clineList),
		tsSDKWhole(GeminiCLI, "Lists tools through the TypeScript SDK, in whose schema inputSchema is required, so tools/list fails and so does the server.",
			fixInputMissing, tsSDKList, geminiSDKPin, geminiDiscover),
		tsSDKWhole(OpenCode, "Lists tools through the TypeScript SDK, in whose schema inputSchema is required; the listTools error marks the server failed with no tools.",
			fixInputMissing, tsSDKList, opencodeCreate),
	},
	Others:   Unknown,
	NotKnown: "No source says what HOST does with a tool that has no inputSchema.",
	detect: func(s *Subject) []Hit {
		if len(s.Tool.InputSchema) != 0 {
			return nil
		}
		return []Hit{{Tool: s.Tool.Name, Pointer: "/inputSchema", Detail: "the tool has no inputSchema"}}
	},
})

// anthropicUnion is the Anthropic API's refusal of a top-level union, in
// a host that hands it the schema as written.
func anthropicUnion(id ID, via Provider) Effect {
	return Effect{Host: id, Via: via, Verdict: Rejected, Whole: true,
		Does:    "Hands the schema to the Anthropic API, which answers 400 \"input_schema does not support oneOf, allOf, or anyOf at the top level\" on every request until the tool is removed.",
		Fix:     `Keep "type": "object" at the root and move the anyOf/oneOf/allOf into a property, or merge the variants into one object with optional properties.`,
		Sources: []Source{anthropicRootUnion, anthropicRootUnion2}, Seen: "2.1.92"}
}

// The rule is about a root that is an object schema and also has a
// union, the case of claude-code#44788: a root without "type": "object"
// is schema.input.root-not-object's, and Claude Code, Cline and opencode
// drop such a server before any model sees it.
//
// Others is Unknown: the Anthropic API's refusal is sourced; what the
// OpenAI and Gemini paths do with a root union beside "type": "object" is
// not (OpenAI's strict mode refuses it, but no host here is sourced as
// sending strict).
var ruleInputRootCombinator = add(&Rule{
	ID:      "schema.input.root-combinator",
	Summary: "The inputSchema has anyOf, oneOf or allOf at its root beside \"type\": \"object\".",
	Scope:   ToolScope,
	Effects: []Effect{
		anthropicUnion(ClaudeCode, ""),
		anthropicUnion(ClaudeDesktop, Anthropic),
		anthropicUnion(Cursor, Anthropic),
		anthropicUnion(VSCode, Anthropic),
		anthropicUnion(Windsurf, Anthropic),
		anthropicUnion(Cline, Anthropic),
		anthropicUnion(Goose, Anthropic),
		anthropicUnion(Zed, Anthropic),
		anthropicUnion(LibreChat, Anthropic),
		anthropicUnion(OpenCode, Anthropic),
		anthropicUnion(Continue, Anthropic),
	},
	Others:   Unknown,
	NotKnown: "No source says what HOST, or its model's API, does with anyOf, oneOf or allOf at the inputSchema's root.",
	detect: func(s *Subject) []Hit {
		c := rootCombinators(s.Input())
		if c == "" || !s.Input().Get("type").IsString() || s.Input().Get("type").Text() != "object" {
			return nil
		}
		return []Hit{{Tool: s.Tool.Name, Pointer: "/inputSchema", Detail: "inputSchema has a top-level " + c}}
	},
})
