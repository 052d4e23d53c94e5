package host

import (
	"encoding/json"
	"fmt"

	"github.com/toolbench/toolbench/check"
)

// Sources of the TypeScript SDK's check of a call result against the
// tool's outputSchema, and of Gemini CLI's use of it.
var (
	tsSDKCallTool  = Source{Ref: "modelcontextprotocol/typescript-sdk src/client/index.ts @1.25.1 L745-770", Date: "2025-12"}
	geminiLenient  = Source{Ref: "google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts @5411f11 L1135-1160, L1852-1853", Date: "2026-08-21"}
	missingFix     = `Return "structuredContent" matching the outputSchema on every successful call (or set "isError": true on failures).`
	mismatchFix    = "Make structuredContent match the outputSchema, or correct the schema to describe what the tool returns."
	structuredPtr  = "/structuredContent"
	missingWords   = "the tool declares an outputSchema, but the result has no structuredContent and isError is not true"
	mismatchPrefix = "structuredContent does not match the outputSchema"
)

var _ = add(&Rule{
	ID:      "result.outputschema-without-structured",
	Summary: "A tool with an outputSchema answers a successful call without structuredContent, or with structuredContent that fails the schema.",
	Scope:   ToolScope,
	Live:    true,
	Effects: []Effect{
		{Host: ClaudeCode, Verdict: Rejected,
			Does: `Fails the call with MCP error -32600 "Tool X has an output schema but did not return structured content".`,
			Fix:  missingFix, Sources: []Source{{Ref: "tuannvm/codex-mcp-server#161", Date: "2026-04-13"}}, Seen: "2.1.92",
			applies: onStructured(false)},
		{Host: Cursor, Verdict: Rejected,
			Does: `Fails the call with MCP error -32600 "Tool X has an output schema but did not return structured content".`,
			Fix:  missingFix, Sources: []Source{{Ref: "WordPress/mcp-adapter#37", Date: "2025-09-01"}, {Ref: "DitriXNew/EDT-MCP#574", Date: "2026-09-07"}}, Seen: "2025-09",
			applies: onStructured(false)},
		{Host: GeminiCLI, Verdict: Rejected,
			Does: "Calls through the TypeScript SDK, which fails the call with -32600 when structuredContent is missing.",
			Fix:  missingFix, Sources: []Source{tsSDKCallTool, geminiLenient}, Seen: "2026-08",
			applies: onStructured(false)},
		{Host: GeminiCLI, Verdict: Rejected,
			Does: "Calls through the TypeScript SDK, which fails the call with -32602 when structuredContent does not validate (validation is skipped only when the schema cannot be compiled).",
			Fix:  mismatchFix, Sources: []Source{tsSDKCallTool, geminiLenient}, Seen: "2026-08",
			applies: onStructured(true)},
	},
	Others: Unknown,
	// Claude Code's and Cursor's effects cover structuredContent missing
	// only: one that fails the schema is unknown there, not fine.
	Declined:     Unknown,
	NotKnown:     "No source says what HOST does with a result that lacks structuredContent, or whose structuredContent fails the outputSchema, although the tool declares one.",
	detectResult: detectOutputWithoutStructured,
})

// onStructured accepts hits about structuredContent that is present but
// invalid (present true) or missing (present false).
func onStructured(present bool) func(*Subject, Hit) (string, bool) {
	return func(_ *Subject, h Hit) (string, bool) { return "", h.Is(caseMismatch) == present }
}

// caseMismatch is the case of structuredContent sent but failing the
// outputSchema, beside it being missing.
const caseMismatch = "mismatch"

// detectOutputWithoutStructured judges the result with check.Output, the
// project's one outputSchema validator. An isError result need not match.
func detectOutputWithoutStructured(s *Subject, raw json.RawMessage) []Hit {
	r, ok := parseResult(raw)
	if !ok || len(s.Tool.OutputSchema) == 0 || r.IsError {
		return nil
	}
	if r.StructuredContent == nil {
		return []Hit{{Tool: s.Tool.Name, Pointer: structuredPtr, Detail: missingWords}}
	}
	v := check.Output(s.Tool.OutputSchema, r.StructuredContent, false)
	if v.Valid {
		return nil
	}
	first := v.Errors[0]
	where := first.InstancePath
	if where == "" {
		where = "(root)"
	}
	return []Hit{{Tool: s.Tool.Name, Pointer: structuredPtr + first.InstancePath, Cases: []string{caseMismatch},
		Detail: fmt.Sprintf("%s (violations: %d; the first at %s: %s)", mismatchPrefix, len(v.Errors), where, first.Message)}}
}
