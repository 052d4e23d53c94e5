package host

// The evidence for what each host does to a tool on its way to the model,
// copied from the catalogue (shared research, hosts.md §2) with its dates.
// Every Change View makes names one or more of these.
var (
	// srcCCDescCut: Claude Code cuts a tool description past 2,048
	// characters and appends "… [truncated]" (the binary shows
	// W.length>2048?cut(W,2048)+"… [truncated]").
	srcCCDescCut = []Source{
		{Ref: "anthropics/claude-code CHANGELOG.md @5cfc0a1 L3210 (2.1.84: descriptions capped at 2KB)", Date: "2026-08-22"},
		{Ref: "anthropics/claude-code#81268", Date: "2026-07-26"},
		{Ref: "anthropics/claude-code#87650", Date: "2026-08-18"},
	}
	// srcAnthropicShape: the Messages API takes a tool as name,
	// description and input_schema; its errors name the key.
	srcAnthropicShape = []Source{
		{Ref: "anthropics/claude-code#44788 (input_schema does not support oneOf, allOf, or anyOf at the top level)", Date: "2026-04-07"},
		{Ref: "lidge-jun/opencodex#75 (tools.N.custom.input_schema.type: Field required)", Date: "2026-07-09"},
	}
	// srcVSCodeTool: VS Code's _normalizeTool fills a missing description
	// with '<empty>' and adds properties:{} (draft-07 needs it).
	srcVSCodeTool = []Source{
		{Ref: "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts (_normalizeTool) @0052d68", Date: "2026"},
	}
	// srcCodexSchema: Codex's sanitize_json_schema and the JsonSchema
	// struct it deserialises into.
	srcCodexSchema = []Source{
		{Ref: "openai/codex codex-rs/tools/src/json_schema.rs @1048c68 (sanitize_json_schema, struct JsonSchema)", Date: "2026"},
	}
	// srcCodexTool: Codex sends MCP tools as functions with strict:false,
	// parameters with properties:{} when missing, description "" when
	// absent.
	srcCodexTool = []Source{
		{Ref: "openai/codex codex-rs/tools/src/mcp_tool.rs @074b769 (mcp_tool_definition)", Date: "2026"},
	}
	// srcGeminiCLIDecl: Gemini CLI declares MCP tools with
	// parametersJsonSchema, an absent inputSchema as an empty object.
	srcGeminiCLIDecl = []Source{
		{Ref: "google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts @5411f11 L1294-1412, L1423-1432", Date: "2026-08-21"},
	}
	// srcGeminiCLINullable: the two-element type-with-null rewrite.
	srcGeminiCLINullable = []Source{
		{Ref: "google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts @5411f11 L1318-1353", Date: "2026-08-21"},
		{Ref: "google-gemini/gemini-cli commit 9de42892 (#27228)", Date: "2026-05-19"},
	}
	// srcZedGemini: Zed's adapt_to_json_schema_subset for Google models.
	srcZedGemini = []Source{
		{Ref: "zed-industries/zed crates/language_model/src/tool_schema.rs @0f5d5b7 (adapt_to_json_schema_subset)", Date: "2025"},
		{Ref: "zed-industries/zed#28700", Date: "2025-04-14"},
		{Ref: "zed-industries/zed#32373", Date: "2025-06-09"},
	}
	// srcOpenCodeCoerce: opencode's convertMcpTool.
	srcOpenCodeCoerce = []Source{
		{Ref: "anomalyco/opencode packages/opencode/src/mcp/index.ts @001133b (convertMcpTool)", Date: "2026"},
	}
	// srcOpenCodeGemini: opencode's sanitizeGemini.
	srcOpenCodeGemini = []Source{
		{Ref: "anomalyco/opencode packages/opencode/src/provider/transform.ts (sanitizeGemini)", Date: "2026"},
		{Ref: "anomalyco/opencode#4538", Date: "2025-11-20"},
		{Ref: "anomalyco/opencode#12908", Date: "2026-02-10"},
	}
	// srcLibreChatRefs: LibreChat resolves local $refs before its
	// JSON Schema → Zod conversion (any local pointer since #14161).
	srcLibreChatRefs = []Source{
		{Ref: "danny-avila/LibreChat#14161", Date: "2026-07-07"},
	}
	// srcLibreChatGemini: LibreChat's Gemini/Vertex sanitizer.
	srcLibreChatGemini = []Source{
		{Ref: "danny-avila/LibreChat#13623", Date: "2026-06-09"},
		{Ref: "danny-avila/LibreChat#13850", Date: "2026-06-19"},
		{Ref: "danny-avila/LibreChat#14161", Date: "2026-07-07"},
	}
	// srcLibreChatOutput: LibreChat does not show the outputSchema to the
	// model.
	srcLibreChatOutput = []Source{{Ref: "danny-avila/LibreChat#10879", Date: "2025-12-10"}}
	// srcClineDesc: Cline's SDK describes an undescribed tool itself.
	srcClineDesc = []Source{
		{Ref: "cline/cline sdk/packages/core/src/extensions/mcp/tools.ts @21cb8d2", Date: "2026-08-22"},
	}
)

// The catalogue rules the changes belong to. They are written as ids,
// not as the rules' variables, because the view must not depend on which
// rules a build registers; a test keeps every id View writes in this list.
const (
	idDescLen        = "desc.len.2048"
	idDescMissing    = "desc.missing"
	idNameCharset    = "name.charset"
	idNameLen        = "name.len.prefixed-64"
	idRootNotObject  = "schema.input.root-not-object"
	idMissingProps   = "schema.object-missing-properties"
	idMissingItems   = "schema.array-missing-items"
	idBoolSubschema  = "schema.boolean-subschema"
	idUntyped        = "schema.untyped-property"
	idRef            = "schema.$ref"
	idCyclicRef      = "schema.cyclic-ref"
	idTypeArray      = "gemini.type-array"
	idEnumNonString  = "gemini.enum-non-string"
	idAdditionalProp = "gemini.additionalProperties"
	idDollarSchema   = "gemini.$schema"
	idUnsupportedKw  = "gemini.unsupported-keywords"
)

// viewRules lists every rule id a Change may name.
var viewRules = []string{idDescLen, idDescMissing, idNameCharset, idNameLen, idRootNotObject,
	idMissingProps, idMissingItems, idBoolSubschema, idUntyped, idRef, idCyclicRef, idTypeArray,
	idEnumNonString, idAdditionalProp, idDollarSchema, idUnsupportedKw}
