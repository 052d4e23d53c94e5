package host

import (
	"bytes"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

const fixOutputRoot = `Give outputSchema "type": "object" at the root, with the result's fields under "properties"; wrap a list or a union in a property.`

// Others is Unknown: every host reads outputSchema when it lists tools,
// and only these are sourced.
var ruleOutputRootNotObject = add(&Rule{
	ID:      "schema.output.root-not-object",
	Summary: "The outputSchema's root is not a JSON Schema with \"type\": \"object\".",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: ClaudeCode, Verdict: Hidden,
			Does:    "Fails to load a tool whose outputSchema has type array, or a oneOf without a top-level type.",
			Fix:     fixOutputRoot,
			Sources: []Source{ccOutputRoot}, Seen: "2026-05"},
		{Host: ClaudeDesktop, Verdict: Hidden, Whole: true,
			Does:    "A connector whose tool has outputSchema {\"anyOf\": […]} (seen beside an MCP Apps tool) spins on \"Checking connection…\" and its tools disappear.",
			Fix:     fixOutputRoot,
			Sources: []Source{cdOutputUnion}, Seen: "2026-06", applies: outputRootAnyOf},
		tsSDKWhole(Cline, "Parses tools/list with the TypeScript SDK's schema, which requires outputSchema to have \"type\": \"object\" and fails as a whole, so the server lists no tools.",
			fixOutputRoot, tsSDKOutput, clineList),
		tsSDKWhole(GeminiCLI, "Lists tools through the TypeScript SDK, whose schema requires outputSchema to have \"type\": \"object\", so tools/list fails and so does the server.",
			fixOutputRoot, tsSDKOutput, geminiSDKPin, geminiDiscover),
		tsSDKWhole(OpenCode, "Lists tools through the TypeScript SDK, whose schema requires outputSchema to have \"type\": \"object\"; the listTools error marks the server failed with no tools.",
			fixOutputRoot, tsSDKOutput, opencodeCreate),
	},
	Others:   Unknown,
	NotKnown: "No source says what HOST does with a tool whose outputSchema root is not an object.",
	// The effects cover the cases their sources show (Claude Desktop an
	// anyOf root); another case in such a host is not known either.
	Declined: Unknown,
	detect:   detectOutputRootNotObject,
})

// detectOutputRootNotObject finds an outputSchema, when there is one, that
// is not an object schema with "type": "object".
func detectOutputRootNotObject(s *Subject) []Hit {
	return rootNotObject(s, "outputSchema", s.Tool.OutputSchema, s.Output())
}

// outputRootAnyOf applies an effect to an outputSchema root that is an
// anyOf, the case the source shows.
func outputRootAnyOf(s *Subject, _ Hit) (string, bool) {
	return "", s.Output().Has("anyOf")
}

const fixBoolean = `Write the subschema as an object: {} for "anything", {"not": {}} for "nothing", or better a real schema with a type.`

// Others is Unknown: a boolean schema is valid JSON Schema that every host
// must either take or refuse, and only these are sourced.
var ruleBooleanSubschema = add(limitSDK(&Rule{
	ID:      "schema.boolean-subschema",
	Summary: "A subschema is true or false (other than additionalProperties, additionalItems or unevaluated*).",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: ClaudeCode, Verdict: Hidden, Whole: true,
			Does:    "Fails to fetch the server's tools (\"Invalid input\" at outputSchema.properties.NAME), so every tool of the server is lost.",
			Fix:     fixBoolean,
			Sources: []Source{ccBooleanSub}, Seen: "2026-01", applies: outputRootProperty},
		tsSDKWhole(Cline, "Parses tools/list with the TypeScript SDK's schema, whose top-level properties must be objects, so the whole list fails and the server lists no tools.",
			fixBoolean, tsSDKList, tsSDKOutput, clineList),
		tsSDKWhole(GeminiCLI, "Lists tools through the TypeScript SDK, whose top-level properties must be objects, so tools/list fails and so does the server.",
			fixBoolean, tsSDKList, tsSDKOutput, geminiSDKPin, geminiDiscover),
		tsSDKWhole(OpenCode, "Lists tools through the TypeScript SDK, whose top-level properties must be objects; the listTools error marks the server failed with no tools.",
			fixBoolean, tsSDKList, tsSDKOutput, opencodeCreate),
		{Host: Codex, Verdict: Degraded,
			Does:    "Turns the boolean subschema into {\"type\": \"string\"}, so the model is told to send a string.",
			Fix:     fixBoolean,
			Sources: []Source{codexSchema}, Seen: "2026", applies: inInput},
	},
	Others:   Unknown,
	NotKnown: "No source says what HOST does with a subschema that is true or false.",
	// Claude Code's source shows a boolean among outputSchema's properties;
	// one elsewhere is not known there.
	Declined: Unknown,
	detect:   detectBooleanSubschema,
}))

// limitSDK narrows the TypeScript SDK hosts' effects to a boolean that is
// a property of the root, the only place the SDK's schema looks
// (AssertObjectSchema on properties; the rest is catchall).
func limitSDK(r *Rule) *Rule {
	for i := range r.Effects {
		switch r.Effects[i].Host {
		case Cline, GeminiCLI, OpenCode:
			r.Effects[i].applies = rootProperty
		}
	}
	return r
}

// detectBooleanSubschema finds every true or false subschema of the
// inputSchema and the outputSchema.
func detectBooleanSubschema(s *Subject) []Hit {
	var hits []Hit
	find := func(root *jsondoc.Value, raw []byte, fields bool, which string) {
		// A boolean schema is the literal true or false in the text.
		if !bytes.Contains(raw, []byte("true")) && !bytes.Contains(raw, []byte("false")) {
			return
		}
		walkSchema(root, fields, func(n schemaNode) {
			eachBooleanSubschema(n.v, func(keyword string, b *jsondoc.Value) {
				field := n.childField(keyword, b)
				hits = append(hits, Hit{Tool: s.Tool.Name, Pointer: b.Pointer(), Field: field,
					Detail: which + " has the boolean schema " + brief(b, 5) + " under " + keyword + " at " + b.Pointer()})
			})
		})
	}
	find(s.Input(), s.Tool.InputSchema, true, "inputSchema")
	find(s.Output(), s.Tool.OutputSchema, false, "outputSchema")
	return hits
}

// rootProperty applies an effect to a hit that is a property of its
// schema's root: /inputSchema/properties/NAME or the same in outputSchema.
func rootProperty(_ *Subject, h Hit) (string, bool) {
	for _, root := range []string{"/inputSchema/properties/", "/outputSchema/properties/"} {
		if name, ok := strings.CutPrefix(h.Pointer, root); ok && name != "" && !strings.Contains(name, "/") {
			return "", true
		}
	}
	return "", false
}

// outputRootProperty is rootProperty for the outputSchema only.
func outputRootProperty(s *Subject, h Hit) (string, bool) {
	_, ok := rootProperty(s, h)
	return "", ok && strings.HasPrefix(h.Pointer, "/outputSchema/")
}

// inInput applies an effect to hits in the inputSchema.
func inInput(_ *Subject, h Hit) (string, bool) {
	return "", strings.HasPrefix(h.Pointer, "/inputSchema")
}
