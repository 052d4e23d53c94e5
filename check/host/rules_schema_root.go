package host

// The source of the TypeScript SDK's whole-list parse, which every host
// built on it inherits.
var tsSDKList = Source{Ref: "modelcontextprotocol/typescript-sdk src/types.ts @1.25.1 L1366-1383, L1423-1425", Date: "2025-12"}

var _ = add(&Rule{
	ID:      "schema.input.root-not-object",
	Summary: "The inputSchema's root is not a JSON Schema with \"type\": \"object\".",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: ClaudeCode, Verdict: Hidden, Whole: true,
			Does:    "Drops every tool of the server: /mcp shows it connected with 0 tools, and nothing is logged.",
			Fix:     `Give inputSchema "type": "object" at the root; move a top-level anyOf/oneOf into a property.`,
			Sources: []Source{{Ref: "anthropics/claude-code#88049", Date: "2026-08-19"}}, Seen: "2026-08"},
		{Host: Cline, Verdict: Hidden, Whole: true,
			Does:    "Parses tools/list with the TypeScript SDK's schema, which fails as a whole, so the server lists no tools (the error is only logged).",
			Fix:     `Give inputSchema "type": "object" at the root.`,
			Sources: []Source{tsSDKList, {Ref: "cline/cline apps/vscode/src/services/mcp/McpHub.ts @21cb8d2 L884-909", Date: "2026-08-22"}}, Seen: "2026-08"},
	},
	Others:   Unknown,
	NotKnown: "No source says what HOST does with a tool whose inputSchema root is not an object.",
	detect:   detectInputRootNotObject,
})

// detectInputRootNotObject finds an inputSchema that is absent, not an
// object, or an object schema without "type": "object".
func detectInputRootNotObject(s *Subject) []Hit {
	root := s.Input()
	switch {
	case len(s.Tool.InputSchema) == 0:
		return []Hit{{Tool: s.Tool.Name, Pointer: "/inputSchema", Detail: "the tool has no inputSchema"}}
	case root == nil || !root.IsObject():
		return []Hit{{Tool: s.Tool.Name, Pointer: "/inputSchema", Detail: "inputSchema is not a JSON object"}}
	}
	t := root.Get("type")
	if t != nil && t.IsString() && t.Text() == "object" {
		return nil
	}
	got := "no type"
	if t != nil {
		got = "type " + string(t.Marshal())
	}
	return []Hit{{Tool: s.Tool.Name, Pointer: "/inputSchema", Detail: "inputSchema has " + got + " at its root"}}
}
