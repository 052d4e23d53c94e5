package host

// The evidence the schema rules share, copied from the host catalogue
// (shared research, compiled 2026-12-02): each source is written once so
// that every effect citing it cites it the same way. Dates are those the
// catalogue gives; "2025–26" where it gives a span for a file read at a
// commit whose date it does not know.
var (
	// tsSDKList is the TypeScript SDK's tools/list schema: inputSchema is
	// a required object with "type": "object" and object-valued
	// properties (AssertObjectSchema), and the list is parsed as a whole.
	tsSDKList = Source{Ref: "modelcontextprotocol/typescript-sdk src/types.ts @1.25.1 L1366-1383, L1423-1425", Date: "2025-12"}
	// tsSDKOutput is the same requirement of outputSchema.
	tsSDKOutput = Source{Ref: "modelcontextprotocol/typescript-sdk src/types.ts @1.25.1 L1389-1396, L1423-1425", Date: "2025-12"}

	clineList      = Source{Ref: "cline/cline apps/vscode/src/services/mcp/McpHub.ts @21cb8d2 L884-909", Date: "2026-08-22"}
	geminiSDKPin   = Source{Ref: "google-gemini/gemini-cli packages/core/package.json @5411f11 L34 (@modelcontextprotocol/sdk 1.23.0)", Date: "2026-08-21"}
	geminiDiscover = Source{Ref: "google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts @5411f11 L1294-1412", Date: "2026-08-21"}
	opencodeCreate = Source{Ref: "anomalyco/opencode packages/opencode/src/mcp/index.ts @001133b (create, convertMcpTool)", Date: "2025–26"}

	anthropicRootType   = Source{Ref: "lidge-jun/opencodex#75", Date: "2026-07-09"}
	anthropicRootUnion  = Source{Ref: "anthropics/claude-code#44788", Date: "2026-04-07"}
	anthropicRootUnion2 = Source{Ref: "aliargun/mcp-server-gemini#8", Date: "2025-08-14"}
	openAIRootType      = Source{Ref: "vercel/ai#7005", Date: "2025-07-02"}
	openAIMissingItems  = Source{Ref: "apify/apify-mcp-server#36", Date: "2025-03-10"}

	codexSchema = Source{Ref: "openai/codex codex-rs/tools/src/json_schema.rs @1048c68", Date: "2026"}

	zedSchema   = Source{Ref: "zed-industries/zed crates/language_model/src/tool_schema.rs @0f5d5b7 (adapt_to_json_schema_subset)", Date: "2025–26"}
	zedGemini   = Source{Ref: "zed-industries/zed#28700", Date: "2025-04-14"}
	lcSanitizer = Source{Ref: "danny-avila/LibreChat#13623", Date: "2026-06-09"}
	lcKeywords  = Source{Ref: "danny-avila/LibreChat#13850", Date: "2026-06-19"}

	cursorGemini  = Source{Ref: "wonderwhy-er/DesktopCommanderMCP#79", Date: "2025-04-18"}
	cursorGemini2 = Source{Ref: "AltimateAI/vscode-dbt-power-user#1891", Date: "2026-04-16"}

	geminiCyclic  = Source{Ref: "google-gemini/gemini-cli packages/core/src/core/geminiChat.ts @5411f11 L1260-1285", Date: "2026-08-21"}
	geminiRefs    = Source{Ref: "google-gemini/gemini-cli#13326", Date: "2025-11-18"}
	geminiRefs2   = Source{Ref: "nspady/google-calendar-mcp#134", Date: "2025-11-27"}
	swiftMissing  = Source{Ref: "modelcontextprotocol/swift-sdk#79", Date: "2025-04-17"}
	ccOutputRoot  = Source{Ref: "Wynelson94/longhand#10", Date: "2026-05-22"}
	ccBooleanSub  = Source{Ref: "modelcontextprotocol/inspector#1005", Date: "2026-01-08"}
	cdOutputUnion = Source{Ref: "anthropics/claude-ai-mcp#485", Date: "2026-06-23"}
)
